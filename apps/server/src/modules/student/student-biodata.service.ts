import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { dateInTimeZone, studentBiodataMessages } from '@lms/contract/student-biodata.rules';
import { buildStudentBiodataSchema, type StudentBiodata } from '@lms/contract/student-biodata.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { forbidden, notFound } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { parseInput } from '../../platform/parse-input.ts';
import { findStudentBiodata, saveStudentBiodata } from './student-biodata.repository.ts';
import { findStudentByUserId } from './student.repository.ts';
import { presentStudentBiodata } from './student.presenter.ts';

/** Whether the college lets students edit their biodata (isEditMahasiswa of spec 1). */
export function canStudentsEditBiodata(college: College): boolean {
  return readCollegeSettings(college).pengaturan_mahasiswa.is_edit_mahasiswa;
}

/** GET /v2/lms/biodata: the signed-in student's biodata. */
export async function getOwnBiodata(db: Db, actor: Actor, college: College): Promise<StudentBiodata> {
  const student = await findStudentByUserId(db, actor.collegeId, actor.userId);
  if (!student) throw notFound('Mahasiswa tidak ditemukan.');
  const biodata = await findStudentBiodata(db, actor.collegeId, actor.userId);
  return presentStudentBiodata(student, biodata, canStudentsEditBiodata(college));
}

/**
 * PUT /v2/lms/biodata: checked with spec 1's rules on the college's today (the server's clock, never
 * the client's), where the college allows students to edit.
 */
export async function saveOwnBiodata(
  db: Db,
  actor: Actor,
  college: College,
  body: unknown,
  now: Date,
): Promise<StudentBiodata> {
  if (!canStudentsEditBiodata(college)) throw forbidden(studentBiodataMessages.editNotAllowed);
  const input = parseInput(buildStudentBiodataSchema(dateInTimeZone(now, college.timeZone)), body);
  const { email, telepon, ...rest } = input;
  await saveStudentBiodata(
    db,
    actor.collegeId,
    actor.userId,
    {
      nik: rest.nik,
      tempatLahir: rest.tempat_lahir,
      tanggalLahir: rest.tanggal_lahir,
      alamat: rest.alamat,
      namaAyah: rest.nama_ayah,
      tanggalLahirAyah: rest.tanggal_lahir_ayah,
      namaIbu: rest.nama_ibu,
      tanggalLahirIbu: rest.tanggal_lahir_ibu,
    },
    { email, telepon },
    now,
  );
  return getOwnBiodata(db, actor, college);
}
