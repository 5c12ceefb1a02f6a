import { useMutation } from '@tanstack/react-query';
import type { Task } from '@lms/contract/task.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { useTasksChanged } from './save-task.ts';

/** PUT /v2/lms/tugas/{id}/publikasi. */
export async function publishScores({ id, publikasi }: { id: string; publikasi: boolean }): Promise<Task> {
  const response = await apiClient.put<{ data: Task }>(`/v2/lms/tugas/${id}/publikasi`, { publikasi });
  return response.data.data;
}

/** Publishes or withdraws a task's scores. */
export function usePublishScores() {
  const onSuccess = useTasksChanged();
  return useMutation({ mutationFn: publishScores, onSuccess });
}
