import { describe, expect, it } from 'vitest';
import { formatClock, isEmptyDate, parseApiDate, timeZoneLabel } from './date.ts';

describe('dates', () => {
  it('treats 0001-01-01T00:00:00Z and null as empty', () => {
    expect(isEmptyDate('0001-01-01T00:00:00Z')).toBe(true);
    expect(isEmptyDate(null)).toBe(true);
    expect(parseApiDate('0001-01-01T00:00:00Z')).toBeNull();
    expect(parseApiDate('2026-08-31T10:00:00Z')?.toISOString()).toBe('2026-08-31T10:00:00.000Z');
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
