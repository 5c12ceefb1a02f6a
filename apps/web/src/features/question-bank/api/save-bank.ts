import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankDetail, BankInput } from '@lms/contract/question-bank.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { questionBankKeys } from '../../../lib/query-keys/question-bank-query-keys.ts';

export type BankSave =
  | { kind: 'create'; input: BankInput }
  | { kind: 'update'; id: string; input: BankInput }
  | { kind: 'duplicate'; id: string; input: BankInput }
  | { kind: 'delete'; id: string };

/** POST /v2/lms/bank_soal, PUT|DELETE /v2/lms/bank_soal/{id}, POST /v2/lms/bank_soal/{id}/duplikat. */
export async function saveBank(save: BankSave): Promise<BankDetail | null> {
  if (save.kind === 'delete') {
    await apiClient.delete(`/v2/lms/bank_soal/${encodeURIComponent(save.id)}`);
    return null;
  }
  const url =
    save.kind === 'create'
      ? '/v2/lms/bank_soal'
      : save.kind === 'update'
        ? `/v2/lms/bank_soal/${encodeURIComponent(save.id)}`
        : `/v2/lms/bank_soal/${encodeURIComponent(save.id)}/duplikat`;
  const response =
    save.kind === 'update'
      ? await apiClient.put<{ data: BankDetail }>(url, save.input)
      : await apiClient.post<{ data: BankDetail }>(url, save.input);
  return response.data.data;
}

/** Saves a bank and refreshes every bank query. */
export function useSaveBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBank,
    onSuccess: () => client.invalidateQueries({ queryKey: questionBankKeys.all }),
  });
}
