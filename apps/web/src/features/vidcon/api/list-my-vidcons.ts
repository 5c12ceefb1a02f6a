import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import type { VidconStatus } from '@lms/contract/vidcon.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { vidconKeys } from '../../../lib/query-keys/vidcon-query-keys.ts';

export interface VidconPageParams {
  page: number;
  per_page: number;
  status?: VidconStatus;
}

/** GET /v2/lms/vidcon: the vidcons of the user's classes, newest first. */
export async function listMyVidcons(params: VidconPageParams): Promise<{ data: Vidcon[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: Vidcon[]; meta: PageMeta }>('/v2/lms/vidcon', { params });
  return response.data;
}

/** One page of the user's vidcons (/vidcon). */
export function useMyVidcons(params: VidconPageParams) {
  return useQuery({
    queryKey: vidconKeys.page(params),
    queryFn: () => listMyVidcons(params),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
