import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { classKeys } from '../../../lib/query-keys/class-query-keys.ts';
import { dashboardKeys } from '../../../lib/query-keys/dashboard-query-keys.ts';
import { meetingKeys } from '../../../lib/query-keys/meeting-query-keys.ts';
import { scheduleKeys } from '../../../lib/query-keys/schedule-query-keys.ts';

/** GET /v2/lms/pertemuan/{id}: the meeting page's data. */
export async function getMeeting(meetingId: string): Promise<MeetingDetail> {
  const response = await apiClient.get<{ data: MeetingDetail }>(`/v2/lms/pertemuan/${meetingId}`);
  return response.data.data;
}

/** Query options of one meeting. */
export function meetingQuery(meetingId: string) {
  return queryOptions({
    queryKey: meetingKeys.detail(meetingId),
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

/**
 * Puts a changed meeting (started, ended, edited) into the cache and refreshes what shows meetings: the
 * class's meeting lists, the class lists (their status follows the meetings), the timetable, the
 * dashboard and room availability. Other meetings' pages are only marked stale, this one keeps the answer.
 */
export function useStoreMeeting(meetingId: string) {
  const queryClient = useQueryClient();
  return (meeting: MeetingDetail) => {
    void queryClient.invalidateQueries({ queryKey: meetingKeys.details(), refetchType: 'none' });
    queryClient.setQueryData(meetingKeys.detail(meetingId), meeting);
    for (const queryKey of [
      meetingKeys.lists(),
      meetingKeys.roomAvailabilities(),
      classKeys.all,
      scheduleKeys.all,
      dashboardKeys.all,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}
