/*
 * Quizzes and exams (spec 3 §3–§5, §9): the form's rules in the spec's order, the exam's status by the
 * server clock, an attempt's deadline and acceptance of answers, the question rules shared with the
 * question bank, the fixed question set of an attempt, and scoring. Used by the server (which decides)
 * and the web (which explains).
 */

import {
  autoMarkExtra,
  isExtraAnswered,
  validateExtraQuestion,
  withoutExtraKey,
  type ExtraAnswerValue,
  type ExtraQuestionBody,
} from './question-kinds.rules.ts';

/** jenis: kinds of exam. */
export const examKinds = ['kuis', 'uts', 'uas', 'remedial'] as const;
export type ExamKind = (typeof examKinds)[number];
export const examKindLabels: Record<ExamKind, string> = {
  kuis: 'Kuis',
  uts: 'UTS',
  uas: 'UAS',
  remedial: 'Remedial',
};

/** sifat: close = Tutup Buku (default), open = Buku Terbuka. */
export const examNatures = ['close', 'open'] as const;
export type ExamNature = (typeof examNatures)[number];
export const examNatureLabels: Record<ExamNature, string> = { close: 'Tutup Buku', open: 'Buku Terbuka' };

export const examStatuses = ['belum_dimulai', 'berlangsung', 'selesai'] as const;
export type ExamStatus = (typeof examStatuses)[number];
export const examStatusLabels: Record<ExamStatus, string> = {
  belum_dimulai: 'Belum Dimulai',
  berlangsung: 'Sedang Berlangsung',
  selesai: 'Telah Berakhir',
};

/** aturan of a question group: all shown, a random `jumlah_wajib_dijawab` shown, or all shown and that many required. */
export const groupRules = ['semua', 'random', 'sebagian'] as const;
export type GroupRule = (typeof groupRules)[number];
export const groupRuleLabels: Record<GroupRule, string> = {
  semua: 'Semua soal ditampilkan',
  random: 'Soal diacak sebanyak jumlah wajib dijawab',
  sebagian: 'Sebagian soal wajib dijawab',
};

/** jenis of a question (exam and question bank alike). */
export const questionKinds = [
  'pilihan',
  'benar_salah',
  'esay',
  'isian_singkat',
  'numerik',
  'pilihan_kompleks',
  'menjodohkan',
  'isian_rumpang',
] as const;
export type QuestionKind = (typeof questionKinds)[number];
export const questionKindLabels: Record<QuestionKind, string> = {
  pilihan: 'Pilihan Ganda',
  benar_salah: 'Benar/Salah',
  esay: 'Esai',
  isian_singkat: 'Isian Singkat',
  numerik: 'Numerik',
  pilihan_kompleks: 'Pilihan Ganda Kompleks',
  menjodohkan: 'Menjodohkan',
  isian_rumpang: 'Isian Rumpang',
};

/** esay.jenis_file_diterima. */
export const essayFileTypes = ['text', 'image', 'pdf', 'docs', 'compressed'] as const;
export type EssayFileType = (typeof essayFileTypes)[number];

/** An attempt is open until submitted (by the student, or by the server at the deadline). */
export const attemptStatuses = ['berlangsung', 'selesai'] as const;
export type AttemptStatus = (typeof attemptStatuses)[number];

/** The student's view of their attempt (spec 3 §4): none yet, open, or over. */
export const studentAttemptStatuses = ['belum_dimulai', 'sedang_berlangsung', 'selesai'] as const;
export type StudentAttemptStatus = (typeof studentAttemptStatuses)[number];

/** spec 3 §9. */
export const minExamMinutes = 5;
export const minOptions = 3;
/** Answers that arrive this long after the deadline are still taken (a request in flight at the end). */
export const answerGraceMs = 30_000;
/** Per-question marks are integers 0–100; an auto-graded question is 100 or 0. */
export const maxQuestionMark = 100;

