import { apiClient } from '../../../lib/api-client.ts';

/** POST /v2/storager (multipart file, service_id lms, dir bank_soal): an option image; answers its url. */
export async function uploadOptionImage(
  file: File,
  dir: 'bank_soal' | 'ujian' = 'bank_soal',
): Promise<string> {
  const form = new FormData();
  form.append('service_id', 'lms');
  form.append('dir', dir);
  form.append('file', file);
  const response = await apiClient.post<{ data: { url: string } }>('/v2/storager', form);
  return response.data.data.url;
}

/** DELETE /v2/storager?url=: removes an uploaded option image. */
export async function deleteOptionImage(url: string): Promise<void> {
  await apiClient.delete('/v2/storager', { params: { url } });
}
