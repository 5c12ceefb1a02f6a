import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { meetingContentLists } from '../../../lib/meeting-content-lists.ts';

/** GET /v2/lms/pertemuan/{id}/vidcon: a meeting's vidcons. */
export async function listMeetingVidcons(meetingId: string): Promise<Vidcon[]> {
  const response = await apiClient.get<{ data: Vidcon[] }>(meetingContentLists.vidcon({ meetingId }).url);
  return response.data.data;
}

/** A meeting's vidcons; refreshed every minute, since their status follows the clock. */
export function meetingVidconsQuery(meetingId: string) {
  return queryOptions({
    queryKey: meetingContentLists.vidcon({ meetingId }).queryKey,
    queryFn: () => listMeetingVidcons(meetingId),
    refetchInterval: 60_000,
  });
}

/** A meeting's vidcons. */
export function useMeetingVidcons(meetingId: string) {
  return useQuery(meetingVidconsQuery(meetingId));
}
