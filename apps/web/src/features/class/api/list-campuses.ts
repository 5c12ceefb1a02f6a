import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampusRef } from '@lms/contract/academic.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/kampus: the campuses of the college, by name. */
export async function listCampuses(): Promise<CampusRef[]> {
  const response = await apiClient.get<{ data: CampusRef[] }>('/v2/lms/kampus');
  return response.data.data;
}

export const listCampusesQuery = queryOptions({
  queryKey: ['reference', 'kampus'],
  queryFn: listCampuses,
  staleTime: 30 * 60_000,
});

/** The campuses (Kampus of Ubah Data Kelas). */
export function useCampuses(enabled = true) {
  return useQuery({ ...listCampusesQuery, enabled });
}
