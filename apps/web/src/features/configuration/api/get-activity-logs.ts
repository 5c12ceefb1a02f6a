import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityLogEntry } from '@lms/contract/activity-log.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { apiClient } from '../../../lib/api-client.ts';
import type { QueryValue } from '../../../lib/query-string.ts';
import { activityLogKeys } from '../../../lib/query-keys/activity-log-query-keys.ts';

/** Filters of the operators' activity log as they travel (spec 1 §7 names). */
export type ActivityLogParams = Record<string, QueryValue>;

/** GET /v2/lms/log_aktivitas: one page of everyone's log. */
export async function getActivityLogs(params: ActivityLogParams) {
  const response = await apiClient.get<{ data: ActivityLogEntry[]; meta: PageMeta }>(
    '/v2/lms/log_aktivitas',
    {
      params,
    },
  );
  return response.data;
}

/** Query options of one log page. */
export function activityLogsQuery(params: ActivityLogParams) {
  return queryOptions({
    queryKey: activityLogKeys.college(params),
    queryFn: () => getActivityLogs(params),
    placeholderData: keepPreviousData,
  });
}

/** One page of everyone's log. */
export function useActivityLogs(params: ActivityLogParams, enabled: boolean) {
  return useQuery({ ...activityLogsQuery(params), enabled });
}
