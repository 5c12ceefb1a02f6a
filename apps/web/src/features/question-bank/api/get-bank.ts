import { useQuery } from '@tanstack/react-query';
import type { BankDetail } from '@lms/contract/question-bank.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { questionBankKeys } from '../../../lib/query-keys/question-bank-query-keys.ts';

/** GET /v2/lms/bank_soal/{id}: the bank with list_soal and `akses`. */
export async function getBank(id: string): Promise<BankDetail> {
  const response = await apiClient.get<{ data: BankDetail }>(`/v2/lms/bank_soal/${encodeURIComponent(id)}`);
  return response.data.data;
}

/** One bank. */
export function useBank(id: string) {
  return useQuery({ queryKey: questionBankKeys.detail(id), queryFn: () => getBank(id), retry: false });
}
