import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@lms/contract/meeting.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/sesi_kuliah: the lecture sessions, by start time. */
export async function listSessions(): Promise<Session[]> {
  const response = await apiClient.get<{ data: Session[] }>('/v2/lms/sesi_kuliah');
  return response.data.data;
}

/** Query options of the sessions; they rarely change. */
export const sessionsQuery = queryOptions({
  queryKey: ['sesi-kuliah'],
  queryFn: listSessions,
  staleTime: 10 * 60_000,
});

/** The lecture sessions (a failed load is only logged, spec 2 §8: the select stays empty). */
export function useSessions(enabled: boolean) {
  return useQuery({ ...sessionsQuery, enabled });
}
