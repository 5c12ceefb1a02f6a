import type { ClassAccess } from '@lms/contract/class.schema';
import { isOperatorReading, isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { forbidden } from '../../platform/app-error.ts';
import type { ClassScope } from './class.repository.ts';

/** How the actor relates to one class. */
export interface ClassRelation {
  isStudent: boolean;
  isTeacher: boolean;
  isMainTeacher: boolean;
  isCourseCoordinator: boolean;
  isRpsDeveloper: boolean;
}

/** Class lists: students see their classes, lecturers the ones they teach, operators with read all. */
export function classListScope(actor: Actor): ClassScope {
  if (actor.role === 'mahasiswa') return { kind: 'student', userId: actor.userId };
  if (actor.role === 'dosen') return { kind: 'teacher', userId: actor.userId };
  if (isOperatorReading(actor)) return { kind: 'all' };
  throw forbidden();
}

/** A class is visible to its students and teachers and to operators with read on kelas_kuliah. */
export function canReadClass(actor: Actor, relation: ClassRelation): boolean {
  if (actor.role === 'mahasiswa') return relation.isStudent;
  if (actor.role === 'dosen') return relation.isTeacher;
  return isOperatorReading(actor);
}

/** Throws 403 unless the actor may read the class (canReadClass). */
export function assertCanReadClass(actor: Actor, relation: ClassRelation): void {
  if (!canReadClass(actor, relation)) throw forbidden();
}

/**
 * What the actor may change in a class (spec 2 §6). Where the spec is silent: the class's lecturers
 * change the banner, the class head and its meetings; the main teacher also changes teacher roles; only
 * operators with write on kelas_kuliah change the class data fields (capacity, scope, mode, campus).
 */
export function resolveClassAccess(actor: Actor, relation: ClassRelation): ClassAccess {
  const operatorWrites = isOperatorWriting(actor);
  const teaches = actor.role === 'dosen' && relation.isTeacher;
  const lecturer = actor.role === 'dosen';
  return {
    ubah_banner: operatorWrites || teaches,
    ubah_kelas: operatorWrites,
    ubah_ketua_kelas: operatorWrites || teaches,
    ubah_jabatan: operatorWrites || (teaches && relation.isMainTeacher),
    ubah_silabus: isOperatorWriting(actor, 'data_master') || (lecturer && relation.isCourseCoordinator),
    ubah_rps: lecturer && (relation.isCourseCoordinator || relation.isRpsDeveloper),
    ubah_pertemuan: operatorWrites || teaches,
  };
}
