import { describe, expect, it } from 'vitest';
import { readClassSettings } from './class.rules.ts';
import {
  planSemesterMeetings,
  canEndMeeting,
  canStartMeeting,
  isBlockingClash,
  isIgnorableClashGroup,
  isMeetingScheduleEditable,
  isRoomUnavailable,
  labelOfMeetingStatus,
  normalizeAttendanceParameters,
  normalizeMeetingCategory,
  normalizeMeetingKind,
  rangesOverlap,
  validateMeetingEdit,
  weeklySlotOccurrences,
  zonedParts,
} from './meeting.rules.ts';

const tz = 'Asia/Jakarta';
const sesi = { nama: 'Sesi 2', jam_mulai: '10:00:00', jam_selesai: '12:30:00' };
const complete = {
  judul: 'Judul',
  deskripsi: 'Deskripsi',
  jenis: 'offline' as const,
  waktu_mulai: new Date('2030-01-07T10:30:00+07:00'),
  waktu_selesai: new Date('2030-01-07T12:00:00+07:00'),
  id_sesi: 's',
  sesi,
  id_ruangan: 'r',
  ticked_teachers: 1,
};

describe('meeting rules', () => {
  it('labels statuses', () => {
    expect(labelOfMeetingStatus('belum_dimulai')).toBe('Belum Dimulai');
    expect(labelOfMeetingStatus('berlangsung')).toBe('Sedang Berlangsung');
    expect(labelOfMeetingStatus('selesai')).toBe('Telah Berakhir');
    expect(labelOfMeetingStatus('x')).toBe('-');
  });
  it('defaults empty jenis to online and empty kategori to kuliah', () => {
    expect(normalizeMeetingKind('')).toBe('online');
    expect(normalizeMeetingKind(null)).toBe('online');
    expect(normalizeMeetingKind('offline')).toBe('offline');
    expect(normalizeMeetingCategory('')).toBe('kuliah');
    expect(normalizeMeetingCategory('uas')).toBe('uas');
  });
  it('fits attendance parameters to the kind', () => {
    const p = {
      hadir_vidcon: true,
      kerjakan_kuis_ujian: false,
      kerjakan_tugas: true,
      posting_forum: false,
      unduh_materi: false,
    };
    expect(normalizeAttendanceParameters('online', p)).toEqual({ ...p, unduh_materi: true });
    expect(Object.values(normalizeAttendanceParameters('offline', p)).every((v) => !v)).toBe(true);
    expect(normalizeAttendanceParameters('campuran', p)).toEqual(p);
  });
  it('follows ubah_jadwal_pertemuan per kind', () => {
    const s = readClassSettings({
      pengaturan_kelas: { ubah_jadwal_pertemuan: { online: false, offline: true } },
    });
    expect(isMeetingScheduleEditable(s, 'online')).toBe(false);
    expect(isMeetingScheduleEditable(s, 'offline')).toBe(true);
    expect(isMeetingScheduleEditable(s, 'campuran')).toBe(true);
  });
  it('marks a room unavailable when out of use or full', () => {
    expect(isRoomUnavailable({ is_available: true, kapasitas: 40 }, 39)).toBe(false);
    expect(isRoomUnavailable({ is_available: true, kapasitas: 40 }, 40)).toBe(true);
    expect(isRoomUnavailable({ is_available: false, kapasitas: 40 }, 1)).toBe(true);
  });
  it('moves status forward only', () => {
    expect(canStartMeeting('belum_dimulai')).toBe(true);
    expect(canStartMeeting('berlangsung')).toBe(false);
    expect(canEndMeeting('berlangsung')).toBe(true);
    expect(canEndMeeting('selesai')).toBe(false);
  });
  it('computes local date and time in the zone', () => {
    expect(zonedParts(new Date('2030-01-06T17:30:00Z'), tz)).toEqual({
      date: '2030-01-07',
      time: '00:30:00',
      hari: 1,
    });
    expect(zonedParts(new Date('2030-01-06T17:30:00Z'), 'Asia/Jayapura').time).toBe('02:30:00');
  });
  it('requires title and description, max 300 characters', () => {
    const r = validateMeetingEdit(
      { judul: ' ', deskripsi: '', jenis: 'online' },
      { scheduleEditable: false, timeZone: tz },
    );
    expect(r.missing.map((e) => e.message)).toEqual(['Judul wajib diisi!', 'Deskripsi wajib diisi!']);
    const long = validateMeetingEdit(
      { judul: 'a', deskripsi: 'x'.repeat(301), jenis: 'online' },
      { scheduleEditable: false, timeZone: tz },
    );
    expect(long.invalid).toEqual([
      { field: 'deskripsi', message: 'Deskripsi tidak boleh lebih dari 300 karakter' },
    ]);
  });
  it('requires the schedule fields only when editable; a room only offline', () => {
    expect(validateMeetingEdit(complete, { scheduleEditable: true, timeZone: tz })).toEqual({
      missing: [],
      invalid: [],
    });
    const empty = validateMeetingEdit(
      {
        ...complete,
        waktu_mulai: null,
        waktu_selesai: null,
        id_sesi: null,
        id_ruangan: null,
        ticked_teachers: 0,
      },
      { scheduleEditable: true, timeZone: tz },
    );
    expect(empty.missing.map((e) => e.message)).toEqual([
      'Tanggal wajib diisi!',
      'Waktu wajib diisi!',
      'Sesi wajib diisi!',
      'id_ruangan wajib diisi!',
      'Pengajar wajib diisi!',
    ]);
    expect(
      validateMeetingEdit(
        { ...complete, jenis: 'online', id_ruangan: null },
        { scheduleEditable: true, timeZone: tz },
      ).missing,
    ).toEqual([]);
    expect(
      validateMeetingEdit({ ...complete, waktu_mulai: null }, { scheduleEditable: false, timeZone: tz })
        .missing,
    ).toEqual([]);
  });
  it('keeps the start in the session window and the end on the same day', () => {
    const early = validateMeetingEdit(
      { ...complete, waktu_mulai: new Date('2030-01-07T09:59:00+07:00') },
      { scheduleEditable: true, timeZone: tz },
    );
    expect(early.invalid).toEqual([
      { field: 'waktu_mulai', message: 'Waktu mulai harus di antara 10:00 dan 12:30 (Sesi 2)' },
    ]);
    const atEnd = validateMeetingEdit(
      {
        ...complete,
        waktu_mulai: new Date('2030-01-07T12:30:00+07:00'),
        waktu_selesai: new Date('2030-01-07T23:59:59+07:00'),
      },
      { scheduleEditable: true, timeZone: tz },
    );
    expect(atEnd.invalid).toEqual([]);
    const nextDay = validateMeetingEdit(
      { ...complete, waktu_selesai: new Date('2030-01-08T00:00:00+07:00') },
      { scheduleEditable: true, timeZone: tz },
    );
    expect(nextDay.invalid[0]!.message).toBe('Waktu selesai paling lambat pukul 23:59:59 di hari yang sama');
    const reversed = validateMeetingEdit(
      { ...complete, waktu_selesai: new Date('2030-01-07T10:00:00+07:00') },
      { scheduleEditable: true, timeZone: tz },
    );
    expect(reversed.invalid[0]!.message).toBe('Waktu selesai harus setelah waktu mulai');
  });
  it('blocks on any class clash and non-ignorable room or teacher clashes', () => {
    const none = {
      bentrok_kelas: { data: [] },
      bentrok_ruangan: { is_ignorable: false, data: [] },
      bentrok_pengajar: { is_ignorable: false, data: [] },
    };
    expect(isBlockingClash(none)).toBe(false);
    expect(isBlockingClash({ ...none, bentrok_kelas: { data: [1] } })).toBe(true);
    expect(isBlockingClash({ ...none, bentrok_ruangan: { is_ignorable: true, data: [1] } })).toBe(false);
    expect(isBlockingClash({ ...none, bentrok_pengajar: { is_ignorable: false, data: [1] } })).toBe(true);
  });
  it('overlaps half-open ranges', () => {
    const d = (h: number) => new Date(Date.UTC(2030, 0, 1, h));
    expect(rangesOverlap(d(1), d(3), d(2), d(4))).toBe(true);
    expect(rangesOverlap(d(1), d(2), d(2), d(3))).toBe(false);
  });
  it('finds the dates of a weekly slot inside a range, in the college time zone and the period', () => {
    // 2030-01-07 is a Monday (hari 1); the slot is 08:00–10:00 local.
    const slot = { hari: 1, jam_mulai: '08:00:00', jam_selesai: '10:00:00' };
    const period = { from: '2029-09-01', to: '2030-02-28' };
    const at = (iso: string) => new Date(iso);
    const monday = { start: at('2030-01-07T09:00:00+07:00'), end: at('2030-01-07T11:00:00+07:00') };
    expect(weeklySlotOccurrences(slot, monday, period, tz)).toEqual([
      { start: at('2030-01-07T08:00:00+07:00'), end: at('2030-01-07T10:00:00+07:00') },
    ]);
    // The same instants are 10:00–12:00 in WIT: the slot has ended by then.
    expect(weeklySlotOccurrences(slot, monday, period, 'Asia/Jayapura')).toEqual([]);
    // Back to back is no clash; another weekday is none; outside the period is none.
    const after = { start: at('2030-01-07T10:00:00+07:00'), end: at('2030-01-07T12:00:00+07:00') };
    expect(weeklySlotOccurrences(slot, after, period, tz)).toEqual([]);
    const tuesday = { start: at('2030-01-08T08:00:00+07:00'), end: at('2030-01-08T10:00:00+07:00') };
    expect(weeklySlotOccurrences(slot, tuesday, period, tz)).toEqual([]);
    expect(weeklySlotOccurrences(slot, monday, { from: '2030-01-08', to: '2030-06-30' }, tz)).toEqual([]);
    // A range over two weeks meets the slot twice; an empty range never.
    const fortnight = { start: at('2030-01-06T00:00:00+07:00'), end: at('2030-01-20T00:00:00+07:00') };
    expect(weeklySlotOccurrences(slot, fortnight, period, tz)).toHaveLength(2);
    expect(weeklySlotOccurrences(slot, { start: monday.end, end: monday.start }, period, tz)).toEqual([]);
  });
  it('lets a room or teacher clash group be ignored only when all of it is weekly slots', () => {
    expect(isIgnorableClashGroup([])).toBe(false);
    expect(isIgnorableClashGroup([{ sumber: 'jadwal_kelas' }])).toBe(true);
    expect(isIgnorableClashGroup([{ sumber: 'jadwal_kelas' }, { sumber: 'pertemuan' }])).toBe(false);
  });
});

