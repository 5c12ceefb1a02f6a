import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { calendarMonthRange } from '@lms/contract/dashboard.rules';
import type { CalendarResponse } from '@lms/contract/dashboard.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from '../../../lib/query-keys/dashboard-query-keys.ts';

/** GET /v2/lms/kalender: the user's events overlapping [start, end). */
export async function getCalendarEvents(start: string, end: string): Promise<CalendarResponse> {
  const response = await apiClient.get<CalendarResponse>('/v2/lms/kalender', { params: { start, end } });
  return response.data;
}

/**
 * Query options of a month view's events: the month with a week before and two after (the spill-over
 * days), from the first of the month in the college's zone. The early entry asks for this month's the
 * same way (lib/first-screens.ts).
 */
export function calendarMonthQuery(month: Dayjs, timeZone: string) {
  const { start, end } = calendarMonthRange(month.format('YYYY-MM'), timeZone);
  return queryOptions({
    queryKey: dashboardKeys.calendar(start, end),
    queryFn: () => getCalendarEvents(start, end),
    placeholderData: keepPreviousData,
  });
}
