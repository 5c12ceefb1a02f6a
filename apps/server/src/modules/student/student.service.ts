import type {
  ActiveStudentsPerPeriod,
  StudentRecord,
  StudentSemester,
  StudentShortBio,
} from '@lms/contract/student.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { forbidden, notFound } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import type { LoadedResource } from '../../platform/resource-access.ts';
import { findCurrentPeriod } from '../period/period.api.ts';
import { canStudentsEditBiodata } from './student-biodata.service.ts';
import { canReadAnyStudent, canReadEnrolmentReport, canReadStudent } from './student.policy.ts';
import {
  countEnrolledStudentsPerPeriod,
  findStudentByNim,
  findStudentPeriods,
  teachesStudent,
  type StudentRow,
} from './student.repository.ts';
import { presentShortBio, presentStudentRecord, presentStudentSemester } from './student.presenter.ts';

/** The answer for a nim the college does not hold, and for a student the caller may not see. */
export const studentNotFound = () => notFound('Mahasiswa tidak ditemukan.');

/**
 * The student with this nim and whether the caller may see them: students and lecturers get 404 for
 * students they may not see (whether the nim exists is not theirs to learn); operators without the
 * right, 403. The student resource's loader.
 */
export async function loadStudentResource(
  db: Db,
  actor: Actor,
  _college: College,
  nim: string,
): Promise<LoadedResource<StudentRow> | null> {
  if (actor.role === 'operator' && !canReadAnyStudent(actor)) throw forbidden();
  const student = await findStudentByNim(db, actor.collegeId, nim);
  if (!student) return null;
  const teaches =
    actor.role === 'dosen' && (await teachesStudent(db, actor.collegeId, actor.userId, student.userId));
  return { row: student, canRead: canReadStudent(actor, student.userId, teaches), canWrite: false };
}

/** GET /v1/mahasiswa/{nim}. */
export async function getStudentRecord(
  db: Db,
  actor: Actor,
  college: College,
  student: StudentRow,
): Promise<StudentRecord> {
  const current = await findCurrentPeriod(db, actor.collegeId);
  return presentStudentRecord(student, actor.collegeId, current?.kode, canStudentsEditBiodata(college));
}

/** GET /v1/mahasiswa/{nim}/biodata_singkat_web. */
export async function getStudentShortBio(actor: Actor, student: StudentRow): Promise<StudentShortBio> {
  return presentShortBio(student, actor.collegeId);
}

/** GET /v1/mahasiswa/{nim}/tahun_semester: the periods the student has classes in, and the current one. */
export async function listStudentSemesters(
  db: Db,
  actor: Actor,
  student: StudentRow,
): Promise<StudentSemester[]> {
  const rows = await findStudentPeriods(db, actor.collegeId, student.userId);
  return rows.map(presentStudentSemester);
}

/** GET /v1/mahasiswa_aktif_per_periode: students enrolled in at least one class, per period. */
export async function countActiveStudentsPerPeriod(db: Db, actor: Actor): Promise<ActiveStudentsPerPeriod[]> {
  if (!canReadEnrolmentReport(actor)) throw forbidden();
  const rows = await countEnrolledStudentsPerPeriod(db, actor.collegeId);
  return rows.map((r) => ({ periode: r.kode, label: r.label, jumlah_mahasiswa: r.n }));
}
