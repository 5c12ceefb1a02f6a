import { useQuery } from '@tanstack/react-query';
import type { GradeRecap } from '@lms/contract/grade.schema';
import type { RecapFilterKey } from '@lms/contract/grade.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFromApi } from '../../../lib/download-file.ts';
import { gradeKeys } from '../../../lib/query-keys/grade-query-keys.ts';

const path = (classId: string) => `/v2/lms/nilai/kelas_kuliah/${encodeURIComponent(classId)}`;

/** GET /v2/lms/nilai/kelas_kuliah/{id}: Rekap Nilai Kelas. */
export async function getGradeRecap(classId: string): Promise<GradeRecap> {
  const response = await apiClient.get<{ data: GradeRecap }>(path(classId));
  return response.data.data;
}

/** The class's grade recap. */
export function useGradeRecap(classId: string) {
  return useQuery({ queryKey: gradeKeys.recap(classId), queryFn: () => getGradeRecap(classId) });
}

/** GET …/export_excel with the Tampilkan boxes as flags; answers the file name. */
export function exportGradeRecap(classId: string, shown: Record<RecapFilterKey, boolean>): Promise<string> {
  return downloadFromApi(`${path(classId)}/export_excel`, shown, 'rekap-nilai.xlsx');
}
