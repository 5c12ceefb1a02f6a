import { describe, expect, it } from 'vitest';
import {
  componentValue,
  formatRecapScore,
  gradeMessages,
  gradeSendState,
  gradeTypeOfActivity,
  hasEnded,
  isWithinLecturerWindow,
  noScore,
  scoreStatusOf,
  sendChangeOf,
  typeAverage,
} from './grade.rules.ts';

const zones = [
  ['WIB', '+07:00'],
  ['WITA', '+08:00'],
  ['WIT', '+09:00'],
] as const;

describe('the lecturer entry window [start + 24:59:59, end], inclusive', () => {
  for (const [label, offset] of zones) {
    // SIAKAD opens the window on 1 June 08:00 local time and closes it on 10 June 23:59:59.
    const window = {
      start: new Date(`2026-06-01T08:00:00${offset}`),
      end: new Date(`2026-06-10T23:59:59${offset}`),
      locked: false,
    };
    const at = (local: string) => new Date(`${local}${offset}`);

    it(`${label}: opens exactly at start + 24:59:59, not a second before`, () => {
      expect(isWithinLecturerWindow(window, at('2026-06-02T08:59:58'))).toBe(false);
      expect(isWithinLecturerWindow(window, at('2026-06-02T08:59:59'))).toBe(true);
      expect(gradeSendState('dosen', window, at('2026-06-02T08:59:58'))).toEqual({
        allowed: false,
        message: gradeMessages.outsideWindow,
        tone: 'warning',
      });
      expect(gradeSendState('dosen', window, at('2026-06-02T08:59:59')).allowed).toBe(true);
    });

    it(`${label}: still open at the end, closed a second after`, () => {
      expect(isWithinLecturerWindow(window, at('2026-06-10T23:59:59'))).toBe(true);
      expect(isWithinLecturerWindow(window, at('2026-06-11T00:00:00'))).toBe(false);
      expect(gradeSendState('dosen', window, at('2026-06-10T23:59:59')).message).toBe(
        gradeMessages.windowOpen,
      );
    });

    it(`${label}: an operator sends outside the window, nobody while locked`, () => {
      expect(gradeSendState('operator', window, at('2026-06-01T08:00:00')).allowed).toBe(true);
      const locked = { ...window, locked: true };
      expect(gradeSendState('operator', locked, at('2026-06-05T08:00:00'))).toEqual({
        allowed: false,
        message: gradeMessages.classLocked,
        tone: 'error',
      });
      expect(gradeSendState('dosen', locked, at('2026-06-05T08:00:00')).message).toBe(
        gradeMessages.windowOpenLocked,
      );
      expect(gradeSendState('dosen', locked, at('2026-06-11T00:00:00')).message).toBe(
        gradeMessages.outsideWindowLocked,
      );
    });
  }

  it('has no lecturer window when SIAKAD set none', () => {
    const none = { start: null, end: null, locked: false };
    expect(gradeSendState('dosen', none, new Date()).message).toBe(gradeMessages.outsideWindow);
    expect(gradeSendState('operator', none, new Date()).allowed).toBe(true);
  });

  it('keeps the messages of spec 3 §8 letter for letter', () => {
    expect(gradeMessages.outsideWindowLocked.endsWith('ke Siakad')).toBe(true);
    expect(gradeMessages.overwriteConfirm).toBe(
      'Nilai telah diupdate di sikad. Update nilai akan mengganti nilai di sikad. Apakah Anda tetap ingin melanjutkan?',
    );
  });
});

describe('component values and the recap display', () => {
  it('is the mean of the chosen activities, missing work counting 0', () => {
    expect(componentValue([80, 90])).toBe(85);
    expect(componentValue([80, null])).toBe(40);
    expect(componentValue([70, 80, 85])).toBe(78.33);
    expect(componentValue([])).toBeNull();
  });

  it('shows -1.618 as "-" and other scores with 2 decimals', () => {
    expect(formatRecapScore(noScore)).toBe('-');
    expect(formatRecapScore(null)).toBe('-');
    expect(formatRecapScore(85)).toBe('85.00');
    expect(formatRecapScore(78.333)).toBe('78.33');
  });

  it('compares with SIAKAD: new, changed, overwrite, unchanged, nothing to send', () => {
    expect(sendChangeOf(null, null)).toBe('kosong');
    expect(sendChangeOf(80, null)).toBe('baru');
    expect(sendChangeOf(80, { nilai: 80, updatedBySiakad: true })).toBe('sama');
    expect(sendChangeOf(80, { nilai: 70, updatedBySiakad: false })).toBe('ubah');
    expect(sendChangeOf(80, { nilai: 70, updatedBySiakad: true })).toBe('timpa');
  });

  it('types exams by their meeting and gives activity statuses', () => {
    expect(gradeTypeOfActivity('ujian', 'uts')).toBe('uts');
    expect(gradeTypeOfActivity('ujian', 'kuliah')).toBe('kuis');
    expect(gradeTypeOfActivity('materi', 'kuliah')).toBeNull();
    // The exam's own jenis wins over the meeting; a remedial follows the meeting.
    expect(gradeTypeOfActivity('ujian', 'kuliah', 'uts')).toBe('uts');
    expect(gradeTypeOfActivity('ujian', 'uts', 'kuis')).toBe('kuis');
    expect(gradeTypeOfActivity('ujian', 'kuliah', 'uas')).toBe('uas');
    expect(gradeTypeOfActivity('ujian', 'uas', 'remedial')).toBe('uas');
    expect(gradeTypeOfActivity('ujian', 'kuliah', null)).toBe('kuis');
    const now = new Date('2026-06-01T00:00:00Z');
    const ended = { closesAt: new Date('2026-05-01T00:00:00Z'), dueAt: null };
    expect(
      scoreStatusOf(
        { closesAt: new Date('2026-07-01T00:00:00Z'), dueAt: null },
        { worked: 1, ungraded: 0 },
        now,
      ),
    ).toBe('belum_berakhir');
    expect(scoreStatusOf(ended, { worked: 0, ungraded: 0 }, now)).toBe('tidak_ada_pengerjaan');
    expect(scoreStatusOf(ended, { worked: 2, ungraded: 1 }, now)).toBe('belum_dinilai');
    expect(scoreStatusOf(ended, { worked: 2, ungraded: 0 }, now)).toBe('sudah_dinilai');
  });

  it('averages a type over what has ended or is graded; a SIAKAD component over everything chosen', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(hasEnded({ closesAt: new Date('2026-06-01T00:00:00Z'), dueAt: null }, now)).toBe(true);
    expect(hasEnded({ closesAt: null, dueAt: new Date('2026-06-01T00:00:01Z') }, now)).toBe(false);
    expect(hasEnded({ closesAt: null, dueAt: null }, now)).toBe(true);
    // Tugas 1 graded 80, Tugas 2 ended without a score, Tugas 3 not open yet, Tugas 4 early-graded 90.
    const items = [
      { ended: true, score: 80 },
      { ended: true, score: null },
      { ended: false, score: null },
      { ended: false, score: 90 },
    ];
    expect(typeAverage(items)).toBe(56.67);
    expect(componentValue(items.map((i) => i.score))).toBe(42.5);
    expect(typeAverage([{ ended: false, score: null }])).toBeNull();
  });
});
