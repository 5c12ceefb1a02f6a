import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client.ts';
import { meetingContentLists } from './meeting-content-lists.ts';

/** The content kinds asked for by the meeting's id alone, each item with a status that follows the clock. */
export type TimedMeetingContentKind = 'tugas' | 'ujian' | 'forum' | 'vidcon';

/**
 * A meeting's list of one content kind, by the URL and query key of lib/meeting-content-lists.ts (which the
 * route's prefetch uses too); refreshed every minute, since an item's status follows the clock.
 */
export function useMeetingContentList<Item>(kind: TimedMeetingContentKind, meetingId: string) {
  const { url, queryKey } = meetingContentLists[kind]({ meetingId });
  return useQuery({
    queryKey,
    queryFn: async () => (await apiClient.get<{ data: Item[] }>(url)).data.data,
    refetchInterval: 60_000,
  });
}
