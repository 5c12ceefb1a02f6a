import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@lms/contract/dashboard.schema';
import '../../../lib/date.ts';
import { eventDayKeys, eventTimeText, sortDayEvents } from './calendar-card.tsx';

const zone = 'Asia/Jakarta';

function event(
  jenis: CalendarEvent['jenis'],
  waktu_mulai: string,
  waktu_selesai: string,
  id = `${jenis}:1`,
): CalendarEvent {
  return {
    id,
    jenis,
    judul: 'Uji',
    waktu_mulai,
    waktu_selesai,
    tautan: '/',
    kelas: { id: 'k', nama: '01', mata_kuliah: { id: 'm', kode: 'M', nama: 'Matematika' } },
    pertemuan: null,
  };
}

describe('eventDayKeys', () => {
  it('puts an event on each local day of its window', () => {
    // 10 Feb 09:00 WIB to 12 Feb 09:00 WIB.
    const exam = event('ujian', '2027-02-10T02:00:00Z', '2027-02-12T02:00:00Z');
    expect(eventDayKeys(exam, zone)).toEqual(['2027-02-10', '2027-02-11', '2027-02-12']);
  });

  it('keeps a window ending at local midnight and a deadline to their own day', () => {
    const untilMidnight = event('ujian', '2027-02-10T02:00:00Z', '2027-02-10T17:00:00Z');
    expect(eventDayKeys(untilMidnight, zone)).toEqual(['2027-02-10']);
    // 23:59 WIB on the 11th is 16:59 UTC.
    const deadline = event('tugas', '2027-02-11T16:59:00Z', '2027-02-11T16:59:00Z');
    expect(eventDayKeys(deadline, zone)).toEqual(['2027-02-11']);
  });

  it('stops after the longest range the calendar asks for', () => {
    const long = event('ujian', '2027-01-01T00:00:00Z', '2027-12-31T00:00:00Z');
    expect(eventDayKeys(long, zone)).toHaveLength(62);
  });
});

describe('eventTimeText', () => {
  it('says a task deadline, a range within a day and one across days', () => {
    expect(eventTimeText(event('tugas', '2027-02-11T16:59:00Z', '2027-02-11T16:59:00Z'), zone)).toBe(
      'Tenggat 23:59 WIB',
    );
    expect(eventTimeText(event('vidcon', '2027-02-10T03:00:00Z', '2027-02-10T04:00:00Z'), zone)).toBe(
      '10:00 - 11:00 WIB',
    );
    expect(eventTimeText(event('ujian', '2027-02-10T02:00:00Z', '2027-02-12T02:00:00Z'), zone)).toBe(
      '10 Feb 09:00 - 12 Feb 09:00 WIB',
    );
  });
});

describe('sortDayEvents', () => {
  it('orders by the time on the day, windows running through the whole day last', () => {
    const running = event('ujian', '2027-02-08T02:00:00Z', '2027-02-14T02:00:00Z', 'ujian:week');
    // Closes at 08:00 WIB on the 10th, after opening on the 9th.
    const closing = event('ujian', '2027-02-09T02:00:00Z', '2027-02-10T01:00:00Z', 'ujian:closing');
    const meeting = event('pertemuan', '2027-02-10T03:00:00Z', '2027-02-10T05:00:00Z', 'pertemuan:1');
    const deadline = event('tugas', '2027-02-10T16:59:00Z', '2027-02-10T16:59:00Z', 'tugas:1');
    const sorted = sortDayEvents([running, deadline, meeting, closing], '2027-02-10', zone);
    expect(sorted.map((e) => e.id)).toEqual(['ujian:closing', 'pertemuan:1', 'tugas:1', 'ujian:week']);
  });
});
