import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { AttendanceListQuery, AttendanceListRow } from '@lms/contract/attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFromApi } from '../../../lib/download-file.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';

export type AttendanceListParams = Partial<AttendanceListQuery> & { page: number; per_page: number };

/** GET /v2/lms/kehadiran_mahasiswa: meetings with their attendance figures. */
export async function listAttendance(
  params: AttendanceListParams,
): Promise<{ data: AttendanceListRow[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: AttendanceListRow[]; meta: PageMeta }>(
    '/v2/lms/kehadiran_mahasiswa',
    {
      params,
    },
  );
  return response.data;
}

/** One page of the attendance list. */
export function useAttendanceList(params: AttendanceListParams) {
  return useQuery({
    queryKey: attendanceKeys.list(params),
    queryFn: () => listAttendance(params),
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/lms/kehadiran_mahasiswa/export_excel: the same filters, every row. */
export function exportAttendanceList(params: AttendanceListParams): Promise<string> {
  const { page: _page, per_page: _perPage, ...filters } = params;
  return downloadFromApi('/v2/lms/kehadiran_mahasiswa/export_excel', filters, 'kehadiran-peserta.xlsx');
}
