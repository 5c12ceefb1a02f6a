import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentSemester } from '@lms/contract/period.schema';
import { apiClient } from '../api-client.ts';

/** GET /v1/semester_akademik_berjalan: the college's current period, or null. */
export async function getCurrentSemester(): Promise<CurrentSemester | null> {
  const response = await apiClient.get<{ data: CurrentSemester | null }>('/v1/semester_akademik_berjalan');
  return response.data.data;
}

/** Query options; cached (spec 1 §7), the period changes a few times a year. */
export const currentSemesterQuery = queryOptions({
  queryKey: ['current-semester'],
  queryFn: getCurrentSemester,
  staleTime: 30 * 60_000,
});

/** The current period (undefined while loading, null when the college has none). */
export function useCurrentSemester() {
  return useQuery(currentSemesterQuery);
}
