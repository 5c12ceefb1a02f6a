import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnLecturerAttendance } from '@lms/contract/lecturer-attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { lecturerAttendanceKeys } from '../../../lib/query-keys/lecturer-attendance-query-keys.ts';

/** GET /v2/lms/kehadiran_dosen/{idPertemuan}/me: the signed-in lecturer's attendance and button state. */
export async function getOwnLecturerAttendance(meetingId: string): Promise<OwnLecturerAttendance> {
  const response = await apiClient.get<{ data: OwnLecturerAttendance }>(
    `/v2/lms/kehadiran_dosen/${meetingId}/me`,
  );
  return response.data.data;
}

/**
 * The own-attendance state; asked again every minute, since the button appears by the server's clock,
 * and at once when the meeting's lecture start changes (`lectureStart`, the meeting's mulai_kuliah).
 */
export function useOwnLecturerAttendance(meetingId: string, lectureStart: string | null, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: lecturerAttendanceKeys.ownSince(meetingId, lectureStart),
      queryFn: () => getOwnLecturerAttendance(meetingId),
      enabled,
      refetchInterval: 60_000,
    }),
  );
}
