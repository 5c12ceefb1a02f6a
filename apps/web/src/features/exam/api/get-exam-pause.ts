import { useQuery } from '@tanstack/react-query';
import type { PauseStatus } from '@lms/contract/exam-run.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** GET /v2/lms/ujian/{id}/jeda: whether the exam is paused, and its pauses. */
export async function getExamPause(id: string): Promise<PauseStatus> {
  const response = await apiClient.get<{ data: PauseStatus }>(`/v2/lms/ujian/${id}/jeda`);
  return response.data.data;
}

/** The pause status of an exam (refetched when time_changed arrives). */
export function useExamPause(id: string, enabled = true) {
  return useQuery({ queryKey: examKeys.pause(id), queryFn: () => getExamPause(id), enabled });
}
