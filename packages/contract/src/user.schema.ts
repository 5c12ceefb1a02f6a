import { z } from 'zod';
import { pageOf, pageQuerySchema } from './api-envelope.schema.ts';

/** GET /v2/lms/akun_lain/mahasiswa: students an operator may act for ("Login Akun Lain"). */
export const actingStudentQuerySchema = pageQuerySchema.extend({
  /** Part of the nim, username or name; case-insensitive. */
  search: z.string().trim().max(100).optional(),
});
export type ActingStudentQuery = z.infer<typeof actingStudentQuerySchema>;

export const actingStudentSchema = z.object({
  /** What POST /v2/authorize/akun_lain takes as `username`. */
  username: z.string(),
  nim: z.string(),
  nama: z.string(),
  prodi: z.object({ nama: z.string(), jenjang: z.string() }).nullable(),
  /** Aktif, Cuti, DO, Lulus, Non-Aktif. */
  status: z.string(),
  /** False when the account cannot sign in (and so cannot be acted for). */
  is_active: z.boolean(),
});
export type ActingStudent = z.infer<typeof actingStudentSchema>;
export const actingStudentListResponseSchema = pageOf(actingStudentSchema);

/** Free text of the directory searches: part of the name, or a whole nim/nidn/id. */
const directorySearch = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

/** GET /v2/lms/dosen: the college's lecturers (filter options of the timetable and the activity log). */
export const lecturerDirectoryQuerySchema = pageQuerySchema.extend({
  /** Part of the name (trigram index), the whole nidn, or the whole id. */
  search: directorySearch,
});
export type LecturerDirectoryQuery = z.infer<typeof lecturerDirectoryQuerySchema>;

/** GET /v1/dosen_ref: the same list as a reference list, asked for whole (spec 1 §9: page size 999999). */
export const lecturerReferenceQuerySchema = lecturerDirectoryQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(999_999).default(999_999),
});

const programSchema = z.object({ id: z.string(), nama: z.string(), jenjang: z.string() });

export const lecturerDirectoryItemSchema = z.object({
  /** The lecturer's user id: what `id_dosen` filters take. */
  id: z.uuid(),
  nidn: z.string(),
  /** Name with academic titles. */
  nama: z.string(),
  prodi: programSchema.nullable(),
});
export type LecturerDirectoryItem = z.infer<typeof lecturerDirectoryItemSchema>;
export const lecturerDirectoryResponseSchema = pageOf(lecturerDirectoryItemSchema);

/** GET /v2/lms/mahasiswa: the college's students (filter options of the activity log). */
export const studentDirectoryQuerySchema = pageQuerySchema.extend({
  /** Part of the name (trigram index), the whole nim, or the whole id. */
  search: directorySearch,
});
export type StudentDirectoryQuery = z.infer<typeof studentDirectoryQuerySchema>;

export const studentDirectoryItemSchema = z.object({
  id: z.uuid(),
  nim: z.string(),
  nama: z.string(),
  prodi: programSchema.nullable(),
  angkatan: z.number().int(),
  /** Aktif, Cuti, DO, Lulus, Non-Aktif. */
  status: z.string(),
});
export type StudentDirectoryItem = z.infer<typeof studentDirectoryItemSchema>;
export const studentDirectoryResponseSchema = pageOf(studentDirectoryItemSchema);
