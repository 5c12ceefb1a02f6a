import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { currentUserQuery } from '../../../lib/queries/get-current-user.ts';
import { ownSettingsQuery } from './get-own-settings.ts';
import { accountKeys } from '../../../lib/query-keys/account-query-keys.ts';

/** PUT /v2/lms/pengaturan/foto (multipart `foto`), reporting upload progress. */
export async function uploadPhoto(file: File, onProgress: (percent: number) => void): Promise<string | null> {
  const form = new FormData();
  form.append('foto', file);
  const response = await apiClient.put<{ data: { foto_url: string | null } }>(
    '/v2/lms/pengaturan/foto',
    form,
    {
      onUploadProgress: (event) => {
        if (event.total) onProgress((event.loaded / event.total) * 100);
      },
    },
  );
  return response.data.data.foto_url;
}

/** DELETE /v2/lms/pengaturan/foto: back to the placeholder. */
export async function removePhoto(): Promise<void> {
  await apiClient.delete('/v2/lms/pengaturan/foto');
}

/** Refreshes everything that shows the photo: header, sidebar, profile, settings. */
function usePhotoChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ownSettingsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
    ]);
}

/** The photo upload mutation. */
export function useUploadPhoto() {
  const onSuccess = usePhotoChanged();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadPhoto(file, onProgress),
    onSuccess,
  });
}

/** The photo removal mutation. */
export function useRemovePhoto() {
  const onSuccess = usePhotoChanged();
  return useMutation({ mutationFn: removePhoto, onSuccess });
}
