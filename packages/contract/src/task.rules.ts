/**
 * Tasks (tugas) of meetings, spec 2 §2/§3 and issue 11: types, statuses by the server clock, the hand-in
 * rule (on time, late, refused), the monitoring card's statuses and the texts of the area.
 */

/** taskType of spec 2 §3. */
export const taskTypes = ['individu', 'kelompok'] as const;
export type TaskType = (typeof taskTypes)[number];

export const taskTypeLabels: Record<TaskType, string> = {
  individu: 'Individu',
  kelompok: 'Kelompok',
};

/** Task status values as seen for tasks (spec 2 §4). */
export const taskStatuses = ['belum_dimulai', 'sedang_berlangsung', 'selesai'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const taskStatusLabels: Record<TaskStatus, string> = {
  belum_dimulai: 'Belum Dimulai',
  sedang_berlangsung: 'Sedang Berlangsung',
  selesai: 'Selesai',
};

/** The assignment monitoring card's status values (spec 2 §3 Task). */
export const monitoringStatuses = ['not-started', 'no-submission', 'not-rated', 'rated'] as const;
export type MonitoringStatus = (typeof monitoringStatuses)[number];

export const monitoringStatusLabels: Record<MonitoringStatus, string> = {
  'not-started': 'Belum Dimulai',
  'no-submission': 'Belum Mengumpulkan',
  'not-rated': 'Belum Dinilai',
  rated: 'Sudah Dinilai',
};

/**
 * Answer files a task may accept, chosen per task by the lecturer from these (the upload dialog's
 * extensions of spec 2 §5); each within the `pengumpulan_tugas` size setting.
 */
export const taskAnswerExtensions = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'jpg',
  'jpeg',
  'png',
  'zip',
  'rar',
  'mp3',
  'wav',
  'mp4',
  'webm',
] as const;
export type TaskAnswerExtension = (typeof taskAnswerExtensions)[number];

/** A task's own attachments (lampiran_tugas): the same list, each within the `lampiran_tugas` size. */
export const taskAttachmentExtensions = taskAnswerExtensions;

/** At most this many files per task attachment set or per hand-in. */
export const taskFileMaxCount = 5;

/** The longest answer text a hand-in may carry. */
export const taskAnswerTextMaxLength = 20_000;

/** Scores are whole or decimal numbers from 0 to 100 (issue 11). */
export const taskScoreMin = 0;
export const taskScoreMax = 100;

/** The task's status by the server clock: before start, between start and end, after end. */
export function taskStatus(now: Date, start: Date, end: Date): TaskStatus {
  if (now < start) return 'belum_dimulai';
  if (now < end) return 'sedang_berlangsung';
  return 'selesai';
}

/** What a hand-in at `now` would be, decided by the server clock. */
export type HandInDecision =
  | { allowed: true; late: boolean }
  | {
      allowed: false;
      reason: 'belum_dimulai' | 'sudah_berakhir' | 'sudah_dinilai' | 'tidak_dapat_diganti';
    };

/**
 * The hand-in rule: nothing before the start; before the end a student hands in and may replace the
 * hand-in; after the end a first hand-in is accepted and marked late only when the task accepts late
 * hand-ins, and an existing one can no longer be replaced. A graded hand-in is never replaced.
 */
export function decideHandIn(
  task: { start: Date; end: Date; acceptsLate: boolean },
  existing: { graded: boolean } | null,
  now: Date,
): HandInDecision {
  if (now < task.start) return { allowed: false, reason: 'belum_dimulai' };
  if (existing?.graded) return { allowed: false, reason: 'sudah_dinilai' };
  if (now < task.end) return { allowed: true, late: false };
  if (!task.acceptsLate) return { allowed: false, reason: 'sudah_berakhir' };
  if (existing) return { allowed: false, reason: 'tidak_dapat_diganti' };
  return { allowed: true, late: true };
}

