import { useQuery } from '@tanstack/react-query';
import type { QuestionGroup } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** GET /v2/lms/ujian/{id}/kelompok_soal: groups and questions with keys (those who edit the exam). */
export async function getExamContent(id: string): Promise<QuestionGroup[]> {
  const response = await apiClient.get<{ data: { kelompok_soal: QuestionGroup[] } }>(
    `/v2/lms/ujian/${id}/kelompok_soal`,
  );
  return response.data.data.kelompok_soal;
}

/** The exam's content for its editor. */
export function useExamContent(id: string, enabled = true) {
  return useQuery({ queryKey: examKeys.content(id), queryFn: () => getExamContent(id), enabled });
}
