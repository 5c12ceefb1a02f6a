import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { questionKindSchema } from './exam.schema.ts';
import { itemFlags } from './item-analysis.rules.ts';

const count = z.number().int();
/** A 0–1 (or −1…1) figure rounded to 3 decimals; null when it cannot be computed. */
const figure = z.number().nullable();

/** The spread of one option of a choice, true/false or multiple-answers question. */
export const itemOptionSpreadSchema = z.object({
  label: z.string(),
  teks: z.string(),
  kunci: z.boolean(),
  /** Finished attempts that picked it, of them in the upper and the lower 27 %. */
  jumlah: count,
  jumlah_atas: count,
  jumlah_bawah: count,
});

/** A question's figures in one exam (only finished attempts count). */
export const itemFiguresSchema = z.object({
  /** Finished attempts that got the question. */
  jumlah_peserta: count,
  /** Of them with a mark (an essay not marked yet has none). */
  jumlah_dinilai: count,
  /** Mean mark 0–100. */
  rata_rata_nilai: figure,
  /** Facility: mean mark / 100. */
  tingkat_kemudahan: figure,
  /** Share of marked attempts with the full mark. */
  proporsi_benar: figure,
  /** Main discrimination figure: item–rest correlation (−1…1). */
  daya_beda: figure,
  /** Upper minus lower 27 % mean mark / 100 (−1…1). */
  daya_beda_kelompok: figure,
  /** Choices, true/false, multiple answers: per option; other kinds: empty. */
  sebaran: z.array(itemOptionSpreadSchema),
  tanda: z.array(z.enum(itemFlags)),
});
export type ItemFigures = z.infer<typeof itemFiguresSchema>;

/** GET /v2/lms/ujian/{id}/analisis_soal: per question of the exam, in the exam's order. */
export const itemAnalysisResponseSchema = dataOf(
  z.object({
    /** Finished attempts of the exam. */
    jumlah_pengerjaan: count,
    soal: z.array(
      itemFiguresSchema.extend({
        id_soal: z.string(),
        nomor: count,
        jenis: questionKindSchema,
        /** The question as one short plain line. */
        pertanyaan: z.string(),
      }),
    ),
  }),
);
export type ItemAnalysis = z.infer<typeof itemAnalysisResponseSchema>['data'];

/** GET /v2/lms/bank_soal/{id}/soal/{soalId}/analisis: the bank question's figures in every exam that used it. */
export const bankQuestionHistoryResponseSchema = dataOf(
  z.array(
    itemFiguresSchema.extend({
      id_soal: z.string(),
      ujian: z.object({ id: z.string(), judul: z.string(), waktu_mulai: z.string() }),
      kelas: z.object({ id: z.string(), nama: z.string() }),
    }),
  ),
);
export type BankQuestionHistory = z.infer<typeof bankQuestionHistoryResponseSchema>['data'];