/** A student's monitoring status on one task: the card of spec 2 §2. */
export function studentMonitoringStatus(
  now: Date,
  start: Date,
  submission: { graded: boolean; published: boolean } | null,
): MonitoringStatus {
  if (now < start) return 'not-started';
  if (!submission) return 'no-submission';
  return submission.graded && submission.published ? 'rated' : 'not-rated';
}

/** A lecturer's monitoring status of one task: rated only when every hand-in has a score. */
export function lecturerMonitoringStatus(
  now: Date,
  start: Date,
  counts: { submitted: number; graded: number },
): MonitoringStatus {
  if (now < start) return 'not-started';
  if (counts.submitted === 0) return 'no-submission';
  return counts.graded >= counts.submitted ? 'rated' : 'not-rated';
}

/** Whether a score is one the form accepts (0–100, at most two decimals). */
export function isValidTaskScore(score: number): boolean {
  return (
    Number.isFinite(score) &&
    score >= taskScoreMin &&
    score <= taskScoreMax &&
    Math.round(score * 100) === score * 100
  );
}

/** A text made safe as one file or folder name of a zip: no path separators, reserved or control characters. */
export function safeEntryName(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s]+/, '')
      .trim()
  );
}

/** The name of a student's entry in the hand-ins zip: `nim - nama`. */
export function submissionEntryName(nim: string, nama: string): string {
  return `${safeEntryName(nim)} - ${safeEntryName(nama)}`.slice(0, 150);
}

/** The form's field errors (missing first, like the other content forms). */
export interface TaskFieldError {
  field: string;
  message: string;
}

export interface TaskFormInput {
  id_pertemuan?: string;
  judul?: string;
  deskripsi?: string;
  jenis?: string;
  waktu_mulai?: Date | null;
  waktu_selesai?: Date | null;
  tipe_file_jawaban?: readonly string[];
}

/** The texts of the task area. */
export const taskMessages = {
  incomplete: 'Pengisian belum lengkap',
  pertemuanRequired: 'Pertemuan wajib diisi',
  judulRequired: 'Judul Tugas wajib diisi',
  deskripsiRequired: 'Deskripsi wajib diisi',
  jenisRequired: 'Jenis Tugas wajib diisi',
  mulaiRequired: 'Waktu Mulai wajib diisi',
  selesaiRequired: 'Waktu Selesai wajib diisi',
  selesaiAfterMulai: 'Waktu Selesai harus setelah Waktu Mulai',
  tipeFileRequired: 'Pilih minimal satu tipe file jawaban',
  notStarted: 'Tugas belum dimulai.',
  ended: 'Batas waktu pengumpulan sudah berakhir.',
  graded: 'Pengumpulan sudah dinilai dan tidak dapat diganti.',
  notReplaceable: 'Batas waktu sudah berakhir; pengumpulan tidak dapat diganti lagi.',
  emptyHandIn: 'Isi jawaban atau unggah minimal satu file.',
  changedMeanwhile:
    'Pengumpulan baru saja berubah (dinilai, atau dikumpulkan anggota kelompok lain). Muat ulang halaman.',
  noGroup: 'Anda belum tergabung dalam kelompok di kelas ini. Hubungi dosen pengampu.',
  scoreInvalid: 'Nilai harus angka 0 sampai 100.',
  typeChangeRefused: 'Jenis tugas tidak dapat diubah setelah ada pengumpulan.',
  meetingChangeRefused: 'Tugas tidak dapat dipindahkan ke pertemuan lain.',
  fileTypeInvalid: (ext: string) => `Tipe file .${ext || '?'} tidak diterima untuk tugas ini.`,
  fileContentInvalid: (ext: string) => `Isi file tidak sesuai dengan tipe .${ext || '?'}.`,
  tooManyFiles: `Maksimal ${taskFileMaxCount} file.`,
  memberScoreIndividual: 'Nilai per anggota hanya untuk pengumpulan kelompok.',
  memberScoreNeedsGroupScore: 'Isi nilai kelompok sebelum memberi nilai berbeda pada anggota.',
  memberScoreNotMember: 'Nilai per anggota hanya dapat diberikan kepada anggota kelompok ini.',
} as const;

