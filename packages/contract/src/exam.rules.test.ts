import { describe, expect, it } from 'vitest';
import {
  attemptDeadline,
  autoMark,
  buildQuestionSet,
  canShowAnswerKey,
  examMessages,
  examStatus,
  gradingSummary,
  isAnswerInTime,
  isAnswered,
  removeOption,
  withoutAnswerKey,
  scoreAttempt,
  secondsLeft,
  studentAttemptStatus,
  validateExamForm,
  validateExamTiming,
  validateGroup,
  validateQuestion,
  type ExamFormInput,
} from './exam.rules.ts';

const start = new Date('2026-11-24T01:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const first = (input: ExamFormInput, requireMeeting = true) =>
  validateExamTiming(input, { requireMeeting })[0]?.message;

describe('exam form: the eight checks of spec 3 §5 in order', () => {
  const full: ExamFormInput = {
    id_pertemuan: 'm',
    judul: 'UTS',
    deskripsi: '<p>Kerjakan</p>',
    jenis: 'uts',
    gunakan_batas_waktu: true,
    durasi: 60,
    waktu_mulai: start,
    waktu_selesai: at(120),
  };

  it('accepts a complete form', () => {
    expect(validateExamForm(full, { requireMeeting: true })).toEqual([]);
  });

  it('reports each rule with its exact text, the earlier rule first', () => {
    const m = examMessages;
    expect(first({})).toBe('Pertemuan wajib diisi');
    expect(first({}, false)).toBe(m.mulaiRequired);
    expect(first({ ...full, id_pertemuan: null })).toBe(m.pertemuanRequired);
    expect(first({ ...full, durasi: null })).toBe('Durasi wajib diisi');
    expect(first({ ...full, durasi: null, gunakan_batas_waktu: false })).toBeUndefined();
    expect(first({ ...full, durasi: 4 })).toBe('Durasi tidak boleh kurang dari 5 menit');
    expect(first({ ...full, durasi: 4, waktu_mulai: null })).toBe(m.durasiTooShort);
    expect(first({ ...full, waktu_mulai: null })).toBe('Waktu mulai wajib diisi');
    expect(first({ ...full, waktu_mulai: null, waktu_selesai: null })).toBe(m.mulaiRequired);
    expect(first({ ...full, waktu_selesai: null })).toBe('Waktu selesai wajib diisi');
    expect(first({ ...full, waktu_selesai: at(4) })).toBe('Rentang waktu tidak boleh kurang dari 5 menit');
    expect(first({ ...full, waktu_selesai: at(30) })).toBe('Rentang waktu tidak boleh kurang dari durasi');
    expect(first({ ...full, gunakan_batas_waktu: false, waktu_selesai: at(30) })).toBeUndefined();
    // An end before the start is also shorter than five minutes: rule 6 comes first, rule 8 follows.
    const backwards = validateExamTiming({ ...full, waktu_selesai: at(-10) }, { requireMeeting: true });
    expect(backwards.map((e) => e.message)).toEqual([
      m.rangeTooShort,
      m.rangeShorterThanDuration,
      'Waktu selesai tidak boleh kurang dari waktu mulai',
    ]);
  });

  it('compares whole minutes: a start set with "Sekarang" keeps its seconds (issue 45)', () => {
    const now = new Date('2026-11-24T11:41:37Z'); // 18:41:37 WIB
    const end = new Date('2026-11-24T12:11:00Z'); // 19:11 WIB
    expect(first({ ...full, waktu_mulai: now, waktu_selesai: end, durasi: 30 })).toBeUndefined();
    expect(first({ ...full, waktu_mulai: now, waktu_selesai: end, durasi: 31 })).toBe(
      examMessages.rangeShorterThanDuration,
    );
    const fiveMinutes = new Date('2026-11-24T11:46:00Z');
    expect(first({ ...full, waktu_mulai: now, waktu_selesai: fiveMinutes, durasi: 5 })).toBeUndefined();
  });

  it('then the other rules: judul, deskripsi, jenis, the main exam of a remedial, the key time', () => {
    const messages = (input: ExamFormInput) =>
      validateExamForm(input, { requireMeeting: true }).map((e) => e.message);
    expect(messages({ ...full, judul: ' ', deskripsi: '<p> </p>', jenis: null })).toEqual([
      examMessages.judulRequired,
      examMessages.deskripsiRequired,
      examMessages.jenisRequired,
    ]);
    expect(messages({ ...full, jenis: 'remedial' })).toEqual([examMessages.ujianUtamaRequired]);
    expect(messages({ ...full, jenis: 'remedial', id_ujian_utama: 'u' })).toEqual([]);
    expect(messages({ ...full, tampilkan_kunci_jawaban: true })).toEqual([examMessages.keyTimeRequired]);
  });
});

describe('exam clock', () => {
  it('is started from waktu_mulai and ended after waktu_selesai', () => {
    expect(examStatus(at(-1), start, at(60))).toBe('belum_dimulai');
    expect(examStatus(at(0), start, at(60))).toBe('berlangsung');
    expect(examStatus(at(60), start, at(60))).toBe('berlangsung');
    expect(examStatus(at(60.01), start, at(60))).toBe('selesai');
  });

  it('gives an attempt start + durasi, never past waktu_selesai, plus given-back time', () => {
    const exam = { gunakan_batas_waktu: true, durasi: 30, waktu_selesai: at(60) };
    expect(attemptDeadline(at(0), exam)).toEqual(at(30));
    expect(attemptDeadline(at(45), exam)).toEqual(at(60));
    expect(attemptDeadline(at(45), exam, 600)).toEqual(at(70));
    expect(attemptDeadline(at(10), { ...exam, gunakan_batas_waktu: false })).toEqual(at(60));
    expect(secondsLeft(at(29.5), at(30))).toBe(30);
    expect(secondsLeft(at(31), at(30))).toBe(0);
  });

  it('takes answers until the deadline plus the grace, not after', () => {
    expect(isAnswerInTime(at(30), at(30))).toBe(true);
    expect(isAnswerInTime(new Date(at(30).getTime() + 30_000), at(30))).toBe(true);
    expect(isAnswerInTime(new Date(at(30).getTime() + 30_001), at(30))).toBe(false);
  });

  it('tells the student their attempt status', () => {
    const exam = { waktu_mulai: start, waktu_selesai: at(60) };
    expect(studentAttemptStatus(at(1), exam, null)).toBe('belum_dimulai');
    expect(studentAttemptStatus(at(1), exam, { status: 'berlangsung', deadline: at(30) })).toBe(
      'sedang_berlangsung',
    );
    expect(studentAttemptStatus(at(31), exam, { status: 'berlangsung', deadline: at(30) })).toBe('selesai');
    expect(studentAttemptStatus(at(1), exam, { status: 'selesai', deadline: at(30) })).toBe('selesai');
  });

  it('shows the key only under the four conditions', () => {
    const exam = { tampilkan_kunci_jawaban: true, waktu_tampil_kunci: at(60) };
    expect(canShowAnswerKey(at(61), exam, true, true)).toBe(true);
    expect(canShowAnswerKey(at(59), exam, true, true)).toBe(false);
    expect(canShowAnswerKey(at(61), { ...exam, tampilkan_kunci_jawaban: false }, true, true)).toBe(false);
    expect(canShowAnswerKey(at(61), exam, false, true)).toBe(false);
    expect(canShowAnswerKey(at(61), exam, true, false)).toBe(false);
    expect(
      canShowAnswerKey(at(61), { ...exam, waktu_tampil_kunci: new Date('0001-01-01T00:00:00Z') }, true, true),
    ).toBe(false);
  });

  it('summarises a finished exam for the lecturer', () => {
    expect(gradingSummary(0, 0)).toEqual({ label: 'Tidak Ada Pengerjaan', count: null });
    expect(gradingSummary(5, 2)).toEqual({ label: 'Belum Dinilai', count: 2 });
    expect(gradingSummary(5, 0)).toEqual({ label: 'Sudah Dinilai', count: 5 });
  });
});

describe('questions', () => {
  const choice = (n: number, kunci: number | null = 0) => ({
    jenis: 'pilihan' as const,
    pilihan: Array.from({ length: n }, (_, i) => ({ teks: `Opsi ${i + 1}` })),
    kunci,
  });

  it('needs text, three filled options and one key', () => {
    expect(validateQuestion({ pertanyaan: '<p>Apa?</p>', body: choice(3) })).toEqual([]);
    expect(validateQuestion({ pertanyaan: '<p></p>', body: choice(3) })[0]!.message).toBe(
      'Pertanyaan wajib diisi',
    );
    expect(validateQuestion({ pertanyaan: 'Apa?', body: choice(2) })[0]!.message).toBe(
      'Pilihan jawaban minimal 3',
    );
    expect(validateQuestion({ pertanyaan: 'Apa?', body: choice(3, null) })[0]!.message).toBe(
      examMessages.keyRequired,
    );
    const blank = choice(3);
    blank.pilihan[1] = { teks: ' ' };
    expect(validateQuestion({ pertanyaan: 'Apa?', body: blank })[0]!.message).toBe(
      'Pilihan jawaban wajib diisi',
    );
    expect(
      validateQuestion({
        pertanyaan: 'Benar?',
        body: { jenis: 'benar_salah', label: { benar: 'B', salah: 'S' }, kunci: null },
      }),
    ).toHaveLength(1);
    expect(
      validateQuestion({
        pertanyaan: 'Jelaskan',
        body: { jenis: 'esay', jenis_file_diterima: [], kunci: '' },
      }),
    ).toEqual([]);
  });

  it('moves the key down or clears it when an option is removed', () => {
    const options = choice(4).pilihan;
    expect(removeOption(options, 2, 0).kunci).toBe(1);
    expect(removeOption(options, 2, 2).kunci).toBeNull();
    expect(removeOption(options, 2, 3).kunci).toBe(2);
    expect(removeOption(options, 2, 3).pilihan).toHaveLength(3);
  });

  it('drops every kind of key for a copy without keys, keeping the rest of the question', () => {
    const options = choice(3).pilihan;
    expect(withoutAnswerKey({ jenis: 'pilihan', pilihan: options, kunci: 1 })).toEqual({
      jenis: 'pilihan',
      pilihan: options,
      kunci: null,
    });
    const label = { benar: 'Ya', salah: 'Tidak' };
    expect(withoutAnswerKey({ jenis: 'benar_salah', label, kunci: true })).toEqual({
      jenis: 'benar_salah',
      label,
      kunci: null,
    });
    expect(withoutAnswerKey({ jenis: 'esay', jenis_file_diterima: ['pdf'], kunci: 'Jawaban' })).toEqual({
      jenis: 'esay',
      jenis_file_diterima: ['pdf'],
      kunci: '',
    });
  });

  it('checks the required count of random and sebagian groups', () => {
    expect(validateGroup('semua', null, 3)).toEqual([]);
    expect(validateGroup('random', null, 3)).toHaveLength(1);
    expect(validateGroup('random', 4, 3)).toHaveLength(1);
    expect(validateGroup('sebagian', 2, 3)).toEqual([]);
  });
});

describe('question set of an attempt', () => {
  const groups = [
    { id: 'g1', aturan: 'semua' as const, jumlah_wajib_dijawab: null, soal: ['a', 'b', 'c'] },
    { id: 'g2', aturan: 'random' as const, jumlah_wajib_dijawab: 2, soal: ['d', 'e', 'f', 'g'] },
  ];

  it('is the same for the same seed, keeps all of semua and the required number of random', () => {
    const one = buildQuestionSet(groups, { shuffle: false, seed: 42 });
    expect(buildQuestionSet(groups, { shuffle: false, seed: 42 })).toEqual(one);
    expect(one[0]!.soal).toEqual(['a', 'b', 'c']);
    expect(one[1]!.soal).toHaveLength(2);
    // Without acak_soal the chosen ones keep the lecturer's order.
    expect(['d', 'e', 'f', 'g'].filter((id) => one[1]!.soal.includes(id))).toEqual(one[1]!.soal);
  });

  it('shuffles within groups with acak_soal, and different seeds give different sets', () => {
    const sets = new Set(
      Array.from({ length: 20 }, (_, seed) =>
        JSON.stringify(buildQuestionSet(groups, { shuffle: true, seed })),
      ),
    );
    expect(sets.size).toBeGreaterThan(5);
    const one = buildQuestionSet(groups, { shuffle: true, seed: 7 });
    expect([...one[0]!.soal].sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('scoring', () => {
  it('marks choices and true/false automatically, essays by hand', () => {
    const body = {
      jenis: 'pilihan' as const,
      pilihan: [{ teks: 'a' }, { teks: 'b' }, { teks: 'c' }],
      kunci: 1,
    };
    expect(autoMark(body, { jenis: 'pilihan', pilihan: 1 })).toBe(100);
    expect(autoMark(body, { jenis: 'pilihan', pilihan: 0 })).toBe(0);
    expect(autoMark(body, null)).toBe(0);
    expect(
      autoMark(
        { jenis: 'benar_salah', label: { benar: 'B', salah: 'S' }, kunci: false },
        { jenis: 'benar_salah', benar_salah: false },
      ),
    ).toBe(100);
    expect(
      autoMark({ jenis: 'esay', jenis_file_diterima: [], kunci: '' }, { jenis: 'esay', teks: 'x' }),
    ).toBeNull();
    expect(isAnswered({ jenis: 'esay', teks: '<p> </p>' })).toBe(false);
    expect(isAnswered({ jenis: 'pilihan', pilihan: 0 })).toBe(true);
  });

  it('averages the counting marks, takes the best of sebagian, subtracts the deduction', () => {
    const q = (mark: number | null, answered = true) => ({ mark, answered });
    expect(
      scoreAttempt([{ aturan: 'semua', jumlah_wajib_dijawab: null, questions: [q(100), q(0)] }], 0),
    ).toEqual({
      nilai: 50,
      graded: true,
    });
    expect(
      scoreAttempt([{ aturan: 'sebagian', jumlah_wajib_dijawab: 2, questions: [q(0), q(100), q(80)] }], 10.5),
    ).toEqual({ nilai: 79.5, graded: true });
    expect(
      scoreAttempt([{ aturan: 'semua', jumlah_wajib_dijawab: null, questions: [q(100), q(null)] }], 0),
    ).toEqual({
      nilai: 50,
      graded: false,
    });
    expect(
      scoreAttempt([{ aturan: 'semua', jumlah_wajib_dijawab: null, questions: [q(null, false)] }], 0).graded,
    ).toBe(true);
    expect(
      scoreAttempt([{ aturan: 'semua', jumlah_wajib_dijawab: null, questions: [q(10)] }], 50).nilai,
    ).toBe(0);
    expect(
      scoreAttempt([{ aturan: 'semua', jumlah_wajib_dijawab: null, questions: [q(100), q(100), q(0)] }], 0)
        .nilai,
    ).toBe(66.67);
  });
});
