import { canReadArea } from '@lms/contract/permission.rules';
import type { Actor } from '../../platform/actor.ts';
import type { DashboardScope } from './dashboard.repository.ts';

/**
 * Whose classes the dashboard's calendar and tiles count: students their enrolled classes, lecturers the
 * classes they teach, operators with read on kelas_kuliah (the area meetings, exams, tasks, forums and
 * vidcons belong to) every class of the college, other operators none. An operator acting for a student
 * sees the student's dashboard.
 */
export function dashboardScope(actor: Actor): DashboardScope {
  if (actor.role === 'mahasiswa') return { kind: 'student', userId: actor.userId };
  if (actor.role === 'dosen') return { kind: 'teacher', userId: actor.userId };
  if (actor.role === 'operator' && !actor.actorUserId && canReadArea(actor.permissions, 'kelas_kuliah')) {
    return { kind: 'all' };
  }
  return { kind: 'none' };
}
