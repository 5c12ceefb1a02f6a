import { describe, expect, it } from 'vitest';
import {
  areVidconTimesLocked,
  isVidconJoinLate,
  validateVidconForm,
  vidconDueAt,
  vidconStatus,
} from './vidcon.rules.ts';
import { activityTiming } from './activity.rules.ts';

const start = new Date('2026-11-24T03:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('vidcon rules', () => {
  it('follows the clock for its status and locks the pickers when finished or running with participants', () => {
    expect(vidconStatus(at(-1), start, at(60))).toBe('belum_dimulai');
    expect(vidconStatus(at(0), start, at(60))).toBe('berlangsung');
    expect(vidconStatus(at(60), start, at(60))).toBe('selesai');
    expect(areVidconTimesLocked('selesai', 0)).toBe(true);
    expect(areVidconTimesLocked('berlangsung', 0)).toBe(false);
    expect(areVidconTimesLocked('berlangsung', 2)).toBe(true);
    expect(areVidconTimesLocked('belum_dimulai', 2)).toBe(false);
  });

  it('makes a join late at or after the start plus the allowance, the same as the activity deadline', () => {
    expect(isVidconJoinLate(at(14.99), start, 15)).toBe(false);
    expect(isVidconJoinLate(at(15), start, 15)).toBe(true);
    expect(activityTiming(vidconDueAt(start, 15), at(14.99))).toBe('on_time');
    expect(activityTiming(vidconDueAt(start, 15), at(15))).toBe('late');
  });

  it('checks the form with the spec messages', () => {
    const full = {
      id_pertemuan: 'm',
      judul: 'a',
      aplikasi: 'zoom',
      link: 'x',
      waktu_mulai: start,
      waktu_selesai: at(60),
    };
    expect(validateVidconForm(full, { requireMeeting: true })).toEqual({ missing: [], invalid: [] });
    expect(validateVidconForm({ ...full, id_pertemuan: null }, { requireMeeting: false }).missing).toEqual(
      [],
    );
    expect(
      validateVidconForm({ ...full, waktu_selesai: at(-5) }, { requireMeeting: true }).invalid[0]!.message,
    ).toBe('Waktu selesai tidak boleh kurang dari waktu mulai');
    const stored = { waktu_selesai: at(60), participants: 1 };
    expect(
      validateVidconForm({ ...full, waktu_selesai: at(30) }, { requireMeeting: false, stored }).invalid,
    ).toEqual([
      {
        field: 'waktu_selesai',
        message: 'Waktu selesai tidak dapat dimajukan karena sudah ada peserta vidcon',
      },
    ]);
    expect(
      validateVidconForm({ ...full, waktu_selesai: at(90) }, { requireMeeting: false, stored }).invalid,
    ).toEqual([]);
  });
});
