import { useQuery } from '@tanstack/react-query';
import type { Forum } from '@lms/contract/forum.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { forumKeys } from '../../../lib/query-keys/forum-query-keys.ts';

/** GET /v2/lms/forum/{id}. */
export async function getForum(id: string): Promise<Forum> {
  const response = await apiClient.get<{ data: Forum }>(`/v2/lms/forum/${id}`);
  return response.data.data;
}

/** One forum; its status follows the clock, so it is asked again every minute. */
export function useForum(id: string) {
  return useQuery({ queryKey: forumKeys.detail(id), queryFn: () => getForum(id), refetchInterval: 60_000 });
}
