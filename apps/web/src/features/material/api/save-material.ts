import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Material } from '@lms/contract/material.schema';
import type { UploadProgressValue } from '../../../lib/upload-progress-text.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { materialKeys } from '../../../lib/query-keys/material-query-keys.ts';
import { meetingKeys } from '../../../lib/query-keys/meeting-query-keys.ts';

/** The material form's fields as the API takes them (multipart text). */
export type MaterialFormFields = Record<string, string>;

/**
 * POST /v2/lms/materi or PUT /v2/lms/materi/{id} (multipart: the fields and, when chosen, `file`),
 * reporting upload progress.
 */
export async function saveMaterial(input: {
  id?: string;
  fields: MaterialFormFields;
  file?: File;
  onUploadProgress: (progress: UploadProgressValue) => void;
}): Promise<Material> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields)) form.append(name, value);
  if (input.file) form.append('file', input.file);
  const config = { onUploadProgress: input.onUploadProgress };
  const response = input.id
    ? await apiClient.put<{ data: Material }>(`/v2/lms/materi/${input.id}`, form, config)
    : await apiClient.post<{ data: Material }>('/v2/lms/materi', form, config);
  return response.data.data;
}

/** Refreshes what shows materials: the meeting's list and its content counts. */
export function useMaterialsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: materialKeys.all }),
      queryClient.invalidateQueries({ queryKey: meetingKeys.details() }),
    ]);
}

/** The material form's save. */
export function useSaveMaterial() {
  const onSuccess = useMaterialsChanged();
  return useMutation({ mutationFn: saveMaterial, onSuccess });
}
