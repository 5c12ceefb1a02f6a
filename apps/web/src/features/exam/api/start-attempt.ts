import type { Attempt } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /v2/lms/ujian/{id}/pengerjaan/start: begins (or resumes) the attempt; the server sets its deadline. */
export async function startAttempt(examId: string): Promise<Attempt> {
  const response = await apiClient.post<{ data: Attempt }>(`/v2/lms/ujian/${examId}/pengerjaan/start`);
  return response.data.data;
}
