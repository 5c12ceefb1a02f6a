import { useQuery } from '@tanstack/react-query';
import type { ItemAnalysis } from '@lms/contract/item-analysis.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFromApi } from '../../../lib/download-file.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** GET /v2/lms/ujian/{id}/analisis_soal: facility, discrimination, spread and flags per question. */
export async function getItemAnalysis(examId: string): Promise<ItemAnalysis> {
  const response = await apiClient.get<{ data: ItemAnalysis }>(`/v2/lms/ujian/${examId}/analisis_soal`);
  return response.data.data;
}

/** The item analysis of an exam (the lecturer's Analisis Soal tab); under the attempts, so a mark refreshes it. */
export function useItemAnalysis(examId: string) {
  return useQuery({
    queryKey: [...examKeys.all, 'attempt', examId, 'analysis'],
    queryFn: () => getItemAnalysis(examId),
  });
}

/** GET …/analisis_soal/export: saves the xlsx under the server's name. */
export function downloadItemAnalysis(examId: string): Promise<string> {
  return downloadFromApi(`/v2/lms/ujian/${examId}/analisis_soal/export`, {}, 'analisis-soal.xlsx');
}
