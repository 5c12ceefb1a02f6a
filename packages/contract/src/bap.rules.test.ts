import { describe, expect, it } from 'vitest';
import { effectiveMark } from './attendance.rules.ts';
import {
  bapPdfFileName,
  bapSignatureTooltip,
  bapSignersOf,
  bapZipFileName,
  formatIndonesianDate,
  formatZonedTime,
  isReportedMeetingOfLecturer,
  markSourceLabel,
} from './bap.rules.ts';

describe('isReportedMeetingOfLecturer (Laporan Saya)', () => {
  it('needs attendance and, when the college validates, an operator validation', () => {
    expect(isReportedMeetingOfLecturer({ isHadir: true, isValid: true }, true)).toBe(true);
    expect(isReportedMeetingOfLecturer({ isHadir: true, isValid: false }, true)).toBe(false);
    expect(isReportedMeetingOfLecturer({ isHadir: false, isValid: true }, true)).toBe(false);
    expect(isReportedMeetingOfLecturer(null, true)).toBe(false);
  });

  it('takes attendance alone when the college does not validate lecturer attendance', () => {
    expect(isReportedMeetingOfLecturer({ isHadir: true, isValid: false }, false)).toBe(true);
    expect(isReportedMeetingOfLecturer({ isHadir: false, isValid: null }, false)).toBe(false);
    expect(isReportedMeetingOfLecturer(undefined, false)).toBe(false);
  });
});

describe('signers', () => {
  it('are the teaching lecturers for a lecturer or an own report, else the main lecturer', () => {
    expect(bapSignersOf({ callerIsLecturer: true, kind: 'kelas' })).toBe('pengajar');
    expect(bapSignersOf({ callerIsLecturer: false, kind: 'saya' })).toBe('pengajar');
    expect(bapSignersOf({ callerIsLecturer: false, kind: 'pengajar' })).toBe('utama');
    expect(bapSignatureTooltip({ callerIsLecturer: false, kind: 'kelas' })).toContain('pengajar utama');
    expect(bapSignatureTooltip({ callerIsLecturer: true, kind: 'kelas' })).toBe(
      'Tanda tangan oleh Ketua Program Studi dan dosen pengajar.',
    );
  });
});

describe('names and dates', () => {
  it('names the files', () => {
    expect(bapZipFileName(20261)).toBe('BAP - 20261.zip');
    expect(bapPdfFileName({ kode: 'IF2101', mataKuliah: 'Basis Data: Lanjut/2', kelas: '01 Reguler' })).toBe(
      'BAP - IF2101 Basis Data Lanjut 2 01 Reguler.pdf',
    );
  });

  it('writes Indonesian dates in the college time zone', () => {
    const instant = new Date('2026-09-06T18:30:00Z');
    expect(formatIndonesianDate(instant, 'Asia/Jakarta')).toBe('Senin, 7 September 2026');
    expect(formatIndonesianDate(instant, 'Asia/Jakarta', false)).toBe('7 September 2026');
    expect(formatIndonesianDate(new Date('2026-09-06T16:30:00Z'), 'Asia/Jayapura')).toBe(
      'Senin, 7 September 2026',
    );
    expect(formatZonedTime(instant, 'Asia/Makassar')).toBe('02:30');
  });
});

describe('markSourceLabel', () => {
  it('says how the mark was given', () => {
    expect(markSourceLabel(effectiveMark(null, null, true, 80), null)).toBe('Belum ada presensi');
    expect(markSourceLabel(effectiveMark(null, { completed: 1, required: 2 }, true, 80), null)).toBe(
      'Sistem (progres 50%)',
    );
    expect(markSourceLabel(effectiveMark({ presensi: 'H', source: 'qr' }, null, true, 80), 'Ani')).toBe(
      'QR Code',
    );
    expect(markSourceLabel(effectiveMark({ presensi: 'I', source: 'manual' }, null, false, 80), 'Budi')).toBe(
      'Manual oleh Budi',
    );
  });
});
