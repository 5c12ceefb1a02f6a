import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { bapMessages, defaultSignatoryTitle } from './bap.rules.ts';
import { classListQuerySchema, prodiRefSchema } from './class.schema.ts';

const flag = (fallback: boolean) => z.union([z.boolean(), z.stringbool()]).optional().default(fallback);

/** The parts a BAP holds and whose report it is (spec 2 "Attendance reports"). */
const bapOptionsShape = {
  /** The class report: every meeting held with lecturer attendance and the present count. */
  include_laporan_kelas: flag(true),
  /** Per meeting, every student with their mark and how it was given. */
  include_laporan_pertemuan_detail: flag(false),
  /** The signature block: the program's signatory and the lecturers. */
  include_tanda_tangan: flag(true),
  /** Lecturers: only the meetings they attended and an operator validated. */
  laporan_saya: flag(false),
};

const atLeastOnePart = (q: { include_laporan_kelas: boolean; include_laporan_pertemuan_detail: boolean }) =>
  q.include_laporan_kelas || q.include_laporan_pertemuan_detail;

/** GET /v2/lms/kelas_kuliah/{id}/bap/unduh: the parts, and either id_pengajar or laporan_saya. */
export const classBapQuerySchema = z
  .object({
    ...bapOptionsShape,
    /** Operators: the report of one teacher of the class (the meetings they attended). */
    id_pengajar: z.uuid({ error: bapMessages.teacherNotInClass }).optional(),
  })
  .refine(atLeastOnePart, { error: bapMessages.noReportPart, path: ['include_laporan_kelas'] });
export type ClassBapQuery = z.infer<typeof classBapQuerySchema>;

/** GET /v2/lms/kelas_kuliah/bap/unduh: the class list's filters (a period is required) and the parts. */
export const periodBapQuerySchema = classListQuerySchema
  .omit({ page: true, per_page: true })
  .extend({
    periode: z.coerce
      .number({ error: bapMessages.periodRequired })
      .int({ error: bapMessages.periodRequired })
      .min(10000, { error: bapMessages.periodRequired })
      .max(99999, { error: bapMessages.periodRequired }),
    ...bapOptionsShape,
  })
  .refine(atLeastOnePart, { error: bapMessages.noReportPart, path: ['include_laporan_kelas'] });
export type PeriodBapQuery = z.infer<typeof periodBapQuerySchema>;

/** A study program id in the path. */
export const programIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** GET /v1/penandatangan_prodi/{id}: who signs a program's reports (null until an operator sets one). */
export const programSignatorySchema = z.object({
  id_prodi: z.string(),
  prodi: prodiRefSchema,
  jabatan: z.string(),
  nama: z.string(),
  nidn: z.string().nullable(),
  nip: z.string().nullable(),
  updated_at: z.string(),
});
export type ProgramSignatory = z.infer<typeof programSignatorySchema>;
export const programSignatoryResponseSchema = dataOf(programSignatorySchema.nullable());

const optionalNumber = z
  .string()
  .trim()
  .max(30)
  .regex(/^[0-9 .-]*$/, { error: 'NIDN/NIP hanya berisi angka' })
  .nullish()
  .transform((v) => v || null);

/** PUT /v1/penandatangan_prodi/{id} (operators with write on Data Master). */
export const programSignatoryUpdateSchema = z.object({
  jabatan: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || defaultSignatoryTitle),
  nama: z
    .string({ error: bapMessages.signatoryNameRequired })
    .trim()
    .min(1, { error: bapMessages.signatoryNameRequired })
    .max(150),
  nidn: optionalNumber,
  nip: optionalNumber,
});
export type ProgramSignatoryUpdate = z.infer<typeof programSignatoryUpdateSchema>;
