import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityKindOption } from '@lms/contract/activity-log.schema';
import { apiClient } from '../api-client.ts';
import { activityLogKeys } from '../query-keys/activity-log-query-keys.ts';

/** GET /v2/lms/log_aktivitas/jenis_aktivitas: the kinds with their labels. */
export async function getActivityKinds(): Promise<ActivityKindOption[]> {
  const response = await apiClient.get<{ data: ActivityKindOption[] }>(
    '/v2/lms/log_aktivitas/jenis_aktivitas',
  );
  return response.data.data;
}

/** Query options of the kinds; they change only with a release. */
export const activityKindsQuery = queryOptions({
  queryKey: activityLogKeys.kinds(),
  queryFn: getActivityKinds,
  staleTime: Infinity,
});

/** The activity kinds. */
export function useActivityKinds() {
  return useQuery(activityKindsQuery);
}
