import type { GradeIntegrator } from '@lms/contract/grade.rules';
import { isOperatorReading, isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { forbidden } from '../../platform/app-error.ts';
import type { ClassRelation } from '../class/class.api.ts';

/** The recap is for the class's lecturers and operators with read on kelas_kuliah (spec 3 §2). */
export function assertCanSeeRecap(actor: Actor, relation: ClassRelation): void {
  if ((actor.role === 'dosen' && relation.isTeacher) || isOperatorReading(actor)) return;
  throw forbidden();
}

/** canWrite (spec 3 §5): the class's lecturers, operators with write on kelas_kuliah. */
export function canWriteGrades(actor: Actor, relation: ClassRelation): boolean {
  return (actor.role === 'dosen' && relation.isTeacher) || isOperatorWriting(actor);
}

/** The caller's page type is the college's designated integrator (pelaku_integrasi_nilai). */
export function isGradeIntegrator(actor: Actor, pelaku: GradeIntegrator): boolean {
  return actor.role === pelaku;
}

/** The component modal: canWrite and the designated integrator (spec 3 §5). */
export function canSetComponents(actor: Actor, relation: ClassRelation, pelaku: GradeIntegrator): boolean {
  return canWriteGrades(actor, relation) && isGradeIntegrator(actor, pelaku);
}

/** The sender's role for the window rule: lecturers by the window, operators whenever unlocked. */
export function senderRole(actor: Actor): 'dosen' | 'operator' {
  return actor.role === 'operator' ? 'operator' : 'dosen';
}
