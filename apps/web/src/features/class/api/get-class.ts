import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassDetail } from '@lms/contract/class.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/kelas_kuliah/{id}: the class with participants, teachers, syllabus and `akses`. */
export async function getClass(id: string): Promise<ClassDetail> {
  const response = await apiClient.get<{ data: ClassDetail }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(id)}`,
  );
  return response.data.data;
}

/** Query key of one class; mutations of the class put their answer here. */
export function classQueryKey(id: string) {
  return ['classes', 'detail', id] as const;
}

export function getClassQuery(id: string) {
  return queryOptions({ queryKey: classQueryKey(id), queryFn: () => getClass(id) });
}

/** One class. */
export function useClass(id: string) {
  return useQuery(getClassQuery(id));
}
