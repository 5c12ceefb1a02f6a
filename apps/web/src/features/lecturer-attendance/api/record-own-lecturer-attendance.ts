import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  OwnLecturerAttendance,
  OwnLecturerAttendanceInput,
} from '@lms/contract/lecturer-attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { lecturerAttendanceKeys } from '../../../lib/query-keys/lecturer-attendance-query-keys.ts';

/** PUT /v2/lms/kehadiran_dosen/{idPertemuan}/me: the own button (start, then end of the lecture). */
export async function recordOwnLecturerAttendance(
  meetingId: string,
  input: OwnLecturerAttendanceInput,
): Promise<OwnLecturerAttendance> {
  const response = await apiClient.put<{ data: OwnLecturerAttendance }>(
    `/v2/lms/kehadiran_dosen/${meetingId}/me`,
    input,
  );
  return response.data.data;
}

/** Records the press and refreshes the meeting's lecturer attendance. */
export function useRecordOwnLecturerAttendance(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OwnLecturerAttendanceInput) => recordOwnLecturerAttendance(meetingId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: lecturerAttendanceKeys.meeting(meetingId) }),
  });
}
