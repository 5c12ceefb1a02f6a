import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FeeHoldListItem, FeeHoldListQuery } from '@lms/contract/access-restriction.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { feeHoldKeys } from '../../../lib/query-keys/fee-hold-query-keys.ts';

/** GET /v2/lms/pembatasan/tunggakan?search&page&per_page: students on hold, newest first. */
export async function listFeeHolds(params: FeeHoldListQuery) {
  const response = await apiClient.get<{ data: FeeHoldListItem[]; meta: PageMeta }>(
    '/v2/lms/pembatasan/tunggakan',
    { params },
  );
  return response.data;
}

/** One page of the students on hold; the previous page stays shown while the next loads. */
export function useFeeHolds(params: FeeHoldListQuery) {
  return useQuery({
    queryKey: feeHoldKeys.list(params),
    queryFn: () => listFeeHolds(params),
    placeholderData: keepPreviousData,
  });
}
