import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';

const studyProgramSchema = z.object({ id: z.string(), nama: z.string(), jenjang: z.string() });

/** Path parameter of the /v1/mahasiswa/{nim} calls. */
export const studentParamsSchema = z.object({ nim: z.string().trim().min(1).max(50) });

/** GET /v1/mahasiswa/{nim}: the student's academic record (spec 1 §3 "Student bio"). */
export const studentRecordSchema = z.object({
  nim: z.string(),
  nama: z.string(),
  /** Aktif, Cuti, DO, Lulus, Non-Aktif. */
  status: z.string(),
  angkatan: z.number().int(),
  /** Year of study in the current period (studentLevel of student.rules). */
  tingkat: z.number().int(),
  prodi: studyProgramSchema,
  id_prodi: z.string(),
  email: z.string().nullable(),
  telepon: z.string().nullable(),
  foto_url: z.string().nullable(),
  /** Biodata is kept by SIAKAD; nobody edits it in the LMS. */
  is_edit_mahasiswa: z.boolean(),
});
export type StudentRecord = z.infer<typeof studentRecordSchema>;
export const studentRecordResponseSchema = dataOf(studentRecordSchema);

/** GET /v1/mahasiswa/{nim}/biodata_singkat_web: name and photo (spec 1 §3 "Short biodata"). */
export const studentShortBioSchema = z.object({
  nama: z.string(),
  /** Null when the student has no photo: the client shows the placeholder image. */
  foto_content_url: z.string().nullable(),
});
export type StudentShortBio = z.infer<typeof studentShortBioSchema>;
export const studentShortBioResponseSchema = dataOf(studentShortBioSchema);

/** A period the student has classes in (tahunSemesterYangAdaCollection of spec 1 §3). */
export const studentSemesterSchema = z.object({
  periode: z.number().int(),
  tahun: z.number().int(),
  semester: z.number().int(),
  label: z.string(),
  /** Semester option value 10*(tahun-1)+semester (spec 1 §3). */
  value: z.number().int(),
  is_current: z.boolean(),
});
export type StudentSemester = z.infer<typeof studentSemesterSchema>;
/** Oldest first, as the old system answered; its client reversed the list. */
export const studentSemesterListResponseSchema = dataOf(z.array(studentSemesterSchema));

/** GET /v1/mahasiswa_aktif_per_periode: active students with at least one class, per period. */
export const activeStudentsPerPeriodSchema = z.object({
  periode: z.number().int(),
  label: z.string(),
  jumlah_mahasiswa: z.number().int(),
});
export type ActiveStudentsPerPeriod = z.infer<typeof activeStudentsPerPeriodSchema>;
export const activeStudentsPerPeriodResponseSchema = dataOf(z.array(activeStudentsPerPeriodSchema));
