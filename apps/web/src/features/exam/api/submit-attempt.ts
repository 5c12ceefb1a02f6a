import type { Attempt } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /v2/lms/pengerjaan/{id}/selesai: submits the attempt; the saved answers are scored. */
export async function submitAttempt(attemptId: string): Promise<Attempt> {
  const response = await apiClient.post<{ data: Attempt }>(`/v2/lms/pengerjaan/${attemptId}/selesai`);
  return response.data.data;
}
