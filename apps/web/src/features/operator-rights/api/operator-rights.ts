import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { OperatorRights, OperatorRightsUpdate } from '@lms/contract/operator-rights.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { currentUserQuery } from '../../../lib/queries/get-current-user.ts';

const operatorRightsKey = ['operator-rights'] as const;

export interface OperatorRightsPageQuery {
  search: string;
  page: number;
  perPage: number;
}

/** GET /v2/lms/hak-akses-operator (operators with read on data_sistem). */
export async function listOperatorRights(
  query: OperatorRightsPageQuery,
): Promise<{ data: OperatorRights[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: OperatorRights[]; meta: PageMeta }>(
    '/v2/lms/hak-akses-operator',
    { params: { search: query.search || undefined, page: query.page, per_page: query.perPage } },
  );
  return response.data;
}

export function operatorRightsQuery(query: OperatorRightsPageQuery) {
  return queryOptions({
    queryKey: [...operatorRightsKey, query],
    queryFn: () => listOperatorRights(query),
    placeholderData: keepPreviousData,
  });
}

export function useOperatorRights(query: OperatorRightsPageQuery) {
  return useQuery(operatorRightsQuery(query));
}

/** PUT /v2/lms/hak-akses-operator/{id} (operators with write on data_sistem). */
export async function saveOperatorRights(id: string, body: OperatorRightsUpdate): Promise<OperatorRights> {
  const response = await apiClient.put<{ data: OperatorRights }>(
    `/v2/lms/hak-akses-operator/${encodeURIComponent(id)}`,
    body,
  );
  return response.data.data;
}

/** Saves one operator's rights; the list reloads, and so does the current user when it was them. */
export function useSaveOperatorRights() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OperatorRightsUpdate }) => saveOperatorRights(id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: operatorRightsKey });
      await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}
