import { canReadArea } from '@lms/contract/permission.rules';
import type { Actor } from '../../platform/actor.ts';
import type { CalendarScope } from './dashboard.repository.ts';

/**
 * Whose meetings the dashboard calendar shows: students their enrolled classes, lecturers the classes
 * they teach, operators with read on kelas_kuliah every class of the college (capped per answer), other
 * operators nothing. An operator acting for a student sees the student's calendar.
 */
export function calendarScope(actor: Actor): CalendarScope {
  if (actor.role === 'mahasiswa') return { kind: 'student', userId: actor.userId };
  if (actor.role === 'dosen') return { kind: 'teacher', userId: actor.userId };
  if (actor.role === 'operator' && !actor.actorUserId && canReadArea(actor.permissions, 'kelas_kuliah')) {
    return { kind: 'all' };
  }
  return { kind: 'none' };
}
