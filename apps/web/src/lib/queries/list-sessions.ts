import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@lms/contract/meeting.schema';
import { apiClient } from '../api-client.ts';
import { referenceKeys, referenceStaleTime } from '../query-keys/reference-query-keys.ts';

/** GET /v2/lms/sesi_kuliah: the lecture sessions, by start time. */
export async function listSessions(): Promise<Session[]> {
  const response = await apiClient.get<{ data: Session[] }>('/v2/lms/sesi_kuliah');
  return response.data.data;
}

/** Query options of the sessions. */
export const listSessionsQuery = queryOptions({
  queryKey: referenceKeys.sessions(),
  queryFn: listSessions,
  staleTime: referenceStaleTime,
});

/** The lecture sessions (a failed load is only logged, spec 2 §8: the select stays empty). */
export function useSessions(enabled = true) {
  return useQuery({ ...listSessionsQuery, enabled });
}