/** Reason of a refused hand-in → its message. */
export const handInRefusalMessages: Record<Exclude<HandInDecision, { allowed: true }>['reason'], string> = {
  belum_dimulai: taskMessages.notStarted,
  sudah_berakhir: taskMessages.ended,
  sudah_dinilai: taskMessages.graded,
  tidak_dapat_diganti: taskMessages.notReplaceable,
};

/** Validates the task form; `requireMeeting` on create. */
export function validateTaskForm(
  input: TaskFormInput,
  options: { requireMeeting: boolean },
): { missing: TaskFieldError[]; invalid: TaskFieldError[] } {
  const missing: TaskFieldError[] = [];
  const invalid: TaskFieldError[] = [];
  const blank = (v: string | undefined) => !v || !v.replace(/<[^>]*>/g, '').trim();
  if (options.requireMeeting && !input.id_pertemuan)
    missing.push({ field: 'id_pertemuan', message: taskMessages.pertemuanRequired });
  if (!input.judul?.trim()) missing.push({ field: 'judul', message: taskMessages.judulRequired });
  if (blank(input.deskripsi)) missing.push({ field: 'deskripsi', message: taskMessages.deskripsiRequired });
  if (!input.jenis) missing.push({ field: 'jenis', message: taskMessages.jenisRequired });
  if (!input.waktu_mulai) missing.push({ field: 'waktu_mulai', message: taskMessages.mulaiRequired });
  if (!input.waktu_selesai) missing.push({ field: 'waktu_selesai', message: taskMessages.selesaiRequired });
  if (!input.tipe_file_jawaban?.length)
    missing.push({ field: 'tipe_file_jawaban', message: taskMessages.tipeFileRequired });
  if (input.waktu_mulai && input.waktu_selesai && input.waktu_selesai <= input.waktu_mulai)
    invalid.push({ field: 'waktu_selesai', message: taskMessages.selesaiAfterMulai });
  return { missing, invalid };
}

/** A member's score that differs from the group's (per-member override of a group hand-in). */
export interface MemberScore {
  mahasiswaId: string;
  nilai: number;
}

/**
 * Each member's score on a group hand-in: their own score when the lecturer gave one, else the group's.
 * No group score means no score for anyone (overrides are cleared with it).
 */
export function memberScoresOf(
  groupScore: number | null,
  memberIds: readonly string[],
  overrides: readonly MemberScore[],
): Map<string, number | null> {
  const own = new Map(overrides.map((o) => [o.mahasiswaId, o.nilai] as const));
  return new Map(
    memberIds.map((id) => [id, groupScore === null ? null : (own.get(id) ?? groupScore)] as const),
  );
}

/**
 * Checks the per-member scores of a grade: only on a group hand-in, only with a group score, only for
 * current members; an override equal to the group score is dropped (it would change nothing). Answers the
 * overrides to store, or the message of the first problem.
 */
export function validateMemberScores(
  groupScore: number | null,
  isGroup: boolean,
  memberIds: readonly string[],
  overrides: readonly { id_mahasiswa: string; nilai: number }[],
): { ok: true; overrides: MemberScore[] } | { ok: false; message: string } {
  if (overrides.length === 0) return { ok: true, overrides: [] };
  if (!isGroup) return { ok: false, message: taskMessages.memberScoreIndividual };
  if (groupScore === null) return { ok: false, message: taskMessages.memberScoreNeedsGroupScore };
  const current = new Set(memberIds);
  const stranger = overrides.find((o) => !current.has(o.id_mahasiswa));
  if (stranger) return { ok: false, message: taskMessages.memberScoreNotMember };
  const bad = overrides.find((o) => !isValidTaskScore(o.nilai));
  if (bad) return { ok: false, message: taskMessages.scoreInvalid };
  const latest = new Map(overrides.map((o) => [o.id_mahasiswa, o.nilai] as const));
  return {
    ok: true,
    overrides: [...latest]
      .filter(([, nilai]) => nilai !== groupScore)
      .map(([mahasiswaId, nilai]) => ({ mahasiswaId, nilai })),
  };
}
