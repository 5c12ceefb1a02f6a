import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Room } from '@lms/contract/meeting.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { meetingKeys } from '../../../lib/query-keys/meeting-query-keys.ts';

/** The time range a room must be free in, and the meeting whose own booking does not count. */
export interface RoomAvailabilityRange {
  start: string | null;
  end: string | null;
  meetingId: string;
}

/** GET /v2/lms/ruangan?ignore_default_pagination=true with availability in the range. */
export async function listAvailableRooms(range: RoomAvailabilityRange): Promise<Room[]> {
  const response = await apiClient.get<{ data: Room[] }>('/v2/lms/ruangan', {
    params: {
      ignore_default_pagination: true,
      availability_start: range.start,
      availability_end: range.end,
      exclude_id_pertemuan: range.meetingId,
    },
  });
  return response.data.data;
}

/** Query options of the rooms for a range. */
export function availableRoomsQuery(range: RoomAvailabilityRange) {
  return queryOptions({
    queryKey: meetingKeys.roomAvailability(range),
    queryFn: () => listAvailableRooms(range),
    placeholderData: keepPreviousData,
  });
}

/** Rooms with their availability in the chosen time range. */
export function useAvailableRooms(range: RoomAvailabilityRange, enabled: boolean) {
  return useQuery({ ...availableRoomsQuery(range), enabled });
}
