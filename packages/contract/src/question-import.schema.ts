import { z } from 'zod';
import { questionKinds } from './exam.rules.ts';
import { excelTemplateKinds } from './question-import.rules.ts';

/** jenis_soal of the Excel import: the spec's pilihan, benar_salah, esai (the model's `esay` is taken too). */
export const excelTemplateKindSchema = z.preprocess(
  (value) => (value === 'esay' ? 'esai' : value),
  z.enum(excelTemplateKinds, { error: 'Jenis soal belum dipilih' }),
);

/** GET /v2/lms/bank_soal/template_impor/{jenis_soal}. */
export const templateParamsSchema = z.object({ jenis_soal: excelTemplateKindSchema });

const skippedSchema = z.object({
  soal: z.number().int(),
  baris: z.number().int().nullable().optional(),
  jenis: z.string(),
  nama: z.string(),
  alasan: z.string(),
});

const previewedSchema = z.object({
  soal: z.number().int(),
  baris: z.number().int().nullable().optional(),
  jenis: z.enum(questionKinds),
  ringkasan: z.string(),
});

/**
 * What a file would import, before anything is added: each question that will become one of ours, and
 * each that will be skipped with its place and reason (POST …/soal/import/preview).
 */
export const importPreviewSchema = z.object({
  status: z.object({ code: z.literal('ok'), message: z.string() }),
  data: z.object({ soal: z.array(previewedSchema), dilewati: z.array(skippedSchema) }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/**
 * A successful import (spec 3 §7: `status.code` and `status.message`, the message shown under Impor
 * Berhasil), with how many questions were added and which were skipped.
 */
export const importDoneSchema = z.object({
  status: z.object({ code: z.literal('ok'), message: z.string() }),
  data: z.object({ jumlah_diimpor: z.number().int(), dilewati: z.array(skippedSchema) }),
});
export type ImportDone = z.infer<typeof importDoneSchema>;
