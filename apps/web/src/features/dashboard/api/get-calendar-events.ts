import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CalendarResponse } from '@lms/contract/dashboard.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from '../../../lib/query-keys/dashboard-query-keys.ts';

/** GET /v2/lms/kalender: the user's events overlapping [start, end). */
export async function getCalendarEvents(start: string, end: string): Promise<CalendarResponse> {
  const response = await apiClient.get<CalendarResponse>('/v2/lms/kalender', { params: { start, end } });
  return response.data;
}

export function calendarEventsQuery(start: string, end: string) {
  return queryOptions({
    queryKey: dashboardKeys.calendar(start, end),
    queryFn: () => getCalendarEvents(start, end),
    placeholderData: keepPreviousData,
  });
}
