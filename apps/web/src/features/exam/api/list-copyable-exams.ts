import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { Exam } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

export interface CopyableExamParams {
  page: number;
  per_page: number;
  search?: string;
  exclude_id_kelas_kuliah?: string;
}

/** GET /v2/lms/ujian/salin: exams of the user's other classes to copy. */
export async function listCopyableExams(
  params: CopyableExamParams,
): Promise<{ data: Exam[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: Exam[]; meta: PageMeta }>('/v2/lms/ujian/salin', { params });
  return response.data;
}

/** The copy tab's table. */
export function useCopyableExams(params: CopyableExamParams, enabled: boolean) {
  return useQuery({
    queryKey: [...examKeys.pages(), 'salin', params],
    queryFn: () => listCopyableExams(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
