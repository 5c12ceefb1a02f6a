import { useQuery } from '@tanstack/react-query';
import type { ClassAttendanceRecap } from '@lms/contract/attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFromApi } from '../../../lib/download-file.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';

/** GET /v2/lms/kehadiran_mahasiswa/kelas_kuliah/{id}: students × meetings (a student: their own row). */
export async function getClassAttendanceRecap(classId: string): Promise<ClassAttendanceRecap> {
  const response = await apiClient.get<{ data: ClassAttendanceRecap }>(
    `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${encodeURIComponent(classId)}`,
  );
  return response.data.data;
}

/** The class's attendance recap. */
export function useClassAttendanceRecap(classId: string) {
  return useQuery({
    queryKey: attendanceKeys.recap(classId),
    queryFn: () => getClassAttendanceRecap(classId),
  });
}

/** GET …/kelas_kuliah/{id}/export_excel: downloads the recap; answers the file name. */
export function exportClassAttendanceRecap(classId: string): Promise<string> {
  return downloadFromApi(
    `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${encodeURIComponent(classId)}/export_excel`,
    {},
    'rekap-kehadiran.xlsx',
  );
}
