import { useQuery } from '@tanstack/react-query';
import type { ExamPreview } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** GET /v2/lms/ujian/{id}/pratinjau: a set drawn as a starting student's would be (a new draw each call). */
export async function getExamPreview(id: string): Promise<ExamPreview> {
  const response = await apiClient.get<{ data: ExamPreview }>(`/v2/lms/ujian/${id}/pratinjau`);
  return response.data.data;
}

/**
 * The preview's draw. Every fetch draws anew, so it is fetched only when asked (opening the tab, Acak
 * ulang via `refetch`, a content change invalidating `examKeys.all`), never on focus or reconnect.
 */
export function useExamPreview(id: string) {
  return useQuery({
    queryKey: examKeys.preview(id),
    queryFn: () => getExamPreview(id),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
