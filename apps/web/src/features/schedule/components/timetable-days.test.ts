import { describe, expect, it } from 'vitest';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import dayjs from 'dayjs';
import '../../../lib/date.ts';
import {
  dayNames,
  dayTitle,
  meetingsByDay,
  rangeTitle,
  shiftAnchor,
  timetableRange,
} from './timetable-days.ts';

describe('timetable ranges', () => {
  it('covers Minggu to Sabtu of the anchor week in the college zone', () => {
    const range = timetableRange('minggu', '2026-05-14', 'Asia/Jakarta');
    expect(range.days[0]).toBe('2026-05-10');
    expect(range.days).toHaveLength(7);
    expect(range.days.map((day) => dayNames[dayjs(day).day()])).toEqual([...dayNames]);
    expect(range.start).toBe('2026-05-09T17:00:00.000Z');
    expect(range.end).toBe('2026-05-16T17:00:00.000Z');
    expect(rangeTitle('minggu', range, '2026-05-14')).toBe('10 - 16 Mei 2026');
  });

  it('keeps a Minggu in its own week and a Sabtu in the week before the next Minggu', () => {
    expect(timetableRange('minggu', '2026-05-10', 'Asia/Jakarta').days[0]).toBe('2026-05-10');
    expect(timetableRange('minggu', '2026-05-16', 'Asia/Jakarta').days[0]).toBe('2026-05-10');
    expect(timetableRange('minggu', '2026-05-17', 'Asia/Jakarta').days[0]).toBe('2026-05-17');
  });

  it('pads a month to whole weeks within the 62-day limit', () => {
    const range = timetableRange('bulan', '2026-05-14', 'Asia/Makassar');
    // 1 May 2026 is a Friday and 31 May a Sunday: six whole weeks, Minggu 26 April to Sabtu 6 June.
    expect(range.days[0]).toBe('2026-04-26');
    expect(range.days[range.days.length - 1]).toBe('2026-06-06');
    expect(range.days).toHaveLength(42);
    expect(range.inRange.has('2026-04-30')).toBe(false);
    expect(range.inRange.has('2026-05-01')).toBe(true);
    expect(range.inRange.has('2026-05-31')).toBe(true);
    expect(range.inRange.has('2026-06-01')).toBe(false);
    expect(range.start).toBe('2026-04-25T16:00:00.000Z');
    expect(rangeTitle('bulan', range, '2026-05-14')).toBe('Mei 2026');
  });

  it('titles weeks that span months and years', () => {
    const range = timetableRange('minggu', '2026-12-31', 'Asia/Jakarta');
    expect(rangeTitle('minggu', range, '2026-12-31')).toBe('27 Des 2026 - 2 Jan 2027');
  });

  it('moves by a week or a month', () => {
    expect(shiftAnchor('minggu', '2026-05-14', 1)).toBe('2026-05-21');
    expect(shiftAnchor('bulan', '2026-01-31', 1)).toBe('2026-02-28');
  });

  it('steps from week to adjacent week, whatever day of the week the anchor is', () => {
    for (const anchor of ['2026-05-10', '2026-05-13', '2026-05-16']) {
      const next = timetableRange('minggu', shiftAnchor('minggu', anchor, 1), 'Asia/Jakarta');
      const previous = timetableRange('minggu', shiftAnchor('minggu', anchor, -1), 'Asia/Jakarta');
      expect(next.days[0]).toBe('2026-05-17');
      expect(previous.days[0]).toBe('2026-05-03');
    }
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
