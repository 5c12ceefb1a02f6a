import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskType } from '@lms/contract/task.rules';
import type { Task } from '@lms/contract/task.schema';
import type { UploadProgressValue } from '../../../lib/upload-progress-text.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from '../../../lib/query-keys/dashboard-query-keys.ts';
import { meetingKeys } from '../../../lib/query-keys/meeting-query-keys.ts';
import { taskKeys } from '../../../lib/query-keys/task-query-keys.ts';

export interface TaskInput {
  id_pertemuan: string;
  judul: string;
  deskripsi: string;
  jenis: TaskType;
  waktu_mulai: string;
  waktu_selesai: string;
  tipe_file_jawaban: string[];
  terima_terlambat: boolean;
  /** Edit: stored attachments to remove. */
  hapus_lampiran?: string[];
}

/**
 * POST /v2/lms/tugas or PUT /v2/lms/tugas/{id}: multipart, new attachments under `lampiran`, reporting the
 * upload's progress.
 */
export async function saveTask({
  id,
  input,
  files,
  onUploadProgress,
}: {
  id?: string;
  input: TaskInput;
  files: File[];
  onUploadProgress?: (progress: UploadProgressValue) => void;
}): Promise<Task> {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    form.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  for (const file of files) form.append('lampiran', file);
  const config = onUploadProgress && files.length ? { onUploadProgress } : {};
  const response = id
    ? await apiClient.put<{ data: Task }>(`/v2/lms/tugas/${id}`, form, config)
    : await apiClient.post<{ data: Task }>('/v2/lms/tugas', form, config);
  return response.data.data;
}

/** DELETE /v2/lms/tugas/{id}. */
export async function deleteTask(id: string): Promise<void> {
  await apiClient.delete(`/v2/lms/tugas/${id}`);
}

/** Refreshes what shows tasks: the lists, the meeting's counts and the dashboard tile. */
export function useTasksChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [taskKeys.all, meetingKeys.details(), dashboardKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** The task form's save. */
export function useSaveTask() {
  const onSuccess = useTasksChanged();
  return useMutation({ mutationFn: saveTask, onSuccess });
}

/** Deletes a task and refreshes the meeting. */
export function useDeleteTask() {
  const onSuccess = useTasksChanged();
  return useMutation({ mutationFn: deleteTask, onSuccess });
}
