import { z } from 'zod';
import { pageOf, pageQuerySchema, dataOf } from './api-envelope.schema.ts';
import { accessLevelSchema, operatorAreaSchema, operatorPermissionsSchema } from './permission.schema.ts';

/** GET /v2/lms/hak-akses-operator: the college's operators, by name or username. */
export const operatorRightsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100, 'Kata kunci pencarian terlalu panjang.').optional(),
});
export type OperatorRightsQuery = z.infer<typeof operatorRightsQuerySchema>;

/** One operator with their rights: every area named, a missing level answered as no_access. */
export const operatorRightsSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  nama: z.string(),
  is_active: z.boolean(),
  hak_akses: z.record(operatorAreaSchema, accessLevelSchema),
  /** 'A:T' and 'A:B' are privileged (spec 1 §6). */
  lingkup: z.string().nullable(),
});
export type OperatorRights = z.infer<typeof operatorRightsSchema>;

export const operatorRightsListResponseSchema = pageOf(operatorRightsSchema);
export const operatorRightsResponseSchema = dataOf(operatorRightsSchema);

export const operatorRightsParamsSchema = z.object({
  id: z.uuid({ message: 'Operator tidak dikenal.' }),
});

/**
 * PUT /v2/lms/hak-akses-operator/:id: the areas named change, the others keep their level; an absent
 * `lingkup` keeps the scope, `null` clears it. The rules (never raising one's own rights, never above
 * one's own level) are `refuseOperatorRightsChange` of operator-rights.rules.ts.
 */
export const operatorRightsUpdateSchema = z.object({
  /** `bantuan` never has `write`. */
  hak_akses: operatorPermissionsSchema,
  is_active: z.boolean(),
  lingkup: z
    .string()
    .trim()
    .max(20, 'Lingkup paling banyak 20 karakter.')
    .regex(/^[A-Za-z0-9:_-]*$/, 'Lingkup hanya boleh memuat huruf, angka, titik dua, garis bawah dan strip.')
    .nullable()
    .transform((v) => v || null)
    .optional(),
});
export type OperatorRightsUpdate = z.infer<typeof operatorRightsUpdateSchema>;
