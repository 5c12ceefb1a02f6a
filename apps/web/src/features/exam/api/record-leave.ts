import { examRequest } from '../taking/exam-http.ts';

/** POST /v2/lms/pengerjaan/{id}/keluar: the student left fullscreen or the tab of a closed-book exam. */
export async function recordLeave(attemptId: string, jenis: 'fullscreen' | 'tab'): Promise<void> {
  await examRequest('POST', `/v2/lms/pengerjaan/${attemptId}/keluar`, { jenis });
}
