import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AttendanceList, AttendanceListQuery } from '@lms/contract/attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFromApi } from '../../../lib/download-file.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';

export type AttendanceListParams = Partial<AttendanceListQuery> & { page: number; per_page: number };

/** GET /v2/lms/kehadiran_mahasiswa: meetings with their attendance figures. */
export async function listAttendance(params: AttendanceListParams): Promise<AttendanceList> {
  const response = await apiClient.get<AttendanceList>('/v2/lms/kehadiran_mahasiswa', {
    params,
  });
  return response.data;
}

/**
 * One page of the attendance list; asked again every 5 s while a recalculation runs, so the button
 * comes back (and the figures change) when it ends: a college-wide job has no class stream to follow.
 */
export function useAttendanceList(params: AttendanceListParams) {
  return useQuery({
    queryKey: attendanceKeys.list(params),
    queryFn: () => listAttendance(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.sedang_update ? 5_000 : false),
  });
}

/** GET /v2/lms/kehadiran_mahasiswa/export_excel: the same filters, every row. */
export function exportAttendanceList(params: AttendanceListParams): Promise<string> {
  const { page: _page, per_page: _perPage, ...filters } = params;
  return downloadFromApi('/v2/lms/kehadiran_mahasiswa/export_excel', filters, 'kehadiran-peserta.xlsx');
}
