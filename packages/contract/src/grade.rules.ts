// Zod-free on purpose (see permission.rules.ts): the recap page and the database enums import these.

/** The recap's types of LMS activity (spec 3 §2 Tampilkan, header_rerata). */
export const gradeTypes = ['tugas', 'kuis', 'forum', 'uts', 'uas'] as const;
export type GradeType = (typeof gradeTypes)[number];

export const gradeTypeLabels: Record<GradeType, string> = {
  tugas: 'Tugas',
  kuis: 'Kuis',
  forum: 'Forum',
  uts: 'UTS',
  uas: 'UAS',
};

/**
 * The recap type of an activity. An exam is typed by its own jenis (kuis, uts, uas), which the exam area
 * records on the activity; a remedial, or an exam recorded before the jenis was, follows its meeting: in a
 * UTS or UAS meeting it is that exam, elsewhere a quiz (docs/api/grades-and-siakad.md). Kinds without
 * scores answer null.
 */
export function gradeTypeOfActivity(
  kind: string,
  meetingCategory: string,
  examKind?: string | null,
): GradeType | null {
  if (kind === 'tugas') return 'tugas';
  if (kind === 'forum') return 'forum';
  if (kind !== 'ujian') return null;
  if (examKind === 'kuis' || examKind === 'uts' || examKind === 'uas') return examKind;
  if (meetingCategory === 'uts') return 'uts';
  if (meetingCategory === 'uas') return 'uas';
  return 'kuis';
}

/** Activity score status in the recap (spec 3 §4), with the legend's colours. */
export const scoreStatuses = [
  'sudah_dinilai',
  'belum_dinilai',
  'tidak_ada_pengerjaan',
  'belum_berakhir',
] as const;
export type ScoreStatus = (typeof scoreStatuses)[number];

export const scoreStatusLabels: Record<ScoreStatus, string> = {
  sudah_dinilai: 'Sudah Dinilai',
  belum_dinilai: 'Belum Dinilai',
  tidak_ada_pengerjaan: 'Tidak Ada Pengerjaan',
  belum_berakhir: 'Belum Berakhir',
};
/** Palette names (preset status colours fail contrast). */
export const scoreStatusColors: Record<ScoreStatus, string> = {
  sudah_dinilai: 'green',
  belum_dinilai: 'red',
  tidak_ada_pengerjaan: 'gold',
  belum_berakhir: 'default',
};

/**
 * An activity's status: not ended while its window (closes_at, else due_at) is still open; otherwise no
 * attempts when nobody worked on it, some ungraded while any worked student has no grade yet, else all
 * graded.
 */
export function scoreStatusOf(
  activity: { closesAt: Date | null; dueAt: Date | null },
  counts: { worked: number; ungraded: number },
  now: Date,
): ScoreStatus {
  if (!hasEnded(activity, now)) return 'belum_berakhir';
  if (counts.worked === 0) return 'tidak_ada_pengerjaan';
  if (counts.ungraded > 0) return 'belum_dinilai';
  return 'sudah_dinilai';
}

/** The recap's "no value" (spec 3 §9): shown as "-". */
export const noScore = -1.618;

/** A recap value as shown: -1.618 (or nothing) as "-", any other score with 2 decimals. */
export function formatRecapScore(value: number | null | undefined): string {
  if (value === null || value === undefined || value === noScore) return '-';
  return value.toFixed(2);
}

/** Rounds to 2 decimals (half away from zero), the precision SIAKAD stores. */
export function roundScore(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 100 + Number.EPSILON)) / 100;
}

/**
 * A SIAKAD component's value for one student: the mean of the chosen activities' scores, an activity
 * without a graded score counting 0, rounded to 2 decimals. No chosen activity answers null (nothing to
 * send).
 */
export function componentValue(scores: readonly (number | null)[]): number | null {
  if (scores.length === 0) return null;
  const sum = scores.reduce<number>((total, score) => total + (score ?? 0), 0);
  return roundScore(sum / scores.length);
}

