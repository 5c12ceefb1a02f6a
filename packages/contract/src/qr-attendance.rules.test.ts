import { describe, expect, it } from 'vitest';
import {
  isQrMeeting,
  isQrSlotExpired,
  isWithinQrCheckInTime,
  qrCheckInUrl,
  qrCodeFromScan,
  qrSlotOf,
  qrSlotWindow,
} from './qr-attendance.rules.ts';

describe('QR slots', () => {
  it('changes every 30 seconds and refuses a code older than a minute', () => {
    const now = new Date('2026-09-01T01:00:10Z');
    const slot = qrSlotOf(now);
    expect(qrSlotWindow(slot).start.toISOString()).toBe('2026-09-01T01:00:00.000Z');
    expect(qrSlotWindow(slot).next.toISOString()).toBe('2026-09-01T01:00:30.000Z');
    expect(isQrSlotExpired(slot, new Date('2026-09-01T01:01:00Z'))).toBe(false);
    expect(isQrSlotExpired(slot, new Date('2026-09-01T01:01:01Z'))).toBe(true);
  });
  it('applies to offline and mixed meetings during their time', () => {
    expect(isQrMeeting('offline')).toBe(true);
    expect(isQrMeeting('campuran')).toBe(true);
    expect(isQrMeeting('online')).toBe(false);
    const meeting = {
      waktuMulai: new Date('2026-09-01T01:00:00Z'),
      waktuSelesai: new Date('2026-09-01T03:00:00Z'),
    };
    expect(isWithinQrCheckInTime(meeting, new Date('2026-09-01T00:59:59Z'))).toBe(false);
    expect(isWithinQrCheckInTime(meeting, new Date('2026-09-01T02:00:00Z'))).toBe(true);
    expect(isWithinQrCheckInTime(meeting, new Date('2026-09-01T03:00:01Z'))).toBe(false);
    // Started early by the lecturer, or ended early.
    const early = { ...meeting, mulaiKuliah: new Date('2026-09-01T00:30:00Z') };
    expect(isWithinQrCheckInTime(early, new Date('2026-09-01T00:45:00Z'))).toBe(true);
    const ended = {
      ...meeting,
      mulaiKuliah: meeting.waktuMulai,
      selesaiKuliah: new Date('2026-09-01T02:00:00Z'),
    };
    expect(isWithinQrCheckInTime(ended, new Date('2026-09-01T02:30:00Z'))).toBe(false);
  });
});

describe('QR addresses', () => {
  it('holds our page with the code, and reads it back from a scan', () => {
    const url = qrCheckInUrl('https://lms.example.ac.id/', 'a.b-c_d');
    expect(url).toBe('https://lms.example.ac.id/presensi-qr?kode=a.b-c_d');
    expect(qrCodeFromScan(url)).toBe('a.b-c_d');
    expect(qrCodeFromScan(' a.b-c_d ')).toBe('a.b-c_d');
    expect(qrCodeFromScan('https://example.org/lain?kode=x')).toBeNull();
    expect(qrCodeFromScan('')).toBeNull();
  });
});
