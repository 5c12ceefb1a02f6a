import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { vidconKeys } from '../../../lib/query-keys/vidcon-query-keys.ts';

/** GET /v2/lms/pertemuan/{id}/vidcon: a meeting's vidcons. */
export async function listMeetingVidcons(meetingId: string): Promise<Vidcon[]> {
  const response = await apiClient.get<{ data: Vidcon[] }>(`/v2/lms/pertemuan/${meetingId}/vidcon`);
  return response.data.data;
}

/** A meeting's vidcons; refreshed every minute, since their status follows the clock. */
export function meetingVidconsQuery(meetingId: string) {
  return queryOptions({
    queryKey: vidconKeys.meetingList(meetingId),
    queryFn: () => listMeetingVidcons(meetingId),
    refetchInterval: 60_000,
  });
}

/** A meeting's vidcons. */
export function useMeetingVidcons(meetingId: string) {
  return useQuery(meetingVidconsQuery(meetingId));
}
