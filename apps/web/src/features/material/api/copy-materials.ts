import { useMutation } from '@tanstack/react-query';
import type { Material, MaterialCopy } from '@lms/contract/material.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { useMaterialsChanged } from './save-material.ts';

/** POST /v2/lms/materi/salin. */
export async function copyMaterials(input: MaterialCopy): Promise<Material[]> {
  const response = await apiClient.post<{ data: Material[] }>('/v2/lms/materi/salin', input);
  return response.data.data;
}

/** Copies materials of another class into the meeting. */
export function useCopyMaterials() {
  const onSuccess = useMaterialsChanged();
  return useMutation({ mutationFn: copyMaterials, onSuccess });
}
