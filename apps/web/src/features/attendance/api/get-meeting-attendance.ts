import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeetingAttendance } from '@lms/contract/attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';

/** GET /v2/lms/kehadiran_mahasiswa/pertemuan/{idPertemuan}: the meeting's students and their marks. */
export async function getMeetingAttendance(meetingId: string): Promise<MeetingAttendance> {
  const response = await apiClient.get<{ data: MeetingAttendance }>(
    `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}`,
  );
  return response.data.data;
}

/** A meeting's student attendance; live through the class's attendance events. */
export function useMeetingAttendance(meetingId: string) {
  return useQuery(
    queryOptions({
      queryKey: attendanceKeys.meeting(meetingId),
      queryFn: () => getMeetingAttendance(meetingId),
    }),
  );
}
