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
