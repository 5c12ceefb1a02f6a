import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { noAttemptListResponseSchema } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

export type StudentWithoutAttempt = z.infer<typeof noAttemptListResponseSchema>['data'][number];

/** GET /v2/lms/ujian/{id}/pengerjaan/no_pengerjaan: the enrolled students (remedial: participants) without an attempt. */
export async function listStudentsWithoutAttempt(examId: string): Promise<StudentWithoutAttempt[]> {
  const response = await apiClient.get<{ data: StudentWithoutAttempt[] }>(
    `/v2/lms/ujian/${examId}/pengerjaan/no_pengerjaan`,
  );
  return response.data.data;
}

/** Who has not sat the exam (the results tab lists them after the attempts). */
export function useStudentsWithoutAttempt(examId: string) {
  return useQuery({
    queryKey: examKeys.withoutAttempt(examId),
    queryFn: () => listStudentsWithoutAttempt(examId),
  });
}
