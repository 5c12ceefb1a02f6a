import { apiClient } from '../../../lib/api-client.ts';

/** POST /v2/lms/pengerjaan/{id}/keluar: the student left fullscreen or the tab of a closed-book exam. */
export async function recordLeave(attemptId: string, jenis: 'fullscreen' | 'tab'): Promise<void> {
  await apiClient.post(`/v2/lms/pengerjaan/${attemptId}/keluar`, { jenis });
}
