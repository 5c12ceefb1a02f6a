import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BankListItem, BankListQuery } from '@lms/contract/question-bank.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { questionBankKeys } from '../../../lib/query-keys/question-bank-query-keys.ts';

export type BankListParams = Partial<BankListQuery>;

/** GET /v2/lms/bank_soal: the banks the user sees, with search, mata_kuliah and prodi_matkul. */
export async function listBanks(params: BankListParams): Promise<{ data: BankListItem[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: BankListItem[]; meta: PageMeta }>('/v2/lms/bank_soal', {
    params,
  });
  return response.data;
}

/** A page of banks. */
export function useBanks(params: BankListParams) {
  return useQuery({
    queryKey: questionBankKeys.page(params),
    queryFn: () => listBanks(params),
    placeholderData: keepPreviousData,
  });
}
