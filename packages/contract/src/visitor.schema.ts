import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';

const countsSchema = z.object({ online: z.number().int(), hari_ini: z.number().int() });

/** GET /v2/lms/visitor/statistic: users online now and active today (college time zone), by role. */
export const visitorStatisticSchema = z.object({
  online: z.number().int(),
  hari_ini: z.number().int(),
  per_role: z.object({ mahasiswa: countsSchema, dosen: countsSchema, operator: countsSchema }),
  jendela_online_menit: z.number().int(),
  waktu: z.iso.datetime({ offset: true }),
});
export type VisitorStatistic = z.infer<typeof visitorStatisticSchema>;
export const visitorStatisticResponseSchema = dataOf(visitorStatisticSchema);
