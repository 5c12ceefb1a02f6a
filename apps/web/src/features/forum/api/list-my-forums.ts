import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { Forum } from '@lms/contract/forum.schema';
import type { ForumStatus } from '@lms/contract/forum.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { forumKeys } from '../../../lib/query-keys/forum-query-keys.ts';

export interface ForumPageParams {
  page: number;
  per_page: number;
  status?: ForumStatus;
  /** Only this class's forums. */
  id_kelas_kuliah?: string;
}

/** GET /v2/lms/forum: the forums of the user's classes, newest first. */
export async function listMyForums(params: ForumPageParams): Promise<{ data: Forum[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: Forum[]; meta: PageMeta }>('/v2/lms/forum', { params });
  return response.data;
}

/** One page of the user's forums (/forum), or of one class's (the class page with back=forum). */
export function useMyForums(params: ForumPageParams) {
  return useQuery({
    queryKey: forumKeys.page(params),
    queryFn: () => listMyForums(params),
    placeholderData: keepPreviousData,
  });
}
