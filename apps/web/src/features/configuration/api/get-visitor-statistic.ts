import { queryOptions, useQuery } from '@tanstack/react-query';
import { lastActivePingMs } from '@lms/contract/visitor.rules';
import type { VisitorStatistic } from '@lms/contract/visitor.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/visitor/statistic: online now and today, by role. */
export async function getVisitorStatistic(): Promise<VisitorStatistic> {
  const response = await apiClient.get<{ data: VisitorStatistic }>('/v2/lms/visitor/statistic');
  return response.data.data;
}

/** Query options; refreshed as often as users ping. */
export const visitorStatisticQuery = queryOptions({
  queryKey: ['visitor', 'statistic'],
  queryFn: getVisitorStatistic,
  refetchInterval: lastActivePingMs,
});

/** The visitor statistic (operators with read on laporan). */
export function useVisitorStatistic(enabled: boolean) {
  return useQuery({ ...visitorStatisticQuery, enabled });
}
