import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassDetail } from '@lms/contract/class.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { classKeys } from '../../../lib/query-keys/class-query-keys.ts';

/** GET /v2/lms/kelas_kuliah/{id}: the class with participants, teachers, syllabus and `akses`. */
export async function getClass(id: string): Promise<ClassDetail> {
  const response = await apiClient.get<{ data: ClassDetail }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(id)}`,
  );
  return response.data.data;
}

export function getClassQuery(id: string) {
  return queryOptions({ queryKey: classKeys.detail(id), queryFn: () => getClass(id) });
}

/** One class. */
export function useClass(id: string) {
  return useQuery(getClassQuery(id));
}
