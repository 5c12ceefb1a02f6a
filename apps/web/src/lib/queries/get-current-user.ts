import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { UserInfo } from '@lms/contract/auth.schema';
import { apiClient } from '../api-client.ts';

/** GET /v2/user_info: the signed-in user (or the student an operator acts for). */
export async function getCurrentUser(): Promise<UserInfo> {
  const response = await apiClient.get<{ data: UserInfo }>('/v2/user_info');
  return response.data.data;
}

/** Query options of the current user; the auth middleware loads it before any page renders. */
export const currentUserQuery = queryOptions({
  queryKey: ['current-user'],
  queryFn: getCurrentUser,
  staleTime: 5 * 60_000,
});

/** The current user; only for pages behind the auth middleware, which has loaded it. */
export function useCurrentUser(): UserInfo {
  return useSuspenseQuery(currentUserQuery).data;
}
