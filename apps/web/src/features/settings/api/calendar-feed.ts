import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@lms/contract/calendar-feed.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys/account-query-keys.ts';

const calendarFeedKey = [...accountKeys.settings(), 'calendar-feed'] as const;
const path = '/v2/lms/kalender_langganan';

/** GET /v2/lms/kalender_langganan: whether the user has a feed and since when (never its URL). */
export async function getCalendarFeed(): Promise<CalendarFeed> {
  return (await apiClient.get<{ data: CalendarFeed }>(path)).data.data;
}

/** POST /v2/lms/kalender_langganan (first feed) or …/atur_ulang (a new URL; the old one stops). */
export async function issueCalendarFeed(reset: boolean): Promise<CalendarFeed> {
  return (await apiClient.post<{ data: CalendarFeed }>(reset ? `${path}/atur_ulang` : path)).data.data;
}

/** The user's feed status; `enabled` false for roles without a feed. */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({ queryKey: calendarFeedKey, queryFn: getCalendarFeed, enabled });
}

/** Makes or resets the feed; the answer (with the URL, shown this once) replaces the status. */
export function useIssueCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueCalendarFeed,
    onSuccess: (data) => queryClient.setQueryData(calendarFeedKey, data),
  });
}
