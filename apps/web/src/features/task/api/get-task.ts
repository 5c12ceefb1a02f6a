import { useQuery } from '@tanstack/react-query';
import type { Task } from '@lms/contract/task.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { taskKeys } from '../../../lib/query-keys/task-query-keys.ts';

/** GET /v2/lms/tugas/{id}. */
export async function getTask(id: string): Promise<Task> {
  const response = await apiClient.get<{ data: Task }>(`/v2/lms/tugas/${id}`);
  return response.data.data;
}

/** One task; its status follows the clock, so it is refreshed every minute. */
export function useTask(id: string) {
  return useQuery({ queryKey: taskKeys.detail(id), queryFn: () => getTask(id), refetchInterval: 60_000 });
}
