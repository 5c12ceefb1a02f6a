import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampusRef } from '@lms/contract/academic.schema';
import { apiClient } from '../api-client.ts';
import { referenceKeys, referenceStaleTime } from '../query-keys/reference-query-keys.ts';

/** GET /v2/lms/kampus: the campuses of the college, by name. */
export async function listCampuses(): Promise<CampusRef[]> {
  const response = await apiClient.get<{ data: CampusRef[] }>('/v2/lms/kampus');
  return response.data.data;
}

/** Query options of the campuses. */
export const listCampusesQuery = queryOptions({
  queryKey: referenceKeys.campuses(),
  queryFn: listCampuses,
  staleTime: referenceStaleTime,
});

/** The campuses (Kampus of Ubah Data Kelas). */
export function useCampuses(enabled = true) {
  return useQuery({ ...listCampusesQuery, enabled });
}
