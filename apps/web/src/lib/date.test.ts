import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dayKey,
  formatClock,
  formatDate,
  formatDateTime,
  formatDateTimeRange,
  formatTime,
  fromPickerValue,
  hourInZone,
  inZone,
  isEmptyDate,
  timeZoneLabel,
  toPickerValue,
  wholeMinutePickerValue,
} from './date.ts';

describe('dates', () => {
  it("puts instants in a zone exactly as dayjs's tz() does, across daylight-saving changes", () => {
    const zones = [
      'Asia/Jakarta',
      'Asia/Makassar',
      'Asia/Jayapura',
      'UTC',
      'Europe/Berlin',
      'America/St_Johns',
    ];
    // Around the 2026 changes in Berlin (29 Mar, 25 Oct, 01:00 UTC) and St. John's (8 Mar, 1 Nov), every 5 min.
    const around = [
      '2026-03-29T00:00:00Z',
      '2026-10-25T00:00:00Z',
      '2026-03-08T04:00:00Z',
      '2026-11-01T02:00:00Z',
    ];
    for (const zone of zones) {
      for (const start of around) {
        for (let step = 0; step < 48; step++) {
          const instant = Date.parse(start) + step * 300_000 + 17_123;
          const expected = dayjs(instant).tz(zone);
          const actual = inZone(instant, zone)!;
          expect(
            actual.format('YYYY-MM-DD HH:mm:ss.SSS Z'),
            `${zone} ${new Date(instant).toISOString()}`,
          ).toBe(expected.format('YYYY-MM-DD HH:mm:ss.SSS Z'));
          expect(actual.valueOf()).toBe(instant);
          expect(actual.startOf('day').valueOf()).toBe(expected.startOf('day').valueOf());
          expect(hourInZone(instant, zone)).toBe(expected.hour());
        }
      }
    }
  });

  it('treats 0001-01-01T00:00:00Z and null as empty', () => {
    expect(isEmptyDate('0001-01-01T00:00:00Z')).toBe(true);
    expect(isEmptyDate(null)).toBe(true);
  });

  it('labels the Indonesian zones', () => {
    expect(timeZoneLabel('Asia/Jakarta')).toBe('WIB');
    expect(timeZoneLabel('Asia/Makassar')).toBe('WITA');
    expect(timeZoneLabel('Asia/Jayapura')).toBe('WIT');
  });

  it('formats the header clock in the college zone', () => {
    const instant = Date.parse('2026-08-31T17:05:09Z');
    expect(formatClock(instant, 'Asia/Jakarta')).toBe('1 Sep 2026, 00:05:09 WIB');
    expect(formatClock(instant, 'Asia/Jayapura')).toBe('1 Sep 2026, 02:05:09 WIT');
  });
});

describe('display formats', () => {
  const instant = '2026-08-31T17:05:09Z';
  it('formats dates and times in the college zone', () => {
    expect(formatDate(instant, 'Asia/Jakarta')).toBe('01 Sep 2026');
    expect(formatTime(instant, 'Asia/Jakarta')).toBe('00:05');
    expect(formatTime(instant, 'Asia/Makassar')).toBe('01:05');
    expect(formatDateTime(instant, 'Asia/Makassar')).toBe('01 Sep 2026, 01:05 WITA');
    expect(formatDate('2026-08-31T16:59:00Z')).toBe('31 Agt 2026');
  });
  it('shows - for empty values', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatTime('0001-01-01T00:00:00Z')).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
  });
  it('finds local days in the zone', () => {
    expect(dayKey(instant, 'Asia/Jakarta')).toBe('2026-09-01');
    expect(dayKey(instant, 'UTC')).toBe('2026-08-31');
  });
  it('formats ranges within and across days', () => {
    expect(formatDateTimeRange('2026-09-01T01:00:00Z', '2026-09-01T03:30:00Z')).toBe(
      '01 Sep 2026, 08:00 - 10:30 WIB',
    );
    expect(formatDateTimeRange('2026-09-01T01:00:00Z', null)).toBe('01 Sep 2026, 08:00 WIB');
  });
});

describe('picker values in the college zone', () => {
  it('shows and reads the wall-clock time of the college zone, whatever the browser zone', () => {
    const picked = toPickerValue('2026-09-01T01:30:00Z', 'Asia/Jayapura');
    expect(picked?.format('YYYY-MM-DD HH:mm')).toBe('2026-09-01 10:30');
    expect(fromPickerValue(picked!, 'Asia/Jayapura')).toBe('2026-09-01T01:30:00.000Z');
    expect(toPickerValue(null)).toBeNull();
  });

  it('keeps whole minutes: "Sekarang" fills in seconds the picker does not show (issue 45)', () => {
    const now = dayjs('2026-11-24T18:41:37.512');
    expect(wholeMinutePickerValue(now)?.format('HH:mm:ss.SSS')).toBe('18:41:00.000');
    expect(wholeMinutePickerValue(null)).toBeNull();
  });
});
