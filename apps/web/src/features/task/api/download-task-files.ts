import type { TaskFile } from '@lms/contract/task.schema';
import { downloadFromApi } from '../../../lib/download-file.ts';

/** Saves a task's or a hand-in's file (private: fetched with the session, not linked). */
export function downloadTaskFile(file: TaskFile): Promise<string> {
  return downloadFromApi(file.url, { download: '1' }, file.nama);
}

/** GET /v2/lms/tugas/{id}/unduh_semua: every hand-in as one zip. */
export function downloadAllSubmissions(taskId: string, title: string): Promise<string> {
  return downloadFromApi(`/v2/lms/tugas/${taskId}/unduh_semua`, {}, `Pengumpulan - ${title}.zip`);
}
