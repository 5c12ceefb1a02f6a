import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';

export interface AttendanceKinds {
  izin: { id: 'I'; nama: string; is_active: boolean };
  sakit: { id: 'S'; nama: string; is_active: boolean };
}

/** GET /v2/lms/kehadiran_mahasiswa/jenis_presensi: whether izin and sakit are offered. */
export async function getAttendanceKinds(): Promise<AttendanceKinds> {
  const response = await apiClient.get<{ data: AttendanceKinds }>(
    '/v2/lms/kehadiran_mahasiswa/jenis_presensi',
  );
  return response.data.data;
}

/** The optional attendance codes; they change only with the college's settings. */
export function useAttendanceKinds(enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.kinds(),
    queryFn: getAttendanceKinds,
    staleTime: 10 * 60_000,
    enabled,
  });
}