/** The texts of spec 3 §5, letter for letter, and ours where the spec shows none. */
export const examMessages = {
  pertemuanRequired: 'Pertemuan wajib diisi',
  durasiRequired: 'Durasi wajib diisi',
  durasiTooShort: 'Durasi tidak boleh kurang dari 5 menit',
  mulaiRequired: 'Waktu mulai wajib diisi',
  selesaiRequired: 'Waktu selesai wajib diisi',
  rangeTooShort: 'Rentang waktu tidak boleh kurang dari 5 menit',
  rangeShorterThanDuration: 'Rentang waktu tidak boleh kurang dari durasi',
  selesaiBeforeMulai: 'Waktu selesai tidak boleh kurang dari waktu mulai',
  judulRequired: 'Judul wajib diisi',
  deskripsiRequired: 'Deskripsi wajib diisi',
  jenisRequired: 'Jenis wajib diisi',
  ujianUtamaRequired: 'Ujian Utama wajib diisi',
  noMainExam: 'Tidak ada ujian di pertemuan ini',
  pickExamFirst: 'Pilih ujian terlebih dahulu',
  keyTimeRequired: 'Waktu tampil kunci wajib diisi',
  startLocked: 'Waktu mulai tidak dapat diubah karena ujian sudah dikerjakan',
  deleteWithAttempts:
    'Ujian ini sudah berisi pengerjaan ujian dari peserta kelas. Apakah Anda yakin menghapus semua data ujian ini? Setelah klik Ya, ujian terhapus.',
  deleteWithRemedial:
    'Kuis/Ujian ini sudah dikerjakan peserta dan memiliki ujian remedial. Apakah Anda yakin untuk menghapus semua data pengerjaan kuis/ujian dan ujian remedialnya?',
  resetConfirm: 'Anda yakin me-reset pengerjaan kuis/ujian mahasiswa ini?',
  resetDone: 'Berhasil reset pengerjaan dari mahasiswa',
  markDone: 'Berhasil update nilai',
  deductionDone: 'Berhasil update pengurangan nilai',
  publishDone: 'Berhasil publish nilai',
  unpublishDone: 'Berhasil unpublish nilai',
  calculating: 'Sedang proses perhitungan nilai',
  optionRequired: 'Pilihan jawaban wajib diisi',
  optionsTooFew: 'Pilihan jawaban minimal 3',
  keyRequired: 'Kunci jawaban wajib dipilih',
  questionRequired: 'Pertanyaan wajib diisi',
  requiredCountInvalid: 'Jumlah wajib dijawab harus antara 1 dan jumlah soal kelompok',
  noAttempts: 'Tidak Ada Pengerjaan',
  ungraded: 'Belum Dinilai',
  graded: 'Sudah Dinilai',
  /** To the exam's editors: students see an exam only once it has a question (issue 45). */
  noQuestionsYet: 'Belum ada soal — belum terlihat oleh mahasiswa',
  /** An enrolled student without an attempt, on the results tab and in the export. */
  noAttempt: 'Tidak Mengerjakan',
} as const;

/** The exam form's values the rules look at; times already parsed. */
export interface ExamFormInput {
  id_pertemuan?: string | null;
  judul?: string | null;
  deskripsi?: string | null;
  jenis?: ExamKind | null;
  id_ujian_utama?: string | null;
  gunakan_batas_waktu?: boolean | null;
  durasi?: number | null;
  waktu_mulai?: Date | null;
  waktu_selesai?: Date | null;
  tampilkan_kunci_jawaban?: boolean | null;
  waktu_tampil_kunci?: Date | null;
}

export interface ExamFieldError {
  field: string;
  message: string;
}

const minuteMs = 60_000;

/**
 * The eight checks of spec 3 §5 "Exam form", in the spec's order (each a danger toast; the first one
 * is shown). `requireMeeting`: the form's meeting is needed (operator outside a meeting's page).
 */
export function validateExamTiming(
  input: ExamFormInput,
  options: { requireMeeting: boolean },
): ExamFieldError[] {
  const m = examMessages;
  const errors: ExamFieldError[] = [];
  if (options.requireMeeting && !input.id_pertemuan)
    errors.push({ field: 'id_pertemuan', message: m.pertemuanRequired });
  const limited = !!input.gunakan_batas_waktu;
  const durasi = input.durasi ?? null;
  if (limited && (durasi === null || Number.isNaN(durasi)))
    errors.push({ field: 'durasi', message: m.durasiRequired });
  if (limited && durasi !== null && durasi < minExamMinutes)
    errors.push({ field: 'durasi', message: m.durasiTooShort });
  const start = input.waktu_mulai ?? null;
  const end = input.waktu_selesai ?? null;
  if (!start) errors.push({ field: 'waktu_mulai', message: m.mulaiRequired });
  if (!end) errors.push({ field: 'waktu_selesai', message: m.selesaiRequired });
  if (start && end) {
    // In whole minutes, as the form shows them: a start set with the picker's "Sekarang" carries
    // seconds (18:41:37), and 18:41–19:11 must still hold a 30-minute exam.
    const span = wholeMinute(end) - wholeMinute(start);
    if (span < minExamMinutes) errors.push({ field: 'waktu_selesai', message: m.rangeTooShort });
    if (limited && durasi !== null && span < durasi)
      errors.push({ field: 'waktu_selesai', message: m.rangeShorterThanDuration });
    if (span < 0) errors.push({ field: 'waktu_selesai', message: m.selesaiBeforeMulai });
  }
  return errors;
}

