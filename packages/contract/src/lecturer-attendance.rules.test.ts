import { describe, expect, it } from 'vitest';
import {
  isRecordedLecturer,
  lecturerAttendanceDeadline,
  lecturerAttendanceTag,
  lecturerRequirements,
  lecturerRequirementsMet,
  ownAttendanceStep,
  validateLecturerAttendance,
  type LecturerAttendanceSettings,
} from './lecturer-attendance.rules.ts';

const settings: LecturerAttendanceSettings = {
  syarat_kehadiran_online_dosen: {
    mulai_kuliah: true,
    akhiri_kuliah: true,
    aktivitas_kuliah: true,
    presentase_kehadiran_kelas: true,
    presentase_kehadiran_kelas_persen: 50,
  },
  syarat_kehadiran_offline_dosen: { mulai_kuliah: true, akhiri_kuliah: false, aktivitas_kuliah: false },
  validasi_kehadiran_dosen: false,
  tampil_tombol_presensi_dosen: { mulai: 15 },
};

describe('who is recorded', () => {
  it('records ticked teachers and assistants, never the coordinator', () => {
    expect(isRecordedLecturer({ peran: 'dosen', isPengajar: true })).toBe(true);
    expect(isRecordedLecturer({ peran: 'asisten', isPengajar: true })).toBe(true);
    expect(isRecordedLecturer({ peran: 'koordinator', isPengajar: true })).toBe(false);
    expect(isRecordedLecturer({ peran: 'dosen', isPengajar: false })).toBe(false);
  });
});

describe('lecturerAttendanceTag (spec 2 §4)', () => {
  const mark = (ada: boolean, hadir: boolean, valid = true) => ({
    ada_presensi: ada,
    is_hadir: hadir,
    is_valid: valid,
  });
  it('gives each state its colour', () => {
    expect(lecturerAttendanceTag(mark(false, false), 'online', true)).toEqual({
      label: 'Belum Ada Presensi',
      tone: 'default',
    });
    expect(lecturerAttendanceTag(mark(true, true, false), 'online', true).tone).toBe('warning');
    expect(lecturerAttendanceTag(mark(true, true, false), 'online', false).tone).toBe('success');
    expect(lecturerAttendanceTag(mark(true, true), 'offline', true)).toEqual({
      label: 'Hadir',
      tone: 'primary',
    });
    expect(lecturerAttendanceTag(mark(true, true), 'campuran', false).tone).toBe('primary');
    expect(lecturerAttendanceTag(mark(true, false), 'online', false)).toEqual({
      label: 'Tidak Hadir',
      tone: 'danger',
    });
    expect(lecturerAttendanceTag(mark(true, false), 'offline', false).tone).toBe('dark');
  });
});

describe('requirements', () => {
  it('lists the online or offline ones the college switched on', () => {
    expect(lecturerRequirements(settings, 'online').map((r) => r.key)).toEqual([
      'mulai_kuliah',
      'akhiri_kuliah',
      'aktivitas_kuliah',
      'kehadiran_kelas',
    ]);
    expect(lecturerRequirements(settings, 'online')[3]!.label).toBe('Kehadiran peserta kelas minimal 50%');
    expect(lecturerRequirements(settings, 'offline').map((r) => r.key)).toEqual(['mulai_kuliah']);
  });
  it('says which are met', () => {
    const met = lecturerRequirementsMet(lecturerRequirements(settings, 'online'), {
      mulai_kuliah: '2026-09-01T01:00:00Z',
      selesai_kuliah: null,
      aktivitas: 2,
      kehadiran_kelas_persen: 40,
      minimal_persen: 50,
    });
    expect(met.map((m) => m.terpenuhi)).toEqual([true, false, true, false]);
  });
});

describe('validateLecturerAttendance (spec 2 §5)', () => {
  it('names the lecturer in the required messages', () => {
    expect(
      validateLecturerAttendance({ is_hadir: true, mulai_kuliah: null, selesai_kuliah: null }, 'Budi').map(
        (e) => e.message,
      ),
    ).toEqual(['Memulai kuliah dosen Budi wajib diisi', 'Mengakhiri kuliah dosen Budi wajib diisi']);
  });
  it('needs nothing when absent and refuses an end before the start', () => {
    expect(
      validateLecturerAttendance({ is_hadir: false, mulai_kuliah: null, selesai_kuliah: null }, 'B'),
    ).toEqual([]);
    const start = new Date('2026-09-01T02:00:00Z');
    const end = new Date('2026-09-01T01:00:00Z');
    expect(
      validateLecturerAttendance({ is_hadir: true, mulai_kuliah: start, selesai_kuliah: end }, 'B')[0]!.field,
    ).toBe('selesai_kuliah');
  });
});

describe('the own-attendance button', () => {
  it('ends at 23:59 of the meeting day in the college zone', () => {
    // 20:00 WIB on 1 September is 13:00 UTC; the day ends 16:59:59 UTC.
    expect(lecturerAttendanceDeadline(new Date('2026-09-01T13:00:00Z'), 'Asia/Jakarta').toISOString()).toBe(
      '2026-09-01T16:59:59.000Z',
    );
    // 01:00 WIT on 2 September is 16:00 UTC on 1 September; that day ends 14:59:59 UTC on 2 September.
    expect(lecturerAttendanceDeadline(new Date('2026-09-01T16:00:00Z'), 'Asia/Jayapura').toISOString()).toBe(
      '2026-09-02T14:59:59.000Z',
    );
  });
  it('opens after the start plus the minutes or once the lecture started, start first then end', () => {
    const base = {
      opensAt: new Date('2026-09-01T01:15:00Z'),
      deadline: new Date('2026-09-01T16:59:59Z'),
      lectureStarted: false,
      own: null,
    };
    expect(ownAttendanceStep({ ...base, now: new Date('2026-09-01T01:10:00Z') })).toBe('belum_tampil');
    expect(ownAttendanceStep({ ...base, now: new Date('2026-09-01T01:10:00Z'), lectureStarted: true })).toBe(
      'mulai',
    );
    const started = { is_hadir: true, mulai_kuliah: '2026-09-01T01:16:00Z', selesai_kuliah: null };
    expect(ownAttendanceStep({ ...base, now: new Date('2026-09-01T02:00:00Z'), own: started })).toBe(
      'akhiri',
    );
    expect(ownAttendanceStep({ ...base, now: new Date('2026-09-01T17:00:00Z'), own: started })).toBe(
      'lewat_batas',
    );
    expect(
      ownAttendanceStep({
        ...base,
        now: new Date('2026-09-01T02:00:00Z'),
        own: { ...started, selesai_kuliah: '2026-09-01T03:00:00Z' },
      }),
    ).toBe('selesai');
    expect(
      ownAttendanceStep({
        ...base,
        now: new Date('2026-09-01T02:00:00Z'),
        own: { is_hadir: false, mulai_kuliah: null, selesai_kuliah: null },
      }),
    ).toBe('tidak_hadir');
  });
});