describe('planSemesterMeetings', () => {
  it('plans 16 weekly meetings at the slot from the first matching day, exams 8th and 16th', () => {
    // 2027-02-01 is a Monday; the slot is Wednesday 08:00–09:40 WIB.
    const planned = planSemesterMeetings({
      periodStart: '2027-02-01',
      hari: 3,
      jamMulai: '08:00',
      jamSelesai: '09:40',
      mode: 'offline',
      timeZone: 'Asia/Jakarta',
    });
    expect(planned).toHaveLength(16);
    expect(planned[0]).toEqual({
      nomor: 1,
      kategori: 'kuliah',
      jenis: 'offline',
      judul: 'Pertemuan 1',
      waktuMulai: new Date('2027-02-03T01:00:00Z'),
      waktuSelesai: new Date('2027-02-03T02:40:00Z'),
    });
    expect(planned[7]).toMatchObject({ nomor: 8, kategori: 'uts', judul: 'Ujian Tengah Semester' });
    expect(planned[15]).toMatchObject({
      nomor: 16,
      kategori: 'uas',
      judul: 'Ujian Akhir Semester',
      waktuMulai: new Date('2027-05-19T01:00:00Z'),
    });
  });

  it('starts on the first day itself when it is the slot, in the college zone; a mixed class alternates', () => {
    const planned = planSemesterMeetings({
      periodStart: '2027-02-01',
      hari: 1,
      jamMulai: '07:30:00',
      jamSelesai: '09:00:00',
      mode: 'campuran',
      timeZone: 'Asia/Jayapura',
    });
    expect(planned[0]!.waktuMulai).toEqual(new Date('2027-01-31T22:30:00Z'));
    expect(planned.slice(0, 4).map((m) => m.jenis)).toEqual(['offline', 'online', 'offline', 'online']);
    expect(planned[7]!.jenis).toBe('offline');
  });
});
