import { useQuery } from '@tanstack/react-query';
import type { AnswerStats } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** GET /v2/lms/ujian/{id}/pengerjaan/jawaban_stats: how the attempts answered each question. */
export async function getAnswerStats(examId: string): Promise<AnswerStats> {
  const response = await apiClient.get<{ data: AnswerStats }>(
    `/v2/lms/ujian/${examId}/pengerjaan/jawaban_stats`,
  );
  return response.data.data;
}

/** The answer statistics of an exam (the lecturer's Statistik tab). */
export function useAnswerStats(examId: string) {
  return useQuery({ queryKey: examKeys.stats(examId), queryFn: () => getAnswerStats(examId) });
}
