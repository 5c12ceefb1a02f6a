import type { TaskFile } from '@lms/contract/task.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFromApi } from '../../../lib/download-file.ts';

/** A hand-in's or a task's file as bytes (private: fetched with the session), for showing it in the page. */
export async function getTaskFileBlob(file: TaskFile): Promise<Blob> {
  const response = await apiClient.get<Blob>(file.url, { responseType: 'blob' });
  return response.data;
}

/** Saves a task's or a hand-in's file (private: fetched with the session, not linked). */
export function downloadTaskFile(file: TaskFile): Promise<string> {
  return downloadFromApi(file.url, { download: '1' }, file.nama);
}

/** GET /v2/lms/tugas/{id}/unduh_semua: every hand-in as one zip. */
export function downloadAllSubmissions(taskId: string, title: string): Promise<string> {
  return downloadFromApi(`/v2/lms/tugas/${taskId}/unduh_semua`, {}, `Pengumpulan - ${title}.zip`);
}
