import { z } from 'zod';
import { questionFileSchema } from './exam.schema.ts';
import { dataOf } from './api-envelope.schema.ts';

/** PUT …/ujian/{id}/soal/{soalId}/files and its removal: the question's attachments after the change. */
export const examQuestionFilesResponseSchema = dataOf(
  z.object({ soal_files: z.array(questionFileSchema), kunci_files: z.array(questionFileSchema) }),
);

/** POST …/ujian/{id}/soal/{soalId}/files/hapus: urls of the attachments to remove. */
export const examQuestionFilesDeleteSchema = z.object({
  soal_files_delete: z.array(z.string().max(2000)).max(20).default([]),
  kunci_files_delete: z.array(z.string().max(2000)).max(20).default([]),
});
export type ExamQuestionFilesDelete = z.infer<typeof examQuestionFilesDeleteSchema>;

/** PUT/DELETE …/pengerjaan/{id}/jawaban/{soalId}/files: the answer's files after the change. */
export const answerFilesResponseSchema = dataOf(
  z.object({ id_soal: z.string(), jawaban_files: z.array(questionFileSchema) }),
);
export type AnswerFiles = z.infer<typeof answerFilesResponseSchema>['data'];
