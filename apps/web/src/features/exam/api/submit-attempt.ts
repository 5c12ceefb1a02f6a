import type { Attempt } from '@lms/contract/exam.schema';
import { examRequest } from '../taking/exam-http.ts';

/** POST /v2/lms/pengerjaan/{id}/selesai: submits the attempt; the saved answers are scored. */
export function submitAttempt(attemptId: string): Promise<Attempt> {
  return examRequest<Attempt>('POST', `/v2/lms/pengerjaan/${attemptId}/selesai`);
}