/** The activity's window (its close, else its due time) is over; one without either is always over. */
export function hasEnded(activity: { closesAt: Date | null; dueAt: Date | null }, now: Date): boolean {
  const end = activity.closesAt ?? activity.dueAt;
  return !end || end.getTime() <= now.getTime();
}

/**
 * The LMS average of one type (the recap's "Rata-rata {type}"): the same mean, over the activities that
 * have ended or that the student has a graded score in, so a task not open yet or a UTS weeks away does
 * not pull it down as 0 (issue 45); null when none counts. SIAKAD's components keep componentValue's rule
 * (every chosen activity, missing counting 0), and the recap's legend says so.
 */
export function typeAverage(items: readonly { ended: boolean; score: number | null }[]): number | null {
  return componentValue(items.filter((i) => i.ended || i.score !== null).map((i) => i.score));
}

/** 24 h 59 min 59 s: a lecturer's entry window starts this long after SIAKAD's window start (spec 3 §9). */
export const lecturerWindowDelaySeconds = 24 * 3600 + 59 * 60 + 59;

/** SIAKAD's entry window and lock of one class. */
export interface EntryWindow {
  start: Date | null;
  end: Date | null;
  locked: boolean;
}

/** The window a lecturer may send in, [start + 24:59:59, end]; null when SIAKAD has none. */
export function lecturerWindow(window: EntryWindow): { start: Date; end: Date } | null {
  if (!window.start || !window.end) return null;
  return { start: new Date(window.start.getTime() + lecturerWindowDelaySeconds * 1000), end: window.end };
}

/** Whole seconds: the window's edges are inclusive to the second. */
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Whether the server time lies in the lecturer's window, both edges inclusive (to the second). */
export function isWithinLecturerWindow(window: EntryWindow, now: Date): boolean {
  const w = lecturerWindow(window);
  if (!w) return false;
  const t = seconds(now);
  return t >= seconds(w.start) && t <= seconds(w.end);
}

/** The recap's lock and window messages (spec 3 §8), letter for letter. */
export const gradeMessages = {
  classLocked:
    'Nilai kelas kuliah ini telah dikunci. Untuk mengirim nilai kelas ini ke Siakad, silakan buka kunci terlebih dahulu di Siakad.',
  windowOpenLocked:
    'Waktu entri nilai sedang dibuka. Nilai kelas kuliah ini telah dikunci. Anda tidak dapat mengirim nilai LMS ke Siakad.',
  outsideWindowLocked:
    'Anda berada di luar rentang waktu entri nilai. Nilai kelas kuliah ini telah dikunci. Anda tidak dapat mengirim nilai LMS ke Siakad',
  outsideWindow:
    'Anda berada di luar rentang waktu entri nilai. Anda tidak dapat mengirim nilai LMS ke Siakad.',
  windowOpen: 'Waktu entri nilai sedang dibuka. Anda dapat mengirim nilai LMS ke Siakad.',
  overwriteConfirm:
    'Nilai telah diupdate di sikad. Update nilai akan mengganti nilai di sikad. Apakah Anda tetap ingin melanjutkan?',
  updated: 'Berhasil update nilai',
  componentSaved: 'Berhasil menyimpan komponen nilai',
  sendQueued: 'Pengiriman nilai ke Siakad sedang diproses',
  sendRunning: 'Sedang ada proses pengiriman nilai kelas ini',
  notIntegrator: 'Hanya pelaku integrasi nilai yang dapat mengatur komponen nilai Siakad.',
  activityNotInClass: 'Aktivitas tidak ditemukan di kelas ini.',
  componentNotFound: 'Komponen nilai tidak ditemukan di Siakad.',
  siakadUnavailable: 'Siakad tidak dapat dihubungi.',
  siakadRefused: 'Siakad menolak permintaan.',
  nothingToSend: 'Tidak ada nilai yang perlu dikirim.',
} as const;

