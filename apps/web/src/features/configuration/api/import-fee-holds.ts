import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeeHoldImportMode, FeeHoldImportResult } from '@lms/contract/access-restriction.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { feeHoldKeys } from '../../../lib/query-keys/fee-hold-query-keys.ts';

/** POST /v2/lms/pembatasan/tunggakan/impor (multipart `file`, `mode`): applied in one transaction. */
export async function importFeeHolds({
  file,
  mode,
}: {
  file: File;
  mode: FeeHoldImportMode;
}): Promise<FeeHoldImportResult> {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', file);
  const response = await apiClient.post<{ data: FeeHoldImportResult }>(
    '/v2/lms/pembatasan/tunggakan/impor',
    form,
  );
  return response.data.data;
}

/** The import; the list and any looked-up student are loaded again. */
export function useImportFeeHolds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importFeeHolds,
    onSuccess: () => client.invalidateQueries({ queryKey: feeHoldKeys.all }),
  });
}
