import { apiClient } from '../../../lib/api-client.ts';

/**
 * POST /v2/lms/pengumuman/gambar (multipart `file`): an image for an announcement's or article's body or a
 * news cover; answers its address. Progress is reported in percent while the total is known.
 */
export async function uploadPublicationImage(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiClient.post<{ data: { url: string } }>('/v2/lms/pengumuman/gambar', form, {
    onUploadProgress: (event) => {
      if (event.total) onProgress?.((event.loaded / event.total) * 100);
    },
  });
  return response.data.data.url;
}
