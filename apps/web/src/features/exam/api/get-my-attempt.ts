import { useQuery } from '@tanstack/react-query';
import type { Attempt } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** GET /v2/lms/ujian/{id}/pengerjaan/me: the student's own attempt, or null before starting. */
export async function getMyAttempt(examId: string): Promise<Attempt | null> {
  const response = await apiClient.get<{ data: Attempt | null }>(`/v2/lms/ujian/${examId}/pengerjaan/me`);
  return response.data.data;
}

/** The student's own attempt (the exam page's results). */
export function useMyAttempt(examId: string, enabled: boolean) {
  return useQuery({ queryKey: examKeys.myAttempt(examId), queryFn: () => getMyAttempt(examId), enabled });
}
