// Zod-free on purpose (see permission.rules.ts): the settings page's Kalender section uses these.
import { collegeTimeZoneOffsetHours, type CollegeTimeZone } from './college-settings.rules.ts';

/** How far back the feed reaches: last month's items stay in the subscriber's calendar. */
export const calendarFeedDaysBack = 30;

/** How far ahead the feed reaches: a semester. */
export const calendarFeedDaysAhead = 180;

/** At most this many events in one feed (a busy lecturer's semester fits many times over). */
export const calendarFeedMaxEvents = 1000;

/** Fetches of one feed per minute (calendar apps poll it every few hours). */
export const calendarFeedFetchesPerMinute = 30;

/** The roles that have a feed: whose calendar is their classes'. */
export const calendarFeedRoles = ['mahasiswa', 'dosen'] as const;

/** The public feed's path; `college-id` names the college, since a calendar app sends no header. */
export function calendarFeedPath(token: string, collegeId: string): string {
  return `/v2/kalender/${token}.ics?college-id=${encodeURIComponent(collegeId)}`;
}

/** The zone's offset in iCalendar form (`+0700`). */
export function collegeZoneIcalOffset(timeZone: string): string {
  const hours = collegeTimeZoneOffsetHours[timeZone as CollegeTimeZone] ?? 7;
  return `+${String(hours).padStart(2, '0')}00`;
}
