import type { Attempt } from '@lms/contract/exam.schema';
import { examRequest } from '../taking/exam-http.ts';

/** POST /v2/lms/ujian/{id}/pengerjaan/start: begins (or resumes) the attempt; the server sets its deadline. */
export function startAttempt(examId: string): Promise<Attempt> {
  return examRequest<Attempt>('POST', `/v2/lms/ujian/${examId}/pengerjaan/start`);
}
