import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionSave } from '../../../components/question-editor-modal.tsx';
import type { UploadProgressValue } from '../../../lib/upload-progress-text.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { questionBankKeys } from '../../../lib/query-keys/question-bank-query-keys.ts';

export type BankQuestionSave =
  | {
      kind: 'save';
      bankId: string;
      soalId?: string;
      input: QuestionSave;
      onUploadProgress?: (progress: UploadProgressValue) => void;
    }
  | { kind: 'delete'; bankId: string; soalId: string };

/**
 * POST /v2/lms/bank_soal/{id}/soal or PUT …/soal/{soalId} with the question and the attachments to
 * remove, then PUT …/soal/{soalId}/files (multipart files, files_kunci) when files were picked,
 * reporting the upload's progress.
 * DELETE …/soal/{soalId}.
 */
export async function saveBankQuestion(save: BankQuestionSave): Promise<void> {
  const base = `/v2/lms/bank_soal/${encodeURIComponent(save.bankId)}/soal`;
  if (save.kind === 'delete') {
    await apiClient.delete(`${base}/${encodeURIComponent(save.soalId)}`);
    return;
  }
  const { files, files_kunci, ...body } = save.input;
  let soalId = save.soalId;
  if (soalId) await apiClient.put(`${base}/${encodeURIComponent(soalId)}`, body);
  else soalId = (await apiClient.post<{ data: { id: string } }>(base, body)).data.data.id;
  if (!files.length && !files_kunci.length) return;
  const form = new FormData();
  for (const file of files) form.append('files', file);
  for (const file of files_kunci) form.append('files_kunci', file);
  await apiClient.put(
    `${base}/${encodeURIComponent(soalId)}/files`,
    form,
    save.onUploadProgress ? { onUploadProgress: save.onUploadProgress } : {},
  );
}

/** Saves or deletes a bank question and refreshes the banks. */
export function useSaveBankQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBankQuestion,
    onSettled: () => client.invalidateQueries({ queryKey: questionBankKeys.all }),
  });
}
