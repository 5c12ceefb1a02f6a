import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { periodRefSchema } from '@lms/contract/academic.schema';
import { apiClient } from '../api-client.ts';
import { referenceKeys, referencePageSize, referenceStaleTime } from '../query-keys/reference-query-keys.ts';

export type PeriodRef = z.infer<typeof periodRefSchema>;

/** GET /v1/periode_ref: the academic periods, newest first. */
export async function listPeriods(): Promise<PeriodRef[]> {
  const response = await apiClient.get<{ data: PeriodRef[] }>('/v1/periode_ref', {
    params: { page: 1, per_page: referencePageSize },
  });
  return response.data.data;
}

/** Query options of the periods. */
export const listPeriodsQuery = queryOptions({
  queryKey: referenceKeys.periods(),
  queryFn: listPeriods,
  staleTime: referenceStaleTime,
});

/** The academic periods (period selectors and filters). */
export function usePeriods(enabled = true) {
  return useQuery({ ...listPeriodsQuery, enabled });
}
