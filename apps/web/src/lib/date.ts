import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/id';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('id');

/** The college time zone when none is configured (spec 1 §9). */
export const defaultTimeZone = 'Asia/Jakarta';

const zoneLabels: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

/** WIB, WITA or WIT for an Indonesian time zone; other zones show their name. */
export function timeZoneLabel(timeZone: string): string {
  return zoneLabels[timeZone] ?? timeZone;
}

/** The server's answer for "no date"; the client treats it as empty (spec 1 §7). */
export const emptyServerDate = '0001-01-01T00:00:00Z';

/** Whether a date from the API means "no value". */
export function isEmptyDate(value: string | null | undefined): value is null | undefined {
  return !value || value === emptyServerDate || value.startsWith('0001-01-01');
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
// Indonesia keeps no daylight saving: its three zones have had these offsets since 1964,
// so the zones colleges use need no formatter at all (creating one costs ~15 ms on a cheap phone).
const fixedOffsets: Record<string, number> = {
  'Asia/Jakarta': 420,
  'Asia/Makassar': 480,
  'Asia/Jayapura': 540,
};
const fixedSince = Date.UTC(1965, 0, 1);
// Offsets change on the quarter hour in every zone (at 02:00 local in a UTC−3:30 zone, 05:30 UTC).
const quarterHourMs = 900_000;
const zoneOffsets = new Map<string, number>();

/**
 * Minutes a zone is ahead of UTC at an instant. dayjs's `tz()` builds a new formatter and parses its
 * text on every call (~0.1 ms; a calendar month made hundreds of them on a phone's first paint), so
 * the offset comes from one cached formatter per zone and is remembered per zone and quarter hour.
 */
function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const fixed = fixedOffsets[timeZone];
  if (fixed !== undefined && epochMs >= fixedSince) return fixed;
  const key = `${timeZone} ${Math.floor(epochMs / quarterHourMs)}`;
  const known = zoneOffsets.get(key);
  if (known !== undefined) return known;
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of formatter.formatToParts(epochMs)) part[type] = Number(value);
  const wallClock = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  const offset = Math.round((wallClock - Math.floor(epochMs / 1000) * 1000) / 60_000);
  if (zoneOffsets.size > 5000) zoneOffsets.clear();
  zoneOffsets.set(key, offset);
  return offset;
}

/** An instant in a zone, as dayjs's `tz()` gives it (same offset, same `$timezone` mark), cheaply. */
function toZone(instant: dayjs.Dayjs, timeZone: string): dayjs.Dayjs {
  const zoned = instant.utcOffset(zoneOffsetMinutes(instant.valueOf(), timeZone));
  // What `tz()` sets, so that `startOf` and the 'z' format of the plugin treat it as zoned.
  (zoned as unknown as { $x: { $timezone?: string } }).$x.$timezone = timeZone;
  return zoned;
}

/** Formats an instant for the header clock: 'D MMM YYYY, HH:mm:ss WIB'. */
export function formatClock(epochMs: number, timeZone: string): string {
  return `${toZone(dayjs(epochMs), timeZone).format('D MMM YYYY, HH:mm:ss')} ${timeZoneLabel(timeZone)}`;
}

/** Hour of the day of an instant in the college time zone. */
export function hourInZone(epochMs: number, timeZone: string): number {
  return toZone(dayjs(epochMs), timeZone).hour();
}

/** Display formats of spec 1 §9. */
export const dateFormat = 'DD MMM YYYY';
export const timeFormat = 'HH:mm';
export const dateTimeFormat = 'DD MMM YYYY, HH:mm';
export const pickerFormat = 'DD/MM/YYYY, HH:mm';

type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

/** An instant in the college zone, or null for empty values (including 0001-01-01). */
export function inZone(value: DateInput, timeZone: string = defaultTimeZone): dayjs.Dayjs | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && isEmptyDate(value)) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? toZone(parsed, timeZone) : null;
}

/** 'DD MMM YYYY' in the college zone: '01 Sep 2026'; '-' when empty. */
export function formatDate(value: DateInput, timeZone?: string): string {
  return inZone(value, timeZone)?.format(dateFormat) ?? '-';
}

/** 'HH:mm' (24-hour) in the college zone; '-' when empty. */
export function formatTime(value: DateInput, timeZone?: string): string {
  return inZone(value, timeZone)?.format(timeFormat) ?? '-';
}

/** 'DD MMM YYYY, HH:mm WIB' in the college zone; '-' when empty. */
export function formatDateTime(value: DateInput, timeZone: string = defaultTimeZone): string {
  const d = inZone(value, timeZone);
  return d ? `${d.format(dateTimeFormat)} ${timeZoneLabel(timeZone)}` : '-';
}

/**
 * A time range in the college zone: '01 Sep 2026, 08:00 - 10:30 WIB' within one day, else
 * '01 Sep 2026, 08:00 - 02 Sep 2026, 10:30 WIB'. An empty end shows the start alone.
 */
export function formatDateTimeRange(
  start: DateInput,
  end: DateInput,
  timeZone: string = defaultTimeZone,
): string {
  const from = inZone(start, timeZone);
  const to = inZone(end, timeZone);
  if (!from && !to) return '-';
  const label = timeZoneLabel(timeZone);
  if (!from) return `- s.d. ${to!.format(dateTimeFormat)} ${label}`;
  if (!to) return `${from.format(dateTimeFormat)} ${label}`;
  const sameDay = from.format('YYYY-MM-DD') === to.format('YYYY-MM-DD');
  return sameDay
    ? `${from.format(dateTimeFormat)} - ${to.format(timeFormat)} ${label}`
    : `${from.format(dateTimeFormat)} - ${to.format(dateTimeFormat)} ${label}`;
}

/** The local calendar day (YYYY-MM-DD) of an instant in the college zone. */
export function dayKey(value: DateInput, timeZone: string = defaultTimeZone): string {
  return inZone(value, timeZone)?.format('YYYY-MM-DD') ?? '';
}

/**
 * Date pickers work in the browser's zone; the college's zone is what people mean. This gives a picker
 * value showing the instant's wall-clock time in the college zone…
 */
export function toPickerValue(value: DateInput, timeZone: string = defaultTimeZone): dayjs.Dayjs | null {
  const d = inZone(value, timeZone);
  return d ? dayjs(d.format('YYYY-MM-DDTHH:mm:ss')) : null;
}

/** …and reads a picker value back as that wall-clock time in the college zone, as an ISO instant. */
export function fromPickerValue(value: dayjs.Dayjs, timeZone: string = defaultTimeZone): string {
  return dayjs.tz(value.format('YYYY-MM-DDTHH:mm:ss'), timeZone).toISOString();
}

/**
 * A Form.Item `normalize` for pickers of a start or an end: whole minutes, as the pickers show them.
 * antd's "Sekarang" fills in the current second, so 18:41:37 would count 29 of the 30 minutes to 19:11.
 */
export function wholeMinutePickerValue(value: dayjs.Dayjs | null | undefined): dayjs.Dayjs | null {
  return value ? value.startOf('minute') : null;
}

/** Today's date in the college zone, as a date-only value (the dashboard calendar's month and day). */
export function todayInZone(timeZone: string): Dayjs {
  return dayjs(dayKey(Date.now(), timeZone));
}
