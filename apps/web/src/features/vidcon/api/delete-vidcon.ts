import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useVidconsChanged } from './save-vidcon.ts';

/** DELETE /v2/lms/vidcon/{id}. */
export async function deleteVidcon(id: string): Promise<void> {
  await apiClient.delete(`/v2/lms/vidcon/${id}`);
}

/** Deletes a vidcon and refreshes the meeting. */
export function useDeleteVidcon() {
  const onSuccess = useVidconsChanged();
  return useMutation({ mutationFn: deleteVidcon, onSuccess });
}
