import { describe, expect, it } from 'vitest';
import { calendarMaxDays, calendarMonthRange, localMonthOf } from './dashboard.rules.ts';

describe('the calendar month view', () => {
  it('asks from a week before the first day to two weeks after the month, from local midnights', () => {
    expect(calendarMonthRange('2026-11', 'Asia/Jakarta')).toEqual({
      start: '2026-10-24T17:00:00.000Z',
      end: '2026-12-14T17:00:00.000Z',
    });
    expect(calendarMonthRange('2026-12', 'Asia/Jayapura')).toEqual({
      start: '2026-11-23T15:00:00.000Z',
      end: '2027-01-14T15:00:00.000Z',
    });
    expect(calendarMonthRange('2027-02', 'Asia/Makassar')).toEqual({
      start: '2027-01-24T16:00:00.000Z',
      end: '2027-03-14T16:00:00.000Z',
    });
  });

  it('stays within the longest range the calendar answers', () => {
    const { start, end } = calendarMonthRange('2027-01', 'Asia/Jakarta');
    expect((Date.parse(end) - Date.parse(start)) / 86_400_000).toBeLessThanOrEqual(calendarMaxDays);
  });

  it("takes the month of the college's zone, not UTC's", () => {
    // 30 November 2026, 20:00 UTC: already 1 December in WIB, WITA and WIT.
    const instant = Date.parse('2026-11-30T20:00:00Z');
    expect(localMonthOf(instant, 'Asia/Jakarta')).toBe('2026-12');
    expect(localMonthOf(instant, 'Asia/Jayapura')).toBe('2026-12');
    expect(localMonthOf(Date.parse('2026-11-30T16:59:00Z'), 'Asia/Jakarta')).toBe('2026-11');
    expect(localMonthOf(Date.parse('2026-11-30T16:59:00Z'), 'Asia/Makassar')).toBe('2026-12');
  });
});
