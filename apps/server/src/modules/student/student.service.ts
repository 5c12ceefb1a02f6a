import type {
  ActiveStudentsPerPeriod,
  StudentRecord,
  StudentSemester,
  StudentShortBio,
} from '@lms/contract/student.schema';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../platform/access-token.ts';
import { forbidden, notFound } from '../../platform/app-error.ts';
import { loadActor } from '../class/class.service.ts';
import { findCurrentPeriod } from '../period/period.repository.ts';
import { canReadAnyStudent, canReadEnrolmentReport, canReadStudent } from './student.policy.ts';
import {
  countEnrolledStudentsPerPeriod,
  findStudentByNim,
  findStudentPeriods,
  teachesStudent,
  type StudentRow,
} from './student.repository.ts';
import { presentShortBio, presentStudentRecord, presentStudentSemester } from './student.presenter.ts';

/**
 * The student with this nim if the caller may see them. Students and lecturers get 404 for students
 * they may not see (whether the nim exists is not theirs to learn); operators without the right, 403.
 */
async function loadVisibleStudent(db: Db, auth: AuthContext, nim: string): Promise<StudentRow> {
  const actor = await loadActor(db, auth);
  if (actor.role === 'operator' && !canReadAnyStudent(actor)) throw forbidden();
  const student = await findStudentByNim(db, auth.collegeId, nim);
  const teaches =
    student !== undefined &&
    actor.role === 'dosen' &&
    (await teachesStudent(db, auth.collegeId, actor.userId, student.userId));
  if (student && canReadStudent(actor, student.userId, teaches)) return student;
  throw notFound('Mahasiswa tidak ditemukan.');
}

/** GET /v1/mahasiswa/{nim}. */
export async function getStudentRecord(db: Db, auth: AuthContext, nim: string): Promise<StudentRecord> {
  const student = await loadVisibleStudent(db, auth, nim);
  const current = await findCurrentPeriod(db, auth.collegeId);
  return presentStudentRecord(student, auth.collegeId, current?.kode);
}

/** GET /v1/mahasiswa/{nim}/biodata_singkat_web. */
export async function getStudentShortBio(db: Db, auth: AuthContext, nim: string): Promise<StudentShortBio> {
  return presentShortBio(await loadVisibleStudent(db, auth, nim), auth.collegeId);
}

/** GET /v1/mahasiswa/{nim}/tahun_semester: the periods the student has classes in, and the current one. */
export async function listStudentSemesters(
  db: Db,
  auth: AuthContext,
  nim: string,
): Promise<StudentSemester[]> {
  const student = await loadVisibleStudent(db, auth, nim);
  const rows = await findStudentPeriods(db, auth.collegeId, student.userId);
  return rows.map(presentStudentSemester);
}

/** GET /v1/mahasiswa_aktif_per_periode: students enrolled in at least one class, per period. */
export async function countActiveStudentsPerPeriod(
  db: Db,
  auth: AuthContext,
): Promise<ActiveStudentsPerPeriod[]> {
  if (!canReadEnrolmentReport(await loadActor(db, auth))) throw forbidden();
  const rows = await countEnrolledStudentsPerPeriod(db, auth.collegeId);
  return rows.map((r) => ({ periode: r.kode, label: r.label, jumlah_mahasiswa: r.n }));
}
