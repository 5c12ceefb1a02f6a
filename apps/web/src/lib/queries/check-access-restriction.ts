import { queryOptions } from '@tanstack/react-query';
import type { AccessRestrictionStatus } from '@lms/contract/college.schema';
import { apiClient } from '../api-client.ts';

/** GET /v2/lms/check_pembatasan: the access-restriction status of the signed-in student. */
export async function checkAccessRestriction(): Promise<AccessRestrictionStatus> {
  const response = await apiClient.get<{ data: AccessRestrictionStatus }>('/v2/lms/check_pembatasan');
  return response.data.data;
}

/** Query options; a minute of staleness keeps navigation from calling it on every click. */
export const accessRestrictionQuery = queryOptions({
  queryKey: ['access-restriction'],
  queryFn: checkAccessRestriction,
  staleTime: 60_000,
  retry: false,
});
