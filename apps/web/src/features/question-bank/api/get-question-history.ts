import { useQuery } from '@tanstack/react-query';
import type { BankQuestionHistory } from '@lms/contract/item-analysis.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { questionBankKeys } from '../../../lib/query-keys/question-bank-query-keys.ts';

/** GET /v2/lms/bank_soal/{id}/soal/{soalId}/analisis: the question's figures in every exam that took it. */
export async function getQuestionHistory(bankId: string, questionId: string): Promise<BankQuestionHistory> {
  const response = await apiClient.get<{ data: BankQuestionHistory }>(
    `/v2/lms/bank_soal/${bankId}/soal/${questionId}/analisis`,
  );
  return response.data.data;
}

/** A bank question's item-analysis history, read when its dialog opens. */
export function useQuestionHistory(bankId: string, questionId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...questionBankKeys.detail(bankId), 'history', questionId],
    queryFn: () => getQuestionHistory(bankId, questionId),
    enabled,
  });
}
