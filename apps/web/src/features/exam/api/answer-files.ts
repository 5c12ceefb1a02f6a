import type { AnswerFiles } from '@lms/contract/exam-files.schema';
import type { UploadProgressValue } from '../../../lib/upload-progress-text.ts';
import { examRequest } from '../taking/exam-http.ts';

function filesUrl(attemptId: string, soalId: string): string {
  return `/v2/lms/pengerjaan/${encodeURIComponent(attemptId)}/jawaban/${encodeURIComponent(soalId)}/files`;
}

/**
 * PUT /v2/lms/pengerjaan/{id}/jawaban/{soalId}/files: the answer's files become these (multipart
 * `files`); `onUploadProgress` follows the bytes sent.
 */
export function uploadAnswerFiles(
  attemptId: string,
  soalId: string,
  files: File[],
  onUploadProgress?: (progress: UploadProgressValue) => void,
): Promise<AnswerFiles> {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  return examRequest<AnswerFiles>('PUT', filesUrl(attemptId, soalId), form, onUploadProgress);
}

/** DELETE /v2/lms/pengerjaan/{id}/jawaban/{soalId}/files: removes the answer's files. */
export function removeAnswerFiles(attemptId: string, soalId: string): Promise<AnswerFiles> {
  return examRequest<AnswerFiles>('DELETE', filesUrl(attemptId, soalId));
}
