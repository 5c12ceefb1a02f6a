import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeeHold, FeeHoldUpdate } from '@lms/contract/access-restriction.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { feeHoldKeys } from '../../../lib/query-keys/fee-hold-query-keys.ts';

/** GET /v2/lms/pembatasan/tunggakan/{nim}. */
export async function getFeeHold(nim: string): Promise<FeeHold> {
  const response = await apiClient.get<{ data: FeeHold }>(
    `/v2/lms/pembatasan/tunggakan/${encodeURIComponent(nim)}`,
  );
  return response.data.data;
}

/** A student's unpaid-fee flag, once a nim is given. */
export function useFeeHold(nim: string) {
  return useQuery({
    queryKey: feeHoldKeys.detail(nim),
    queryFn: () => getFeeHold(nim),
    enabled: !!nim,
    retry: false,
  });
}

/** PUT /v2/lms/pembatasan/tunggakan/{nim}. */
export async function setFeeHold(nim: string, body: FeeHoldUpdate): Promise<FeeHold> {
  const response = await apiClient.put<{ data: FeeHold }>(
    `/v2/lms/pembatasan/tunggakan/${encodeURIComponent(nim)}`,
    body,
  );
  return response.data.data;
}

/** The mutation that sets or clears the flag; the list and the looked-up student are loaded again. */
export function useSetFeeHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ nim, body }: { nim: string; body: FeeHoldUpdate }) => setFeeHold(nim, body),
    onSuccess: () => client.invalidateQueries({ queryKey: feeHoldKeys.all }),
  });
}
