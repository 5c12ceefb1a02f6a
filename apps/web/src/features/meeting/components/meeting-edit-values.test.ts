import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ClashCheckResult } from '@lms/contract/meeting.schema';
import '../../../lib/date.ts';
import { meeting, sesi } from './meeting-detail.fixture.ts';
import {
  buildClashCheck,
  buildMeetingUpdate,
  formFieldOf,
  hasMeetingChanged,
  initialMeetingFormValues,
  moveToDate,
  saveState,
  scheduleRuleErrors,
  sessionTimesOn,
} from './meeting-edit-values.ts';

const noClash: ClashCheckResult = {
  bentrok_kelas: { data: [] },
  bentrok_ruangan: { is_ignorable: false, data: [] },
  bentrok_pengajar: { is_ignorable: false, data: [] },
  is_blocking: false,
};

describe('the meeting form', () => {
  it('shows the times as the college wall clock and sends them back unchanged', () => {
    const m = meeting();
    const values = initialMeetingFormValues(m);
    expect(values.waktu_mulai?.format('DD/MM/YYYY, HH:mm')).toBe('12/05/2026, 07:30');
    expect(values.tanggal?.format('YYYY-MM-DD')).toBe('2026-05-12');
    const body = buildMeetingUpdate(values, m);
    expect(body.waktu_mulai).toBe('2026-05-12T00:30:00.000Z');
    expect(body.waktu_selesai).toBe('2026-05-12T03:00:00.000Z');
    expect(body.pengajar_kelas).toEqual([
      { id: 'd1', is_pengajar: true },
      { id: 'd2', is_pengajar: true },
    ]);
    expect(body).not.toHaveProperty('parameter_kehadiran');
    expect(hasMeetingChanged(values, m)).toBe(false);
  });

  it('drops schedule, session, room and teachers when the schedule is not editable', () => {
    const m = meeting({}, { ubah_jadwal: false, ubah_pengajar: false });
    const values = { ...initialMeetingFormValues(m), judul: 'Baru' };
    const body = buildMeetingUpdate(values, m);
    expect(Object.keys(body).sort()).toEqual(['deskripsi', 'jenis', 'judul', 'kategori', 'metode']);
    expect(hasMeetingChanged(values, m)).toBe(true);
  });

  it('sends teachers only for the main teacher', () => {
    const m = meeting({}, { ubah_pengajar: false });
    expect(buildMeetingUpdate(initialMeetingFormValues(m), m)).not.toHaveProperty('pengajar_kelas');
  });

  it('gives online meetings no room and defaults empty kind and category', () => {
    const m = meeting({}, { ubah_parameter_kehadiran: true });
    const values = { ...initialMeetingFormValues(m), jenis: '' as const, kategori: '' as const };
    const body = buildMeetingUpdate(values, m);
    expect(body.jenis).toBe('online');
    expect(body.kategori).toBe('kuliah');
    expect(body.id_ruangan).toBeNull();
    expect(body.parameter_kehadiran?.unduh_materi).toBe(true);
  });

  it('clears attendance parameters of offline meetings', () => {
    const m = meeting({}, { ubah_parameter_kehadiran: true });
    const values = initialMeetingFormValues(m);
    values.parameter_kehadiran = { ...values.parameter_kehadiran, hadir_vidcon: true };
    expect(Object.values(buildMeetingUpdate(values, m).parameter_kehadiran ?? {})).not.toContain(true);
  });

  it('builds the clash check of the proposed schedule', () => {
    const m = meeting();
    const values = initialMeetingFormValues(m);
    values.waktu_mulai = dayjs('2026-05-19T07:30:00');
    values.waktu_selesai = dayjs('2026-05-19T10:00:00');
    expect(buildClashCheck(values, m)).toMatchObject({
      id_kelas_kuliah: '20261_01_IF2102',
      id_pertemuan: m.id,
      waktu_mulai: '2026-05-19T00:30:00.000Z',
      waktu_selesai: '2026-05-19T03:00:00.000Z',
      id_ruangan: 'r1',
      id_sesi: 's1',
    });
  });

  it('moves times to a chosen date and sets them from a session', () => {
    const moved = moveToDate(dayjs('2026-05-12T08:15:00'), dayjs('2026-05-20T00:00:00'));
    expect(moved.format('YYYY-MM-DD HH:mm')).toBe('2026-05-20 08:15');
    const times = sessionTimesOn(dayjs('2026-05-20T00:00:00'), sesi);
    expect(times.start.format('HH:mm')).toBe('07:30');
    expect(times.end.format('HH:mm')).toBe('10:00');
  });

  it('checks the session window and the same-day end', () => {
    const base = { id_sesi: 's1', jenis: 'offline' as const };
    expect(
      scheduleRuleErrors(
        { ...base, waktu_mulai: dayjs('2026-05-12T11:00:00'), waktu_selesai: dayjs('2026-05-12T12:00:00') },
        [sesi],
        'Asia/Jakarta',
      ).waktu_mulai,
    ).toBe('Waktu mulai harus di antara 07:30 dan 10:00 (Sesi 1)');
    expect(
      scheduleRuleErrors(
        { ...base, waktu_mulai: dayjs('2026-05-12T08:00:00'), waktu_selesai: dayjs('2026-05-13T01:00:00') },
        [sesi],
        'Asia/Jakarta',
      ).waktu_selesai,
    ).toBe('Waktu selesai paling lambat pukul 23:59:59 di hari yang sama');
    expect(
      scheduleRuleErrors(
        { ...base, waktu_mulai: dayjs('2026-05-12T08:00:00'), waktu_selesai: dayjs('2026-05-12T23:59:00') },
        [sesi],
        'Asia/Jakarta',
      ),
    ).toEqual({});
  });

  it('enables Simpan only after a change and a clash check without a blocking clash', () => {
    expect(saveState(false, true, noClash)).toEqual({ enabled: false, reason: 'Tidak ada perubahan data' });
    expect(saveState(true, true, null).reason).toBe(
      'Cek jadwal terlebih dahulu. Pastikan tidak ada jadwal yang bentrok',
    );
    const blocking = { ...noClash, bentrok_kelas: { data: [{} as never] }, is_blocking: true };
    expect(saveState(true, true, blocking).enabled).toBe(false);
    const ignorable = {
      ...noClash,
      bentrok_ruangan: { is_ignorable: true, data: [{} as never] },
    };
    expect(saveState(true, true, ignorable).enabled).toBe(true);
    expect(saveState(true, false, null)).toEqual({ enabled: true, reason: null });
  });

  it('puts server field errors on the right fields', () => {
    expect(formFieldOf('waktu_mulai', 'Tanggal wajib diisi!')).toBe('tanggal');
    expect(formFieldOf('waktu_mulai', 'Waktu mulai harus di antara 07:30 dan 10:00 (Sesi 1)')).toBe(
      'waktu_mulai',
    );
    expect(formFieldOf('pengajar_kelas', 'Pengajar wajib diisi!')).toBe('pengajar');
    expect(formFieldOf('lainnya', 'x')).toBeNull();
  });
});
