import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  AccountCreateInput,
  AccountListQuery,
  AccountPassword,
  AccountUpdateInput,
} from '@lms/contract/account.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { apiClient } from '../../../lib/api-client.ts';

const accountsKey = ['accounts'] as const;

/** The list's filters as the page keeps them (the query's input form: page and size required). */
export type AccountFilters = Partial<Pick<AccountListQuery, 'search' | 'role' | 'status'>> & {
  page: number;
  per_page: number;
};

/** GET /v2/lms/akun: one page of the college's accounts the caller may see. */
export async function listAccounts(filters: AccountFilters) {
  const response = await apiClient.get<{ data: Account[]; meta: PageMeta }>('/v2/lms/akun', {
    params: filters,
  });
  return response.data;
}

/** One page of accounts; the previous page stays shown while the next loads. */
export function useAccounts(filters: AccountFilters) {
  return useQuery({
    queryKey: [...accountsKey, filters],
    queryFn: () => listAccounts(filters),
    placeholderData: keepPreviousData,
  });
}

function useAccountMutation<Input, Result>(send: (input: Input) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: accountsKey }),
  });
}

const accountUrl = (id: string) => `/v2/lms/akun/${encodeURIComponent(id)}`;

/** POST /v2/lms/akun. */
export function useCreateAccount() {
  return useAccountMutation(
    async (input: AccountCreateInput) =>
      (await apiClient.post<{ data: Account }>('/v2/lms/akun', input)).data.data,
  );
}

/** PUT /v2/lms/akun/{id}. */
export function useUpdateAccount() {
  return useAccountMutation(
    async ({ id, input }: { id: string; input: AccountUpdateInput }) =>
      (await apiClient.put<{ data: Account }>(accountUrl(id), input)).data.data,
  );
}

/** PUT /v2/lms/akun/{id}/status: deactivating ends the account's sessions. */
export function useSetAccountStatus() {
  return useAccountMutation(
    async ({ id, isActive }: { id: string; isActive: boolean }) =>
      (await apiClient.put<{ data: Account }>(`${accountUrl(id)}/status`, { is_active: isActive })).data.data,
  );
}

/** PUT /v2/lms/akun/{id}/password: a new password; the account's sessions end. */
export function useResetAccountPassword() {
  return useAccountMutation(async ({ id, input }: { id: string; input: AccountPassword }) => {
    await apiClient.put(`${accountUrl(id)}/password`, input);
  });
}

/** POST /v2/lms/akun/{id}/tautan_reset: mails the account a forgotten-password link. */
export function useSendAccountResetLink() {
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.post(`${accountUrl(id)}/tautan_reset`);
    },
  });
}
