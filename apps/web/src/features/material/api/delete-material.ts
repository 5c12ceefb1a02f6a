import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useMaterialsChanged } from './save-material.ts';

/** DELETE /v2/lms/materi/{id}. */
export async function deleteMaterial(id: string): Promise<void> {
  await apiClient.delete(`/v2/lms/materi/${id}`);
}

/** Deletes a material and refreshes the meeting. */
export function useDeleteMaterial() {
  const onSuccess = useMaterialsChanged();
  return useMutation({ mutationFn: deleteMaterial, onSuccess });
}
