import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@lms/contract/auth.schema';
import { canReadArea } from '@lms/contract/permission.rules';
import { defaultTimeZone, todayInZone } from '../../../lib/date.ts';
import { dashboardAnnouncementCount } from '../../../lib/first-screens.ts';
import { configurationQuery } from '../../../lib/queries/get-configuration.ts';
import { currentSemesterQuery } from '../../../lib/queries/get-current-semester.ts';
import { currentUserQuery } from '../../../lib/queries/get-current-user.ts';
import { announcementsQuery } from '../../../lib/queries/list-announcements.ts';
import { calendarMonthQuery } from './get-calendar-events.ts';
import { dashboardStatisticsQuery } from './get-dashboard-statistics.ts';
import { highlightClassesQuery } from './list-highlight-classes.ts';

/** The newest announcements of the dashboard's card. */
export const dashboardAnnouncementsQuery = announcementsQuery({
  page: 1,
  per_page: dashboardAnnouncementCount,
});

/**
 * Whether the dashboard shows class content (the user's classes, the tiles' counts): operators only with
 * read access to Kelas Kuliah, the area classes and their tasks, exams, forums and vidcons belong to.
 */
export function showsClassContent(user: UserInfo): boolean {
  return user.role !== 'operator' || canReadArea(user.permissions, 'kelas_kuliah');
}

/**
 * Starts the queries the dashboard asks for when it draws (the route's loader): its tiles, announcements,
 * this month's calendar and the current period's classes go out with the page's code, not after it.
 */
export async function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(dashboardStatisticsQuery);
  void queryClient.prefetchQuery(dashboardAnnouncementsQuery);
  const user = queryClient.getQueryData(currentUserQuery.queryKey);
  // Both answers are usually in the cache already (asked for early); a failure is the page's to show.
  const [configuration, semester] = await Promise.all([
    queryClient.ensureQueryData(configurationQuery).catch(() => undefined),
    queryClient.ensureQueryData(currentSemesterQuery).catch(() => undefined),
  ]);
  const timeZone = configuration?.time_zone ?? defaultTimeZone;
  void queryClient.prefetchQuery(calendarMonthQuery(todayInZone(timeZone), timeZone));
  if (user && showsClassContent(user) && semester)
    void queryClient.prefetchQuery(highlightClassesQuery(semester.periode));
}
