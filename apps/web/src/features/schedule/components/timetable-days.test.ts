import { describe, expect, it } from 'vitest';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import '../../../lib/date.ts';
import { dayTitle, meetingsByDay, rangeTitle, shiftAnchor, timetableRange } from './timetable-days.ts';

describe('timetable ranges', () => {
  it('covers Monday to Sunday of the anchor week in the college zone', () => {
    const range = timetableRange('minggu', '2026-05-14', 'Asia/Jakarta');
    expect(range.days[0]).toBe('2026-05-11');
    expect(range.days).toHaveLength(7);
    expect(range.start).toBe('2026-05-10T17:00:00.000Z');
    expect(range.end).toBe('2026-05-17T17:00:00.000Z');
    expect(rangeTitle('minggu', range, '2026-05-14')).toBe('11 - 17 Mei 2026');
  });

  it('pads a month to whole weeks within the 62-day limit', () => {
    const range = timetableRange('bulan', '2026-05-14', 'Asia/Makassar');
    expect(range.days[0]).toBe('2026-04-27');
    expect(range.days[range.days.length - 1]).toBe('2026-05-31');
    expect(range.inRange.has('2026-04-30')).toBe(false);
    expect(range.inRange.has('2026-05-01')).toBe(true);
    expect(range.start).toBe('2026-04-26T16:00:00.000Z');
    expect(rangeTitle('bulan', range, '2026-05-14')).toBe('Mei 2026');
  });

  it('titles weeks that span months and years', () => {
    const range = timetableRange('minggu', '2026-12-31', 'Asia/Jakarta');
    expect(rangeTitle('minggu', range, '2026-12-31')).toBe('28 Des 2026 - 3 Jan 2027');
  });

  it('moves by a week or a month', () => {
    expect(shiftAnchor('minggu', '2026-05-14', 1)).toBe('2026-05-21');
    expect(shiftAnchor('bulan', '2026-01-31', 1)).toBe('2026-02-28');
  });

  it('groups meetings by local day, ordered by start', () => {
    const at = (id: string, waktu_mulai: string) => ({ id, waktu_mulai }) as MeetingListItem;
    // 23:30 UTC on the 11th is already the 12th in WIB.
    const byDay = meetingsByDay(
      [at('b', '2026-05-12T03:00:00Z'), at('a', '2026-05-11T23:30:00Z'), at('c', '2026-05-11T02:00:00Z')],
      'Asia/Jakarta',
    );
    expect(byDay.get('2026-05-12')?.map((m) => m.id)).toEqual(['a', 'b']);
    expect(byDay.get('2026-05-11')?.map((m) => m.id)).toEqual(['c']);
    expect(dayTitle('2026-05-11')).toBe('Senin, 11 Mei 2026');
  });
});
