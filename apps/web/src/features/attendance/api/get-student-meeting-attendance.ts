import { useQuery } from '@tanstack/react-query';
import type { StudentMeetingAttendance } from '@lms/contract/attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';

/** GET …/kelas_kuliah/{id}/pertemuan/{id}/me, or …/nim/{nim}: Detail data kehadiran. */
export async function getStudentMeetingAttendance(
  classId: string,
  meetingId: string,
  nim: string | null,
): Promise<StudentMeetingAttendance> {
  const base = `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${encodeURIComponent(classId)}/pertemuan/${meetingId}`;
  const response = await apiClient.get<{ data: StudentMeetingAttendance }>(
    nim ? `${base}/nim/${encodeURIComponent(nim)}` : `${base}/me`,
  );
  return response.data.data;
}

/** One student's attendance detail in a meeting (null nim: the signed-in student's own). */
export function useStudentMeetingAttendance(classId: string, meetingId: string | null, nim: string | null) {
  return useQuery({
    queryKey: attendanceKeys.student(classId, meetingId ?? '', nim),
    queryFn: () => getStudentMeetingAttendance(classId, meetingId!, nim),
    enabled: meetingId !== null,
  });
}
