import { useQuery } from '@tanstack/react-query';
import type { Attempt } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** GET /v2/lms/ujian/{id}/pengerjaan/{studentId}: one student's attempt with answers, keys and marks. */
export async function getStudentAttempt(examId: string, studentId: string): Promise<Attempt> {
  const response = await apiClient.get<{ data: Attempt }>(`/v2/lms/ujian/${examId}/pengerjaan/${studentId}`);
  return response.data.data;
}

/** The attempt the lecturer grades. */
export function useStudentAttempt(examId: string, studentId: string | null) {
  return useQuery({
    queryKey: examKeys.studentAttempt(examId, studentId ?? ''),
    queryFn: () => getStudentAttempt(examId, studentId!),
    enabled: !!studentId,
  });
}
