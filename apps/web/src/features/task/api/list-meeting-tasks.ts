import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '@lms/contract/task.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { taskKeys } from '../../../lib/query-keys/task-query-keys.ts';

/** GET /v2/lms/pertemuan/{id}/tugas: a meeting's tasks. */
export async function listMeetingTasks(meetingId: string): Promise<Task[]> {
  const response = await apiClient.get<{ data: Task[] }>(`/v2/lms/pertemuan/${meetingId}/tugas`);
  return response.data.data;
}

/** A meeting's tasks; refreshed every minute, since their status follows the clock. */
export function meetingTasksQuery(meetingId: string) {
  return queryOptions({
    queryKey: taskKeys.meetingList(meetingId),
    queryFn: () => listMeetingTasks(meetingId),
    refetchInterval: 60_000,
  });
}

/** A meeting's tasks. */
export function useMeetingTasks(meetingId: string) {
  return useQuery(meetingTasksQuery(meetingId));
}
