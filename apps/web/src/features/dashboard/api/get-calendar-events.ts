import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
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
 * days), from the first of the month in the college's zone.
 */
export function calendarMonthQuery(month: Dayjs, timeZone: string) {
  const first = dayjs.tz(month.format('YYYY-MM-01'), timeZone);
  const start = first.subtract(7, 'day').toISOString();
  const end = first.add(1, 'month').add(14, 'day').toISOString();
  return queryOptions({
    queryKey: dashboardKeys.calendar(start, end),
    queryFn: () => getCalendarEvents(start, end),
    placeholderData: keepPreviousData,
  });
}
