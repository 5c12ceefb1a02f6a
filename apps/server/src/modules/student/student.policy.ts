import { canReadArea } from '@lms/contract/permission.rules';
import type { Actor } from '../../platform/actor.ts';

/**
 * Who may read a student's record: the student (also an operator acting for them), a lecturer who
 * teaches them, and an operator in their own session with read on `kelas_kuliah` or `data_master`.
 */
export function canReadStudent(actor: Actor, studentId: string, teachesStudent: boolean): boolean {
  if (actor.role === 'mahasiswa') return actor.userId === studentId;
  if (actor.role === 'dosen') return teachesStudent;
  return canReadAnyStudent(actor);
}

/** Operators in their own session with read on `kelas_kuliah` or `data_master` see every student. */
export function canReadAnyStudent(actor: Actor): boolean {
  return (
    actor.role === 'operator' &&
    !actor.actorUserId &&
    (canReadArea(actor.permissions, 'kelas_kuliah') || canReadArea(actor.permissions, 'data_master'))
  );
}

/** Enrolment counts per period are a report: operators in their own session with read on `laporan`. */
export function canReadEnrolmentReport(actor: Actor): boolean {
  return actor.role === 'operator' && !actor.actorUserId && canReadArea(actor.permissions, 'laporan');
}
