import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeetingForumParticipation } from '@lms/contract/attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';

/** GET /v2/lms/kehadiran_mahasiswa/pertemuan/{idPertemuan}/forum: the meeting's forums and who completed them. */
export async function getMeetingForums(meetingId: string): Promise<MeetingForumParticipation[]> {
  const response = await apiClient.get<{ data: MeetingForumParticipation[] }>(
    `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}/forum`,
  );
  return response.data.data;
}

/** A meeting's forum completion; a post's progress event invalidates it with the rest of attendance. */
export function useMeetingForums(meetingId: string) {
  return useQuery(
    queryOptions({
      queryKey: attendanceKeys.meetingForums(meetingId),
      queryFn: () => getMeetingForums(meetingId),
    }),
  );
}
