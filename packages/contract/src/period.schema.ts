import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';

/**
 * GET /v1/semester_akademik_berjalan: the college's current period (semesterAkademikBerjalan of spec 1
 * §3: tahun and semester), with its code and label. `data` is null when the college has none.
 */
export const currentSemesterSchema = z.object({
  /** Start year of the academic year: 2026 for 2026/2027. */
  tahun: z.number().int(),
  /** The term digit: 1 Ganjil, 2 Genap, 3 SP Ganjil, 4 SP Genap. */
  semester: z.number().int(),
  /** The period code, tahun * 10 + semester. */
  periode: z.number().int(),
  /** `2026/2027 Ganjil`. */
  label: z.string(),
  /** YYYY-MM-DD. */
  tanggal_mulai: z.string(),
  tanggal_selesai: z.string(),
});
export type CurrentSemester = z.infer<typeof currentSemesterSchema>;
export const currentSemesterResponseSchema = dataOf(currentSemesterSchema.nullable());
