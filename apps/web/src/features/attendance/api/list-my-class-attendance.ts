import { useQuery } from '@tanstack/react-query';
import type { MyClassAttendance } from '@lms/contract/attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';

/** GET /v2/lms/kehadiran_mahasiswa/me: the student's classes with their attendance percentage. */
export async function listMyClassAttendance(): Promise<MyClassAttendance[]> {
  const response = await apiClient.get<{ data: MyClassAttendance[] }>('/v2/lms/kehadiran_mahasiswa/me');
  return response.data.data;
}

/** The signed-in student's classes with their attendance. */
export function useMyClassAttendance() {
  return useQuery({ queryKey: attendanceKeys.mine(), queryFn: listMyClassAttendance });
}
