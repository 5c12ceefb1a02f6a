import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Room } from '@lms/contract/meeting.schema';
import { apiClient } from '../api-client.ts';
import { referenceKeys, referenceStaleTime } from '../query-keys/reference-query-keys.ts';

/** GET /v2/lms/ruangan?ignore_default_pagination=true: every room of the college. */
export async function listRooms(): Promise<Room[]> {
  const response = await apiClient.get<{ data: Room[] }>('/v2/lms/ruangan', {
    params: { ignore_default_pagination: true },
  });
  return response.data.data;
}

/** Query options of the rooms. */
export const listRoomsQuery = queryOptions({
  queryKey: referenceKeys.rooms(),
  queryFn: listRooms,
  staleTime: referenceStaleTime,
});

/** The rooms (Ruangan filters); the meeting form asks for their availability separately. */
export function useRooms(enabled = true) {
  return useQuery({ ...listRoomsQuery, enabled });
}
