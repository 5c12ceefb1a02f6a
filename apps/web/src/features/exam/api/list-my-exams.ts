import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { ExamStatus } from '@lms/contract/exam.rules';
import type { Exam } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

export interface ExamPageParams {
  page: number;
  per_page: number;
  status?: ExamStatus;
  /** The class's period code, e.g. 20261. */
  periode?: number;
  id_mata_kuliah?: string;
}

/** GET /v2/lms/ujian: the exams of the user's classes, newest first. */
export async function listMyExams(params: ExamPageParams): Promise<{ data: Exam[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: Exam[]; meta: PageMeta }>('/v2/lms/ujian', { params });
  return response.data;
}

/** One page of the user's exams (/ujian). */
export function useMyExams(params: ExamPageParams) {
  return useQuery({
    queryKey: examKeys.page(params),
    queryFn: () => listMyExams(params),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
