import { useQuery } from '@tanstack/react-query';
import type { BankDetail } from '@lms/contract/question-bank.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { questionBankKeys } from '../../../lib/query-keys/question-bank-query-keys.ts';

/** Which page of the bank's questions, optionally only those whose text holds `search`. */
export interface BankQuestionPage {
  page: number;
  search: string;
}

export const bankQuestionsPerPage = 50;

/** GET /v2/lms/bank_soal/{id}: the bank with one page of list_soal and `akses`. */
export async function getBank(id: string, { page, search }: BankQuestionPage): Promise<BankDetail> {
  const response = await apiClient.get<{ data: BankDetail }>(`/v2/lms/bank_soal/${encodeURIComponent(id)}`, {
    params: { page, per_page: bankQuestionsPerPage, ...(search.trim() ? { search: search.trim() } : {}) },
  });
  return response.data.data;
}

/** One bank with a page of its questions; the bank's previous page stays shown while the next one loads. */
export function useBank(id: string, page: BankQuestionPage = { page: 1, search: '' }) {
  return useQuery({
    queryKey: [...questionBankKeys.detail(id), page],
    queryFn: () => getBank(id, page),
    retry: false,
    enabled: !!id,
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}
