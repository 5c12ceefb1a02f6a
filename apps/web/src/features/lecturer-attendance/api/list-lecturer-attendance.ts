import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LecturerAttendanceList } from '@lms/contract/lecturer-attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { lecturerAttendanceKeys } from '../../../lib/query-keys/lecturer-attendance-query-keys.ts';

/** GET /v2/lms/kehadiran_dosen/{idPertemuan}: the meeting's lecturers with tags, requirements and rights. */
export async function listLecturerAttendance(meetingId: string): Promise<LecturerAttendanceList> {
  const response = await apiClient.get<LecturerAttendanceList>(`/v2/lms/kehadiran_dosen/${meetingId}`);
  return response.data;
}

/** The meeting's lecturer attendance. */
export function useLecturerAttendance(meetingId: string) {
  return useQuery(
    queryOptions({
      queryKey: lecturerAttendanceKeys.list(meetingId),
      queryFn: () => listLecturerAttendance(meetingId),
    }),
  );
}
