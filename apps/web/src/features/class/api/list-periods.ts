import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { periodRefSchema } from '@lms/contract/academic.schema';
import { apiClient } from '../../../lib/api-client.ts';

export type PeriodRef = z.infer<typeof periodRefSchema>;

/** Reference lists are asked for whole (spec 1 §9). */
export const referencePageSize = 999_999;

/** GET /v1/periode_ref: the academic periods, newest first. */
export async function listPeriods(): Promise<PeriodRef[]> {
  const response = await apiClient.get<{ data: PeriodRef[] }>('/v1/periode_ref', {
    params: { per_page: referencePageSize },
  });
  return response.data.data;
}

export const listPeriodsQuery = queryOptions({
  queryKey: ['reference', 'periode'],
  queryFn: listPeriods,
  staleTime: 30 * 60_000,
});

/** The academic periods (the class list's period selector). */
export function usePeriods() {
  return useQuery(listPeriodsQuery);
}
