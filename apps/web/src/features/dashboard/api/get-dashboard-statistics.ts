import { queryOptions } from '@tanstack/react-query';
import type { DashboardStatistics } from '@lms/contract/dashboard.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from '../../../lib/query-keys/dashboard-query-keys.ts';

/** GET /v2/lms/statistik_beranda: the counts of the Tugas, Kuis/Ujian, Forum and Vidcon tiles. */
export async function getDashboardStatistics(): Promise<DashboardStatistics> {
  const response = await apiClient.get<{ data: DashboardStatistics }>('/v2/lms/statistik_beranda');
  return response.data.data;
}

export const dashboardStatisticsQuery = queryOptions({
  queryKey: dashboardKeys.statistics(),
  queryFn: getDashboardStatistics,
});
