import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/** GET /v2/lms/pertemuan/{id}: the meeting page's data. */
export async function getMeeting(meetingId: string): Promise<MeetingDetail> {
  const response = await apiClient.get<{ data: MeetingDetail }>(`/v2/lms/pertemuan/${meetingId}`);
  return response.data.data;
}

/** Query options of one meeting. */
export function meetingQuery(meetingId: string) {
  return queryOptions({
    queryKey: ['pertemuan', meetingId],
    queryFn: () => getMeeting(meetingId),
    // A refused meeting (exam restriction, no access, unknown) does not get better by asking again.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.statusCode && error.statusCode < 500) && failures < 2,
  });
}

/** One meeting. */
export function useMeeting(meetingId: string) {
  return useQuery(meetingQuery(meetingId));
}
