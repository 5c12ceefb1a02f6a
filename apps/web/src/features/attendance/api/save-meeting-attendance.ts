import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkAttendanceInput, MeetingAttendance } from '@lms/contract/attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';

/** PUT /v2/lms/kehadiran_mahasiswa/pertemuan/{idPertemuan}: several students' marks at once. */
export async function saveMeetingAttendance(
  meetingId: string,
  input: BulkAttendanceInput,
): Promise<MeetingAttendance> {
  const response = await apiClient.put<{ data: MeetingAttendance }>(
    `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}`,
    input,
  );
  return response.data.data;
}

/** Saves the edited marks, puts the answer in place and refreshes recaps and lists. */
export function useSaveMeetingAttendance(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkAttendanceInput) => saveMeetingAttendance(meetingId, input),
    onSuccess: async (data) => {
      queryClient.setQueryData(attendanceKeys.meeting(meetingId), data);
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
    },
  });
}
