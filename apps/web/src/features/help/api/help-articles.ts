import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HelpArticle, HelpArticleInput, HelpListResponse } from '@lms/contract/help.schema';
import { apiClient } from '../../../lib/api-client.ts';

const helpKey = ['help'] as const;

/** GET /v2/lms/bantuan. */
export async function listHelp(search?: string): Promise<HelpListResponse> {
  const response = await apiClient.get<HelpListResponse>('/v2/lms/bantuan', { params: { search } });
  return response.data;
}

export function helpQuery(search?: string) {
  return queryOptions({
    queryKey: [...helpKey, search ?? ''],
    queryFn: () => listHelp(search),
    placeholderData: keepPreviousData,
  });
}

/** POST /v2/lms/bantuan or PUT /v2/lms/bantuan/{id}. */
export async function saveHelp(id: string | undefined, input: HelpArticleInput): Promise<HelpArticle> {
  const response = id
    ? await apiClient.put<{ data: HelpArticle }>(`/v2/lms/bantuan/${encodeURIComponent(id)}`, input)
    : await apiClient.post<{ data: HelpArticle }>('/v2/lms/bantuan', input);
  return response.data.data;
}

export function useSaveHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: HelpArticleInput }) => saveHelp(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: helpKey }),
  });
}

/** DELETE /v2/lms/bantuan/{id}. */
export function useDeleteHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`/v2/lms/bantuan/${encodeURIComponent(id)}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: helpKey }),
  });
}