/** Minutes since the epoch, seconds dropped (every zone in use is offset by whole minutes). */
function wholeMinute(at: Date): number {
  return Math.floor(at.getTime() / minuteMs);
}

/**
 * The whole form: the eight timing checks first (spec order), then the other rules of spec 3 §5
 * (judul, deskripsi, jenis, the main exam of a remedial, the key time when the key is shown).
 */
export function validateExamForm(
  input: ExamFormInput,
  options: { requireMeeting: boolean },
): ExamFieldError[] {
  const m = examMessages;
  const errors = validateExamTiming(input, options);
  if (!input.judul?.trim()) errors.push({ field: 'judul', message: m.judulRequired });
  if (!stripTags(input.deskripsi ?? '').trim())
    errors.push({ field: 'deskripsi', message: m.deskripsiRequired });
  if (!input.jenis) errors.push({ field: 'jenis', message: m.jenisRequired });
  if (input.jenis === 'remedial' && !input.id_ujian_utama)
    errors.push({ field: 'id_ujian_utama', message: m.ujianUtamaRequired });
  if (input.tampilkan_kunci_jawaban && !input.waktu_tampil_kunci)
    errors.push({ field: 'waktu_tampil_kunci', message: m.keyTimeRequired });
  return errors;
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ');
}

/** Started when now ≥ waktu_mulai and not ended; ended when now > waktu_selesai (spec 3 §4). */
export function examStatus(now: Date, start: Date, end: Date): ExamStatus {
  if (now.getTime() > end.getTime()) return 'selesai';
  return now.getTime() >= start.getTime() ? 'berlangsung' : 'belum_dimulai';
}

/** The start is locked once anyone has an attempt (spec 3 §5). */
export function isExamStartLocked(attempts: number): boolean {
  return attempts > 0;
}

/**
 * An attempt's deadline, decided by the server at start: start + durasi when the exam uses a time
 * limit, never past waktu_selesai; plus minutes given back to this attempt (extensions).
 */
export function attemptDeadline(
  startedAt: Date,
  exam: { gunakan_batas_waktu: boolean; durasi: number | null; waktu_selesai: Date },
  extraSeconds = 0,
): Date {
  const end = exam.waktu_selesai.getTime() + extraSeconds * 1000;
  if (!exam.gunakan_batas_waktu || !exam.durasi) return new Date(end);
  return new Date(Math.min(startedAt.getTime() + exam.durasi * minuteMs + extraSeconds * 1000, end));
}

/** Whole seconds left at `now` (never negative). */
export function secondsLeft(now: Date, deadline: Date): number {
  return Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000));
}

/** Whether an answer received at `now` is still applied: before the deadline plus the grace. */
export function isAnswerInTime(now: Date, deadline: Date, graceMs = answerGraceMs): boolean {
  return now.getTime() <= deadline.getTime() + graceMs;
}

/** An open attempt past its deadline and grace is submitted by the server with its saved answers. */
export function isAttemptExpired(now: Date, deadline: Date, graceMs = answerGraceMs): boolean {
  return !isAnswerInTime(now, deadline, graceMs);
}

/**
 * The student's attempt status of spec 3 §4: belum_dimulai without an attempt; selesai when submitted,
 * expired, or the exam window is not (or no longer) open; otherwise sedang_berlangsung.
 */
export function studentAttemptStatus(
  now: Date,
  exam: { waktu_mulai: Date; waktu_selesai: Date },
  attempt: { status: AttemptStatus; deadline: Date } | null,
): StudentAttemptStatus {
  if (!attempt) return 'belum_dimulai';
  if (attempt.status === 'selesai' || now.getTime() > attempt.deadline.getTime()) return 'selesai';
  if (now < exam.waktu_mulai) return 'selesai';
  return 'sedang_berlangsung';
}

/**
 * The key is shown only when tampilkan_kunci_jawaban is on, the student started, waktu_tampil_kunci is a
 * real date that has passed, and the class setting allows showing questions (spec 3 §4).
 */
