import type { AnswerFiles } from '@lms/contract/exam-files.schema';
import { apiClient } from '../../../lib/api-client.ts';

function filesUrl(attemptId: string, soalId: string): string {
  return `/v2/lms/pengerjaan/${encodeURIComponent(attemptId)}/jawaban/${encodeURIComponent(soalId)}/files`;
}

/** PUT /v2/lms/pengerjaan/{id}/jawaban/{soalId}/files: the answer's files become these (multipart `files`). */
export async function uploadAnswerFiles(
  attemptId: string,
  soalId: string,
  files: File[],
): Promise<AnswerFiles> {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  return (await apiClient.put<{ data: AnswerFiles }>(filesUrl(attemptId, soalId), form)).data.data;
}

/** DELETE /v2/lms/pengerjaan/{id}/jawaban/{soalId}/files: removes the answer's files. */
export async function removeAnswerFiles(attemptId: string, soalId: string): Promise<AnswerFiles> {
  return (await apiClient.delete<{ data: AnswerFiles }>(filesUrl(attemptId, soalId))).data.data;
}
