import { apiClient } from '../../../lib/api-client.ts';

/** POST /v2/storager (multipart file, service_id lms, dir ujian): an option image of an exam question. */
export async function uploadExamOptionImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('service_id', 'lms');
  form.append('dir', 'ujian');
  form.append('file', file);
  const response = await apiClient.post<{ data: { url: string } }>('/v2/storager', form);
  return response.data.data.url;
}

/** DELETE /v2/storager?url=: removes an uploaded option image. */
export async function deleteExamOptionImage(url: string): Promise<void> {
  await apiClient.delete('/v2/storager', { params: { url } });
}