export function canShowAnswerKey(
  now: Date,
  exam: { tampilkan_kunci_jawaban: boolean; waktu_tampil_kunci: Date | null },
  started: boolean,
  classShowsQuestions: boolean,
): boolean {
  const at = exam.waktu_tampil_kunci;
  return (
    exam.tampilkan_kunci_jawaban &&
    started &&
    !!at &&
    at.getUTCFullYear() > 1 &&
    at.getTime() <= now.getTime() &&
    classShowsQuestions
  );
}

/** The lecturer's summary of a finished exam (spec 3 §4). */
export function gradingSummary(attempts: number, ungraded: number): { label: string; count: number | null } {
  if (attempts === 0) return { label: examMessages.noAttempts, count: null };
  if (ungraded > 0) return { label: examMessages.ungraded, count: ungraded };
  return { label: examMessages.graded, count: attempts };
}

// ---------------------------------------------------------------------------------------------------
// Questions (shared with the question bank)

export interface ChoiceOption {
  teks: string;
  gambar?: string | null;
}

/** The type-specific block of a question with its key, as stored and edited. */
export type QuestionBody =
  | { jenis: 'pilihan'; pilihan: ChoiceOption[]; kunci: number | null }
  | { jenis: 'benar_salah'; label: { benar: string; salah: string }; kunci: boolean | null }
  | { jenis: 'esay'; jenis_file_diterima: EssayFileType[]; kunci: string }
  | ExtraQuestionBody;

/** The rules of spec 3 §5 "Question form": text, every option filled, at least three, one key. */
export function validateQuestion(input: { pertanyaan: string; body: QuestionBody }): ExamFieldError[] {
  const m = examMessages;
  const errors: ExamFieldError[] = [];
  if (!stripTags(input.pertanyaan).trim() && !/<img/i.test(input.pertanyaan))
    errors.push({ field: 'pertanyaan', message: m.questionRequired });
  const body = input.body;
  if (body.jenis === 'pilihan') {
    if (body.pilihan.some((o) => !o.teks.trim() && !o.gambar))
      errors.push({ field: 'pilihan', message: m.optionRequired });
    if (body.pilihan.length < minOptions) errors.push({ field: 'pilihan', message: m.optionsTooFew });
    if (body.kunci === null || body.kunci < 0 || body.kunci >= body.pilihan.length)
      errors.push({ field: 'kunci', message: m.keyRequired });
  }
  if (body.jenis === 'benar_salah' && body.kunci === null)
    errors.push({ field: 'kunci', message: m.keyRequired });
  if (body.jenis !== 'pilihan' && body.jenis !== 'benar_salah' && body.jenis !== 'esay')
    errors.push(...validateExtraQuestion(input.pertanyaan, body, minOptions));
  return errors;
}

/**
 * A question's body without its answer key: what a copy carries when the operator's form says
 * "Salin Kunci Jawaban: Tidak" (the lecturer of the copy sets the keys; until then choices score 0).
 */
export function withoutAnswerKey(body: QuestionBody): QuestionBody {
  if (body.jenis === 'esay') return { ...body, kunci: '' };
  if (body.jenis === 'pilihan' || body.jenis === 'benar_salah') return { ...body, kunci: null };
  return withoutExtraKey(body);
}

/** Deleting an option lowers the key's index, or clears it if the deleted option was the key (spec 3 §4). */
export function removeOption(options: ChoiceOption[], key: number | null, index: number) {
  const next = options.filter((_, i) => i !== index);
  let nextKey = key;
  if (key !== null) nextKey = key === index ? null : key > index ? key - 1 : key;
  return { pilihan: next, kunci: nextKey };
}

/** A group's required count is 1…its question count for random and sebagian; semua needs all. */
export function validateGroup(
  rule: GroupRule,
  required: number | null,
  questionCount: number,
): ExamFieldError[] {
  if (rule === 'semua') return [];
  if (required === null || required < 1 || (questionCount > 0 && required > questionCount))
    return [{ field: 'jumlah_wajib_dijawab', message: examMessages.requiredCountInvalid }];
  return [];
}

// ---------------------------------------------------------------------------------------------------
// The question set of an attempt, fixed at start

export interface GroupForSet {
  id: string;
  aturan: GroupRule;
  jumlah_wajib_dijawab: number | null;
  soal: string[];
}

export interface QuestionSetGroup {
  id: string;
  aturan: GroupRule;
  jumlah_wajib_dijawab: number | null;
  soal: string[];
}

