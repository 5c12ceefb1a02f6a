import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';

/** POST /v2/lms/ujian/{id}/jeda: why the exam is paused (shown to the students). */
export const pauseInputSchema = z.object({
  alasan: z.string().trim().max(500, 'Alasan maksimal 500 karakter').default(''),
});
export type PauseInput = z.infer<typeof pauseInputSchema>;

/** One pause of an exam: open while `dilanjutkan_pada` is null. */
export const examPauseSchema = z.object({
  id: z.string(),
  dijeda_pada: z.string(),
  dilanjutkan_pada: z.string().nullable(),
  /** Seconds given back at the resume (null while paused). */
  detik_dikembalikan: z.number().int().nullable(),
  alasan: z.string(),
});
export type ExamPause = z.infer<typeof examPauseSchema>;

/**
 * GET /v2/lms/ujian/{id}/jeda: whether the exam is paused now and its pauses. While paused, every open
 * deadline is held `penyangga_detik` ahead; the time a student has left is
 * `batas_waktu − penyangga_detik − dijeda_pada`, frozen until the resume.
 */
export const pauseStatusSchema = z.object({
  dijeda: z.boolean(),
  dijeda_pada: z.string().nullable(),
  penyangga_detik: z.number().int(),
  alasan: z.string(),
  waktu_server: z.string(),
  riwayat: z.array(examPauseSchema),
});
export type PauseStatus = z.infer<typeof pauseStatusSchema>;
export const pauseStatusResponseSchema = dataOf(pauseStatusSchema);

/** POST /v2/lms/ujian/{id}/siapkan_soal: question sets fixed ahead for the participants without one. */
export const preparedSetsSchema = z.object({
  disiapkan: z.number().int(),
  peserta: z.number().int(),
});
export const preparedSetsResponseSchema = dataOf(preparedSetsSchema);