/** Which roles may be the designated integrator (pelaku_integrasi_nilai). */
export const gradeIntegrators = ['dosen', 'operator'] as const;
export type GradeIntegrator = (typeof gradeIntegrators)[number];

/** The recap's send state for the caller: whether sending is allowed and which banner to show. */
export interface GradeSendState {
  allowed: boolean;
  /** The banner (spec 3 §8); null when there is nothing to say. */
  message: string | null;
  tone: 'success' | 'warning' | 'error' | null;
}

/**
 * Spec 3 §5 "Grade sending": a lecturer sends only when the class is unlocked and the server time is in
 * [window start + 24:59:59, window end], inclusive; an operator whenever unlocked. Lecturers see the
 * window messages; others see only the lock message.
 */
export function gradeSendState(role: 'dosen' | 'operator', window: EntryWindow, now: Date): GradeSendState {
  if (role === 'operator') {
    return window.locked
      ? { allowed: false, message: gradeMessages.classLocked, tone: 'error' }
      : { allowed: true, message: null, tone: null };
  }
  const inWindow = isWithinLecturerWindow(window, now);
  if (window.locked) {
    return {
      allowed: false,
      message: inWindow ? gradeMessages.windowOpenLocked : gradeMessages.outsideWindowLocked,
      tone: 'error',
    };
  }
  return inWindow
    ? { allowed: true, message: gradeMessages.windowOpen, tone: 'success' }
    : { allowed: false, message: gradeMessages.outsideWindow, tone: 'warning' };
}

/** What sending does to one student's component value. */
export const sendChanges = ['baru', 'ubah', 'timpa', 'sama', 'kosong'] as const;
export type SendChange = (typeof sendChanges)[number];

export const sendChangeLabels: Record<SendChange, string> = {
  baru: 'Baru',
  ubah: 'Diubah',
  timpa: 'Menimpa nilai Siakad',
  sama: 'Tidak berubah',
  kosong: 'Tidak dikirim',
};

/**
 * Compares the value to send with SIAKAD's: nothing to send (no chosen activity), unchanged, new (SIAKAD
 * has none), changed, or changed over a value somebody updated in SIAKAD (needs the confirmation).
 */
export function sendChangeOf(
  lmsValue: number | null,
  siakad: { nilai: number | null; updatedBySiakad: boolean } | null,
): SendChange {
  if (lmsValue === null) return 'kosong';
  if (!siakad || siakad.nilai === null) return 'baru';
  if (roundScore(siakad.nilai) === roundScore(lmsValue)) return 'sama';
  return siakad.updatedBySiakad ? 'timpa' : 'ubah';
}

/** A send job's states and a student's result in it. */
export const gradeSendStatuses = ['menunggu', 'berjalan', 'selesai', 'gagal'] as const;
export type GradeSendStatus = (typeof gradeSendStatuses)[number];
export const gradeSendStatusLabels: Record<GradeSendStatus, string> = {
  menunggu: 'Menunggu',
  berjalan: 'Berjalan',
  selesai: 'Selesai',
  gagal: 'Gagal',
};

export const gradeSendItemStatuses = ['menunggu', 'terkirim', 'sama', 'gagal'] as const;
export type GradeSendItemStatus = (typeof gradeSendItemStatuses)[number];
export const gradeSendItemStatusLabels: Record<GradeSendItemStatus, string> = {
  menunggu: 'Menunggu',
  terkirim: 'Terkirim',
  sama: 'Tidak berubah',
  gagal: 'Gagal',
};

/** Tampilkan boxes (spec 3 §2) and the export's matching flags. */
export const recapFilterKeys = [...gradeTypes, 'sikad_lebih_0', 'sikad_sama_0'] as const;
export type RecapFilterKey = (typeof recapFilterKeys)[number];
export const recapFilterLabels: Record<RecapFilterKey, string> = {
  ...gradeTypeLabels,
  sikad_lebih_0: 'Komponen Nilai Sikad > 0%',
  sikad_sama_0: 'Komponen Nilai Sikad = 0%',
};
