import dayjs from 'dayjs';
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

/** Parses an API date, giving null for empty values. */
export function parseApiDate(value: string | null | undefined): dayjs.Dayjs | null {
  return isEmptyDate(value) ? null : dayjs(value);
}

/** Formats an instant for the header clock: 'D MMM YYYY, HH:mm:ss WIB'. */
export function formatClock(epochMs: number, timeZone: string): string {
  return `${dayjs(epochMs).tz(timeZone).format('D MMM YYYY, HH:mm:ss')} ${timeZoneLabel(timeZone)}`;
}

/** Hour of the day of an instant in the college time zone. */
export function hourInZone(epochMs: number, timeZone: string): number {
  return dayjs(epochMs).tz(timeZone).hour();
}
