import { isOperatorWriting, type Actor } from '../../platform/actor.ts';

/** RPS and evaluation plans: operators with write on data_master (the academic data). */
export function canEditCoursePlans(actor: Actor): boolean {
  return isOperatorWriting(actor, 'data_master');
}

/** The syllabus: operators with write on data_master and the course coordinator. */
export function canEditSyllabus(actor: Actor, course: { koordinatorDosenId: string | null }): boolean {
  return canEditCoursePlans(actor) || (actor.role === 'dosen' && course.koordinatorDosenId === actor.userId);
}

/** Ubah Data RPS (in SIAKAD): the course coordinator or RPS developer (spec 2 §6). */
export function canEditRpsInSiakad(
  actor: Actor,
  course: { koordinatorDosenId: string | null; pengembangRpsDosenId: string | null },
): boolean {
  return (
    actor.role === 'dosen' &&
    (course.koordinatorDosenId === actor.userId || course.pengembangRpsDosenId === actor.userId)
  );
}
