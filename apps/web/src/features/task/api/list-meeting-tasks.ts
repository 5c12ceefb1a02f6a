import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '@lms/contract/task.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { meetingContentLists } from '../../../lib/meeting-content-lists.ts';

/** GET /v2/lms/pertemuan/{id}/tugas: a meeting's tasks. */
export async function listMeetingTasks(meetingId: string): Promise<Task[]> {
  const response = await apiClient.get<{ data: Task[] }>(meetingContentLists.tugas({ meetingId }).url);
  return response.data.data;
}

/** A meeting's tasks; refreshed every minute, since their status follows the clock. */
export function meetingTasksQuery(meetingId: string) {
  return queryOptions({
    queryKey: meetingContentLists.tugas({ meetingId }).queryKey,
    queryFn: () => listMeetingTasks(meetingId),
    refetchInterval: 60_000,
  });
}

/** A meeting's tasks. */
export function useMeetingTasks(meetingId: string) {
  return useQuery(meetingTasksQuery(meetingId));
}
