import ical, { type ICalEventData } from 'ical-generator';
import { collegeZoneIcalOffset } from '@lms/contract/calendar-feed.rules';
import {
  collegeTimeZoneLabels,
  collegeTimeZoneOffsetHours,
  type CollegeTimeZone,
} from '@lms/contract/college-settings.rules';
import type { ExamCalendarRow } from '../exam/exam.api.ts';
import type { TaskDeadlineRow } from '../task/task.api.ts';
import type { VidconCalendarRow } from '../vidcon/vidcon.api.ts';
import type { FeedMeetingRow } from './calendar-feed.repository.ts';

/**
 * A Date that ical-generator formats in the college's zone. Given a calendar zone, ical-generator writes
 * a native Date with the server process's local clock, which is not the college's; it asks a date-fns
 * TZDate for the zone's wall clock instead (`withTimeZone`), and this is that shape for a fixed offset
 * (Indonesia keeps no daylight saving time).
 */
class CollegeWallClock extends Date {
  readonly internal: Date;
  readonly #offsetMs: number;

  constructor(instant: Date, offsetHours: number) {
    super(instant.getTime());
    this.#offsetMs = offsetHours * 3_600_000;
    this.internal = new Date(instant.getTime() + this.#offsetMs);
  }

  withTimeZone(): this {
    return this;
  }

  tzComponents() {
    return { offset: this.#offsetMs / 60_000 };
  }

  override getFullYear() {
    return this.internal.getUTCFullYear();
  }
  override getMonth() {
    return this.internal.getUTCMonth();
  }
  override getDate() {
    return this.internal.getUTCDate();
  }
  override getHours() {
    return this.internal.getUTCHours();
  }
  override getMinutes() {
    return this.internal.getUTCMinutes();
  }
  override getSeconds() {
    return this.internal.getUTCSeconds();
  }
}

/** The college's zone as a VTIMEZONE: one fixed offset, no daylight saving. */
function fixedOffsetTimezone(timeZone: string): string {
  const offset = collegeZoneIcalOffset(timeZone);
  const name = collegeTimeZoneLabels[timeZone as CollegeTimeZone] ?? 'WIB';
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    `X-LIC-LOCATION:${timeZone}`,
    'BEGIN:STANDARD',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${name}`,
    'DTSTART:19700101T000000',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

/** What every feed event is built from. */
export interface FeedItems {
  meetings: FeedMeetingRow[];
  exams: ExamCalendarRow[];
  taskDeadlines: TaskDeadlineRow[];
  vidcons: VidconCalendarRow[];
}

/** The calendar's name, zone, the app's address (links and UIDs) and the cap. */
export interface FeedContext {
  collegeName: string;
  timeZone: string;
  publicUrl: string;
  now: Date;
  maxEvents: number;
}

interface FeedEvent {
  /** Stable per item (`ujian-<id>@host`), so a calendar updates an event instead of adding it again. */
  uid: string;
  summary: string;
  start: Date;
  /** None for a deadline: an instant (RFC 5545 §3.6.1: it ends when it starts). */
  end: Date | null;
  location: string | null;
  path: string;
  course: string;
}

const classPath = (kelasId: string, meetingId: string) =>
  `/kelas/${encodeURIComponent(kelasId)}/${meetingId}`;
const courseOf = (row: { mataKuliahKode: string; mataKuliahNama: string; kelasNama: string }) =>
  `${row.mataKuliahKode} ${row.mataKuliahNama} (${row.kelasNama})`;

function meetingEvent(row: FeedMeetingRow, appUrl: (path: string) => string): FeedEvent {
  const path = classPath(row.kelasId, row.id);
  const online = row.jenis === 'online' ? `Daring: ${appUrl(path)}` : null;
  const location =
    row.jenis === 'campuran' && row.ruangan
      ? `${row.ruangan} / Daring: ${appUrl(path)}`
      : (row.ruangan ?? online);
  return {
    uid: `pertemuan-${row.id}`,
    summary: `Pertemuan ${row.nomor}: ${row.judul} — ${row.mataKuliahNama}`,
    start: row.waktuMulai,
    end: row.waktuSelesai,
    location,
    path,
    course: courseOf(row),
  };
}

function examEvent(row: ExamCalendarRow): FeedEvent {
  return {
    uid: `ujian-${row.id}`,
    summary: `Ujian: ${row.judul} — ${row.mataKuliahNama}`,
    start: row.waktuMulai,
    end: row.waktuSelesai,
    location: null,
    path: `/ujian/${row.id}`,
    course: courseOf(row),
  };
}

function taskDeadlineEvent(row: TaskDeadlineRow): FeedEvent {
  return {
    uid: `tugas-${row.id}`,
    summary: `Batas tugas: ${row.judul} — ${row.mataKuliahNama}`,
    start: row.waktuSelesai,
    end: null,
    location: null,
    path: `/tugas/${row.id}`,
    course: courseOf(row),
  };
}

function vidconEvent(row: VidconCalendarRow, appUrl: (path: string) => string): FeedEvent {
  const path = classPath(row.kelasId, row.pertemuanId);
  return {
    uid: `vidcon-${row.id}`,
    summary: `Vidcon: ${row.judul} — ${row.mataKuliahNama}`,
    start: row.waktuMulai,
    // A vidcon without an end is shown as an hour, as the dashboard's calendar draws it.
    end: row.waktuSelesai ?? new Date(row.waktuMulai.getTime() + 3_600_000),
    location: `Daring: ${appUrl(path)}`,
    path,
    course: courseOf(row),
  };
}

/** The user's items as one iCalendar text in the college's zone, earliest first, at most `maxEvents`. */
export function presentCalendarFeed(items: FeedItems, context: FeedContext): string {
  const appUrl = (path: string) => new URL(path, context.publicUrl).toString();
  const host = new URL(context.publicUrl).hostname;
  const hours = collegeTimeZoneOffsetHours[context.timeZone as CollegeTimeZone] ?? 7;
  const wall = (date: Date) => new CollegeWallClock(date, hours);
  const utcClock = new CollegeWallClock(context.now, 0);
  const events = [
    ...items.meetings.map((row) => meetingEvent(row, appUrl)),
    ...items.exams.map(examEvent),
    ...items.taskDeadlines.map(taskDeadlineEvent),
    ...items.vidcons.map((row) => vidconEvent(row, appUrl)),
  ]
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid))
    .slice(0, context.maxEvents);

  const calendar = ical({
    name: `Kalender LMS ${context.collegeName}`,
    description: 'Pertemuan, ujian, batas tugas dan vidcon kelas Anda',
    prodId: { company: 'LMS', product: 'kalender', language: 'ID' },
    timezone: { name: context.timeZone, generator: fixedOffsetTimezone },
    ttl: 60 * 60,
  });
  for (const event of events) {
    const url = appUrl(event.path);
    const data: ICalEventData = {
      id: `${event.uid}@${host}`,
      timezone: context.timeZone,
      start: wall(event.start),
      end: event.end && wall(event.end),
      stamp: utcClock,
      summary: event.summary,
      description: `${event.course}\n${url}`,
      location: event.location,
      url,
    };
    calendar.createEvent(data);
  }
  // DTSTAMP must be UTC (RFC 5545 §3.8.7.2); ical-generator writes it in the calendar's zone without Z,
  // so it is given the UTC clock above and marked here.
  return calendar.toString().replace(/^DTSTAMP:(\d{8}T\d{6})\r$/gm, 'DTSTAMP:$1Z\r');
}
