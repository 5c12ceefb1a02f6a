import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { restrictedExamKinds } from './college-settings.rules.ts';

/** GET /v2/lms/check_pembatasan?ujian=uts|uas adds that exam's attendance requirement. */
export const accessRestrictionQuerySchema = z.object({
  ujian: z
    .union([z.enum(restrictedExamKinds), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
});

/** PUT /v2/lms/pembatasan/tunggakan/{nim}: an operator sets or clears a student's unpaid-fee flag. */
export const feeHoldUpdateSchema = z.object({
  tunggakan: z.boolean(),
  keterangan: z.string().trim().max(200, 'Keterangan maksimal 200 karakter.').default(''),
});
export type FeeHoldUpdate = z.infer<typeof feeHoldUpdateSchema>;
export const feeHoldParamsSchema = z.object({ nim: z.string().trim().min(1).max(50) });

/** A student's unpaid-fee flag. */
export const feeHoldSchema = z.object({
  nim: z.string(),
  nama: z.string(),
  tunggakan: z.boolean(),
  keterangan: z.string(),
  diubah_pada: z.iso.datetime({ offset: true }).nullable(),
});
export type FeeHold = z.infer<typeof feeHoldSchema>;
export const feeHoldResponseSchema = dataOf(feeHoldSchema);
