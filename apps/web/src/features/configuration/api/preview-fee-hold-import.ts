import { useMutation } from '@tanstack/react-query';
import type { FeeHoldImportPreview } from '@lms/contract/access-restriction.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /v2/lms/pembatasan/tunggakan/impor/pratinjau (multipart `file`): what either mode would do. */
export async function previewFeeHoldImport(file: File): Promise<FeeHoldImportPreview> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiClient.post<{ data: FeeHoldImportPreview }>(
    '/v2/lms/pembatasan/tunggakan/impor/pratinjau',
    form,
  );
  return response.data.data;
}

/** The preview; it changes nothing, so nothing is refetched. */
export function usePreviewFeeHoldImport() {
  return useMutation({ mutationFn: previewFeeHoldImport });
}
