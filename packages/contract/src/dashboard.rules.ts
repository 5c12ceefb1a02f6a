// Zod-free on purpose (see permission.rules.ts); the dashboard's first screen uses these.
import {
  collegeTimeZoneOffsetHours,
  startOfLocalDate,
  type CollegeTimeZone,
} from './college-settings.rules.ts';

const dayMs = 86_400_000;

/** The longest range the calendar answers in one call (a month view with its spill-over weeks). */
export const calendarMaxDays = 62;

/** At most this many events in one answer; `meta.terpotong` says when more exist. */
export const calendarMaxEvents = 500;

/** Kinds of calendar events: meetings, exams (over their window), task deadlines, vidcons. */
export const calendarEventKindValues = ['pertemuan', 'ujian', 'tugas', 'vidcon'] as const;
export type CalendarEventKind = (typeof calendarEventKindValues)[number];

export const calendarEventKindLabels: Record<CalendarEventKind, string> = {
  pertemuan: 'Pertemuan',
  ujian: 'Kuis/Ujian',
  tugas: 'Tugas',
  vidcon: 'Vidcon',
};

/** The month (`YYYY-MM`) an instant falls in, in a college zone (WIB when the zone is unknown). */
export function localMonthOf(instant: number, timeZone: string): string {
  const hours = collegeTimeZoneOffsetHours[timeZone as CollegeTimeZone] ?? 7;
  return new Date(instant + hours * 3_600_000).toISOString().slice(0, 7);
}

/**
 * What a month view of the calendar asks for (`YYYY-MM`): from a week before the month's first day to two
 * weeks after its end (the spill-over days), counted from local midnights in the college zone, as ISO instants.
 */
export function calendarMonthRange(month: string, timeZone: string): { start: string; end: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const nextMonth = new Date(Date.UTC(year, monthNumber, 1)).toISOString().slice(0, 10);
  return {
    start: new Date(startOfLocalDate(`${month}-01`, timeZone).getTime() - 7 * dayMs).toISOString(),
    end: new Date(startOfLocalDate(nextMonth, timeZone).getTime() + 14 * dayMs).toISOString(),
  };
}
