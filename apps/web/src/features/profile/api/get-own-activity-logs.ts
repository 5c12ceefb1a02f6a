import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityLogEntry } from '@lms/contract/activity-log.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { activityLogKeys } from '../../../lib/query-keys/activity-log-query-keys.ts';

/** Filters of Riwayat Aktivitas: a kind ('' for Semua) and a time range (ISO instants). */
export interface OwnActivityFilter {
  jenis: string;
  waktuMulai: string | null;
  waktuSelesai: string | null;
}

/** GET /v2/lms/log_aktivitas/me: one page of the user's own history. */
export async function getOwnActivityLogs(filter: OwnActivityFilter, page: number, perPage: number) {
  const response = await apiClient.get<{ data: ActivityLogEntry[]; meta: PageMeta }>(
    '/v2/lms/log_aktivitas/me',
    {
      params: {
        page,
        per_page: perPage,
        jenis: filter.jenis || null,
        waktu_mulai: filter.waktuMulai ? new Date(filter.waktuMulai) : null,
        waktu_selesai: filter.waktuSelesai ? new Date(filter.waktuSelesai) : null,
      },
    },
  );
  return response.data;
}

/** Query options of one history page. */
export function ownActivityLogsQuery(filter: OwnActivityFilter, page: number, perPage: number) {
  return queryOptions({
    queryKey: activityLogKeys.own({ filter, page, perPage }),
    queryFn: () => getOwnActivityLogs(filter, page, perPage),
    placeholderData: keepPreviousData,
  });
}

/** One page of the user's own history. */
export function useOwnActivityLogs(filter: OwnActivityFilter, page: number, perPage: number) {
  return useQuery(ownActivityLogsQuery(filter, page, perPage));
}
