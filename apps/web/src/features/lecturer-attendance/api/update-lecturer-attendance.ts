import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LecturerAttendanceInput,
  LecturerAttendanceRow,
} from '@lms/contract/lecturer-attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { lecturerAttendanceKeys } from '../../../lib/query-keys/lecturer-attendance-query-keys.ts';

/** PUT /v2/lms/kehadiran_dosen/{idPertemuan}/dosen/{id_dosen}: one lecturer ("Ubah Kehadiran Pengajar"). */
export async function updateLecturerAttendance(
  meetingId: string,
  dosenId: string,
  input: LecturerAttendanceInput,
): Promise<LecturerAttendanceRow> {
  const response = await apiClient.put<{ data: LecturerAttendanceRow }>(
    `/v2/lms/kehadiran_dosen/${meetingId}/dosen/${dosenId}`,
    input,
  );
  return response.data.data;
}

/** Saves one lecturer; the caller refreshes the meeting once all are saved. */
export function useUpdateLecturerAttendance(meetingId: string) {
  const client = useQueryClient();
  return {
    ...useMutation({
      mutationFn: (v: { dosenId: string; input: LecturerAttendanceInput }) =>
        updateLecturerAttendance(meetingId, v.dosenId, v.input),
    }),
    refresh: () => client.invalidateQueries({ queryKey: lecturerAttendanceKeys.meeting(meetingId) }),
  };
}
