import type { QuestionSave } from '../../../components/question-editor-modal.tsx';
import type { UploadProgressValue } from '../../../lib/upload-progress-text.ts';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * The attachments part of a question save: POST …/ujian/{id}/soal/{soalId}/files/hapus for the removed
 * ones, then PUT …/files (multipart files, files_kunci) for the picked ones, reporting the upload's
 * progress; nothing when neither.
 */
export async function saveExamQuestionFiles(
  examId: string,
  soalId: string,
  input: Pick<QuestionSave, 'files' | 'files_kunci' | 'soal_files_delete' | 'kunci_files_delete'>,
  onUploadProgress?: (progress: UploadProgressValue) => void,
): Promise<void> {
  const base = `/v2/lms/ujian/${encodeURIComponent(examId)}/soal/${encodeURIComponent(soalId)}/files`;
  if (input.soal_files_delete.length || input.kunci_files_delete.length)
    await apiClient.post(`${base}/hapus`, {
      soal_files_delete: input.soal_files_delete,
      kunci_files_delete: input.kunci_files_delete,
    });
  if (!input.files.length && !input.files_kunci.length) return;
  const form = new FormData();
  for (const file of input.files) form.append('files', file);
  for (const file of input.files_kunci) form.append('files_kunci', file);
  await apiClient.put(base, form, onUploadProgress ? { onUploadProgress } : {});
}