/** A small seeded generator (mulberry32), so a set can be rebuilt and tested from its seed. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * The questions a student gets, decided once at start and stored with the attempt: a random group
 * keeps `jumlah_wajib_dijawab` of its questions chosen at random; acak_soal shuffles the order inside
 * each group. Groups keep their order.
 */
export function buildQuestionSet(
  groups: GroupForSet[],
  options: { shuffle: boolean; seed: number },
): QuestionSetGroup[] {
  const random = seededRandom(options.seed);
  return groups.map((g) => {
    let soal = g.soal;
    if (g.aturan === 'random')
      soal = shuffled(soal, random).slice(0, Math.max(0, g.jumlah_wajib_dijawab ?? soal.length));
    if (options.shuffle) soal = shuffled(soal, random);
    else if (g.aturan === 'random') soal = g.soal.filter((id) => soal.includes(id));
    return { id: g.id, aturan: g.aturan, jumlah_wajib_dijawab: g.jumlah_wajib_dijawab, soal };
  });
}

// ---------------------------------------------------------------------------------------------------
// Answers and scoring

/** A student's answer to one question. */
export type AnswerValue =
  | { jenis: 'pilihan'; pilihan: number | null }
  | { jenis: 'benar_salah'; benar_salah: boolean | null }
  | { jenis: 'esay'; teks: string }
  | ExtraAnswerValue;

/** Whether an answer says anything (counts for jumlah_soal_dijawab). */
export function isAnswered(answer: AnswerValue | null | undefined): boolean {
  if (!answer) return false;
  if (answer.jenis === 'pilihan') return answer.pilihan !== null;
  if (answer.jenis === 'benar_salah') return answer.benar_salah !== null;
  if (answer.jenis === 'esay') return stripTags(answer.teks).trim().length > 0;
  return isExtraAnswered(answer);
}

/**
 * The automatic mark of an answer (0–100): choice and true/false 100 or 0, the other kinds their
 * partial credit (question-kinds.rules); null for essays (the lecturer marks them).
 */
export function autoMark(body: QuestionBody, answer: AnswerValue | null | undefined): number | null {
  if (body.jenis === 'esay') return null;
  if (!answer || answer.jenis !== body.jenis) return 0;
  if (body.jenis === 'pilihan' && answer.jenis === 'pilihan')
    return answer.pilihan !== null && answer.pilihan === body.kunci ? maxQuestionMark : 0;
  if (body.jenis === 'benar_salah' && answer.jenis === 'benar_salah')
    return answer.benar_salah !== null && answer.benar_salah === body.kunci ? maxQuestionMark : 0;
  if (body.jenis === 'pilihan' || body.jenis === 'benar_salah') return 0;
  if (answer.jenis === 'pilihan' || answer.jenis === 'benar_salah') return 0;
  return autoMarkExtra(body, answer);
}

export interface ScoredQuestion {
  /** Null: an essay answer not marked yet. */
  mark: number | null;
  answered: boolean;
}

/**
 * nilai_akhir: the mean of the marks of the questions that count, minus pengurangan_nilai, between 0
 * and 100 with 2 decimals. A sebagian group counts its `jumlah_wajib_dijawab` best answered questions
 * (the rest count as 0 up to that number); other groups count every question of the set. Unanswered
 * essays are 0 without marking. `graded` is false while an answered essay has no mark.
 */
export function scoreAttempt(
  groups: Array<{ aturan: GroupRule; jumlah_wajib_dijawab: number | null; questions: ScoredQuestion[] }>,
  deduction: number,
): { nilai: number; graded: boolean } {
  let total = 0;
  let count = 0;
  let graded = true;
  for (const g of groups) {
    const marks = g.questions.map((q) => {
      if (q.mark === null && q.answered) graded = false;
      return q.mark ?? 0;
    });
    if (g.aturan === 'sebagian') {
      const needed = Math.min(g.jumlah_wajib_dijawab ?? marks.length, marks.length);
      const best = [...marks].sort((a, b) => b - a).slice(0, needed);
      total += best.reduce((s, v) => s + v, 0);
      count += needed;
    } else {
      total += marks.reduce((s, v) => s + v, 0);
      count += marks.length;
    }
  }
  const mean = count === 0 ? 0 : total / count;
  const nilai = Math.min(maxQuestionMark, Math.max(0, mean - deduction));
  return { nilai: Math.round(nilai * 100) / 100, graded };
}

/** The zero date 0001-01-01 means unset and shows "-" (spec 3 §4). */
export function isUnsetDate(value: string | null | undefined): boolean {
  return !value || value.startsWith('0001-01-01');
}
