import { describe, expect, it } from 'vitest';
import {
  decideHandIn,
  isValidTaskScore,
  lecturerMonitoringStatus,
  memberScoresOf,
  taskMessages,
  validateMemberScores,
  studentMonitoringStatus,
  submissionEntryName,
  taskStatus,
  validateTaskForm,
} from './task.rules.ts';

const start = new Date('2026-11-20T08:00:00Z');
const end = new Date('2026-11-22T08:00:00Z');
const before = new Date('2026-11-19T08:00:00Z');
const during = new Date('2026-11-21T08:00:00Z');
const after = new Date('2026-11-23T08:00:00Z');

describe('taskStatus', () => {
  it('follows the server clock around start and end', () => {
    expect(taskStatus(before, start, end)).toBe('belum_dimulai');
    expect(taskStatus(start, start, end)).toBe('sedang_berlangsung');
    expect(taskStatus(during, start, end)).toBe('sedang_berlangsung');
    expect(taskStatus(end, start, end)).toBe('selesai');
  });
});

describe('decideHandIn', () => {
  const onTime = { start, end, acceptsLate: false };
  const lateOk = { start, end, acceptsLate: true };
  it('refuses before the start', () => {
    expect(decideHandIn(onTime, null, before)).toEqual({ allowed: false, reason: 'belum_dimulai' });
  });
  it('accepts and replaces before the deadline', () => {
    expect(decideHandIn(onTime, null, during)).toEqual({ allowed: true, late: false });
    expect(decideHandIn(onTime, { graded: false }, during)).toEqual({ allowed: true, late: false });
  });
  it('never replaces a graded hand-in', () => {
    expect(decideHandIn(onTime, { graded: true }, during)).toEqual({
      allowed: false,
      reason: 'sudah_dinilai',
    });
  });
  it('refuses after the deadline unless late is accepted, then marks it late', () => {
    expect(decideHandIn(onTime, null, after)).toEqual({ allowed: false, reason: 'sudah_berakhir' });
    expect(decideHandIn(lateOk, null, after)).toEqual({ allowed: true, late: true });
    expect(decideHandIn(lateOk, null, end)).toEqual({ allowed: true, late: true });
  });
  it('does not let an on-time hand-in be replaced after the deadline', () => {
    expect(decideHandIn(lateOk, { graded: false }, after)).toEqual({
      allowed: false,
      reason: 'tidak_dapat_diganti',
    });
  });
});

describe('monitoring statuses', () => {
  it('student: not-started, no-submission, not-rated until graded and published, rated', () => {
    expect(studentMonitoringStatus(before, start, null)).toBe('not-started');
    expect(studentMonitoringStatus(during, start, null)).toBe('no-submission');
    expect(studentMonitoringStatus(during, start, { graded: false, published: false })).toBe('not-rated');
    expect(studentMonitoringStatus(during, start, { graded: true, published: false })).toBe('not-rated');
    expect(studentMonitoringStatus(during, start, { graded: true, published: true })).toBe('rated');
  });
  it('lecturer: rated only when every hand-in is graded', () => {
    expect(lecturerMonitoringStatus(before, start, { submitted: 3, graded: 3 })).toBe('not-started');
    expect(lecturerMonitoringStatus(during, start, { submitted: 0, graded: 0 })).toBe('no-submission');
    expect(lecturerMonitoringStatus(during, start, { submitted: 3, graded: 2 })).toBe('not-rated');
    expect(lecturerMonitoringStatus(during, start, { submitted: 3, graded: 3 })).toBe('rated');
  });
});

describe('scores and names', () => {
  it('accepts 0–100 with at most two decimals', () => {
    for (const ok of [0, 100, 85.5, 70.25]) expect(isValidTaskScore(ok)).toBe(true);
    for (const bad of [-1, 100.01, 85.555, Number.NaN]) expect(isValidTaskScore(bad)).toBe(false);
  });
  it('names a zip entry `nim - nama` without path characters', () => {
    expect(submissionEntryName('2201001', 'Ani Lestari')).toBe('2201001 - Ani Lestari');
    expect(submissionEntryName('../22', 'A/B\\C:D')).toBe('22 - A B C D');
  });
});

describe('validateTaskForm', () => {
  it('lists missing fields and a window that ends before it starts', () => {
    const { missing } = validateTaskForm({ deskripsi: '<p> </p>' }, { requireMeeting: true });
    expect(missing.map((e) => e.field)).toEqual([
      'id_pertemuan',
      'judul',
      'deskripsi',
      'jenis',
      'waktu_mulai',
      'waktu_selesai',
      'tipe_file_jawaban',
    ]);
    const { invalid } = validateTaskForm(
      {
        judul: 'x',
        deskripsi: 'y',
        jenis: 'individu',
        waktu_mulai: end,
        waktu_selesai: start,
        tipe_file_jawaban: ['pdf'],
      },
      { requireMeeting: false },
    );
    expect(invalid).toEqual([{ field: 'waktu_selesai', message: 'Waktu Selesai harus setelah Waktu Mulai' }]);
  });
});

describe('per-member scores of a group hand-in', () => {
  const members = ['a', 'b', 'c'];
  it('gives each member their own score, else the group score', () => {
    const scores = memberScoresOf(80, members, [{ mahasiswaId: 'b', nilai: 60 }]);
    expect([...scores]).toEqual([
      ['a', 80],
      ['b', 60],
      ['c', 80],
    ]);
  });
  it('leaves everyone without a score when the group has none', () => {
    expect([...memberScoresOf(null, members, [{ mahasiswaId: 'b', nilai: 60 }]).values()]).toEqual([
      null,
      null,
      null,
    ]);
  });
  it('accepts overrides of members only, on a graded group hand-in', () => {
    expect(validateMemberScores(80, true, members, [{ id_mahasiswa: 'b', nilai: 60 }])).toEqual({
      ok: true,
      overrides: [{ mahasiswaId: 'b', nilai: 60 }],
    });
    expect(validateMemberScores(80, false, members, [{ id_mahasiswa: 'b', nilai: 60 }])).toEqual({
      ok: false,
      message: taskMessages.memberScoreIndividual,
    });
    expect(validateMemberScores(null, true, members, [{ id_mahasiswa: 'b', nilai: 60 }])).toEqual({
      ok: false,
      message: taskMessages.memberScoreNeedsGroupScore,
    });
    expect(validateMemberScores(80, true, members, [{ id_mahasiswa: 'x', nilai: 60 }])).toEqual({
      ok: false,
      message: taskMessages.memberScoreNotMember,
    });
    expect(validateMemberScores(80, true, members, [{ id_mahasiswa: 'b', nilai: 60.123 }])).toEqual({
      ok: false,
      message: taskMessages.scoreInvalid,
    });
  });
  it('drops an override equal to the group score and keeps the last of duplicates', () => {
    expect(
      validateMemberScores(80, true, members, [
        { id_mahasiswa: 'a', nilai: 80 },
        { id_mahasiswa: 'b', nilai: 50 },
        { id_mahasiswa: 'b', nilai: 55 },
      ]),
    ).toEqual({ ok: true, overrides: [{ mahasiswaId: 'b', nilai: 55 }] });
    expect(validateMemberScores(null, true, members, [])).toEqual({ ok: true, overrides: [] });
  });
});
