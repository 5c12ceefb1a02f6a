import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Forum } from '@lms/contract/forum.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { meetingContentLists } from '../../../lib/meeting-content-lists.ts';

/** GET /v2/lms/pertemuan/{id}/forum: a meeting's forums. */
export async function listMeetingForums(meetingId: string): Promise<Forum[]> {
  const response = await apiClient.get<{ data: Forum[] }>(meetingContentLists.forum({ meetingId }).url);
  return response.data.data;
}

/** A meeting's forums; refreshed every minute, since their status follows the clock. */
export function meetingForumsQuery(meetingId: string) {
  return queryOptions({
    queryKey: meetingContentLists.forum({ meetingId }).queryKey,
    queryFn: () => listMeetingForums(meetingId),
    refetchInterval: 60_000,
  });
}

/** A meeting's forums. */
export function useMeetingForums(meetingId: string) {
  return useQuery(meetingForumsQuery(meetingId));
}
