import { useMutation } from '@tanstack/react-query';
import type { MyHandIn } from '@lms/contract/task.schema';
import type { UploadProgressValue } from '../../../lib/upload-progress-text.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { useTasksChanged } from './save-task.ts';

/**
 * POST /v2/lms/tugas/{id}/pengumpulan: text and files (under `file`), replacing an earlier hand-in;
 * reports the upload's progress.
 */
export async function handIn({
  id,
  teks,
  files,
  onUploadProgress,
}: {
  id: string;
  teks: string;
  files: File[];
  onUploadProgress?: (progress: UploadProgressValue) => void;
}): Promise<MyHandIn> {
  const form = new FormData();
  form.append('teks', teks);
  for (const file of files) form.append('file', file);
  const response = await apiClient.post<{ data: MyHandIn }>(
    `/v2/lms/tugas/${id}/pengumpulan`,
    form,
    onUploadProgress && files.length ? { onUploadProgress } : {},
  );
  return response.data.data;
}

/** The hand-in form's send. */
export function useHandIn() {
  const onSuccess = useTasksChanged();
  return useMutation({ mutationFn: handIn, onSuccess });
}
