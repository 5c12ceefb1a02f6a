import dayjs from 'dayjs';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { dayKey } from '../../../lib/date.ts';

/** Week or month view of the timetable. */
export type TimetableView = 'minggu' | 'bulan';

/** Day names Minggu to Sabtu (spec 1 §9), by dayjs weekday (0 = Sunday). */
export const dayNames = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;

/** The calendar days a view shows and the instants to ask the server for. */
export interface TimetableRange {
  /** First instant (ISO) of the range, in the college zone. */
  start: string;
  /** First instant after the range. */
  end: string;
  /** Every local day shown (YYYY-MM-DD), Minggu (Sunday) first; a month is padded to whole weeks. */
  days: string[];
  /** Days that belong to the month (or week) itself. */
  inRange: Set<string>;
}

/**
 * The range of a week (Minggu to Sabtu) or a month (padded to whole weeks, so at most 42 days, within
 * the server's 62-day limit) holding `anchor`, a local day, in the college zone.
 */
export function timetableRange(view: TimetableView, anchor: string, timeZone: string): TimetableRange {
  const local = dayjs.tz(anchor, timeZone);
  const first = view === 'minggu' ? startOfWeek(local) : startOfWeek(local.startOf('month'));
  const last =
    view === 'minggu' ? first.add(6, 'day') : startOfWeek(local.endOf('month').startOf('day')).add(6, 'day');
  const days: string[] = [];
  for (let d = first; !d.isAfter(last, 'day'); d = d.add(1, 'day')) days.push(d.format('YYYY-MM-DD'));
  const month = local.format('YYYY-MM');
  const inRange = new Set(view === 'minggu' ? days : days.filter((d) => d.startsWith(month)));
  return {
    start: dayjs.tz(days[0], timeZone).toISOString(),
    end: dayjs
      .tz(days[days.length - 1], timeZone)
      .add(1, 'day')
      .toISOString(),
    days,
    inRange,
  };
}

/**
 * Minggu (Sunday) of the week of a local day: the app's weeks run Minggu to Sabtu (spec 1 §9, `hari` 0 =
 * Sunday), like the dashboard calendar and the date pickers. Counted from `day()` rather than the
 * locale's `startOf('week')` so the grid does not depend on which locale is loaded.
 */
function startOfWeek(day: dayjs.Dayjs): dayjs.Dayjs {
  return day.startOf('day').subtract(day.day(), 'day');
}

/** The anchor day one week or month before or after. */
export function shiftAnchor(view: TimetableView, anchor: string, step: -1 | 1): string {
  return dayjs(anchor)
    .add(step, view === 'minggu' ? 'week' : 'month')
    .format('YYYY-MM-DD');
}

/** The heading of the range: '11 - 17 Mei 2026', '28 Des 2026 - 3 Jan 2027' or 'Mei 2026'. */
export function rangeTitle(view: TimetableView, range: TimetableRange, anchor: string): string {
  if (view === 'bulan') return dayjs(anchor).format('MMMM YYYY');
  const first = dayjs(range.days[0]);
  const last = dayjs(range.days[range.days.length - 1]);
  if (first.year() !== last.year()) return `${first.format('D MMM YYYY')} - ${last.format('D MMM YYYY')}`;
  if (first.month() !== last.month()) return `${first.format('D MMM')} - ${last.format('D MMM YYYY')}`;
  return `${first.format('D')} - ${last.format('D MMMM YYYY')}`;
}

/** Meetings by local day in the college zone, each day ordered by start time. */
export function meetingsByDay(meetings: MeetingListItem[], timeZone: string): Map<string, MeetingListItem[]> {
  const byDay = new Map<string, MeetingListItem[]>();
  const sorted = [...meetings].sort((a, b) => a.waktu_mulai.localeCompare(b.waktu_mulai));
  for (const meeting of sorted) {
    const key = dayKey(meeting.waktu_mulai, timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), meeting]);
  }
  return byDay;
}

/** 'Senin, 11 Mei 2026'. */
export function dayTitle(day: string): string {
  const d = dayjs(day);
  return `${dayNames[d.day()]}, ${d.format('D MMMM YYYY')}`;
}
