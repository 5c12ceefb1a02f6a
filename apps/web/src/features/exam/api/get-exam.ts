import { useQuery } from '@tanstack/react-query';
import type { Exam } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** GET /v2/lms/ujian/{id}. */
export async function getExam(id: string): Promise<Exam> {
  const response = await apiClient.get<{ data: Exam }>(`/v2/lms/ujian/${id}`);
  return response.data.data;
}

/** One exam, with the student's own attempt and the lecturer's counts. */
export function useExam(id: string) {
  return useQuery({ queryKey: examKeys.detail(id), queryFn: () => getExam(id), refetchInterval: 60_000 });
}
