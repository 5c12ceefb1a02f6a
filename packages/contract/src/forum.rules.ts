import { isBlankRichText } from './rich-text.rules.ts';

/*
 * Forums (spec 2 §3 Forum, §5 "Forum form"): the form's rules, when students may post, and the activity
 * score. Used by the server (which decides) and the web (which explains).
 */

export const forumStatuses = ['belum_dimulai', 'berlangsung', 'selesai'] as const;
export type ForumStatus = (typeof forumStatuses)[number];

export const forumStatusLabels: Record<ForumStatus, string> = {
  belum_dimulai: 'Belum Dimulai',
  berlangsung: 'Sedang Berlangsung',
  selesai: 'Telah Berakhir',
};

/** Jumlah Minimal Komentar starts at 1 (spec 2 §9). */
export const defaultMinimalPost = 1;

/** The end must be at least this long after the start (spec 2 §5). */
export const forumMinimumLengthMs = 5 * 60_000;

/** A post's text is at most this long (rich text, before sanitising). */
export const forumPostMaxLength = 20_000;

/**
 * Files a post or reply may carry: the upload dialog's extensions (spec 2 §5 "Allowed extensions
 * overall"); each within the `lampiran_forum` size setting.
 */
export const forumAttachmentExtensions = [
  'jpg',
  'jpeg',
  'png',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'zip',
  'rar',
  'mp3',
  'wav',
  'mp4',
  'webm',
  'ogg',
] as const;

/** At most this many files per post or reply. */
export const forumAttachmentMaxCount = 5;

/** The form's texts; the start-time one is spec 2 §5's letter for letter, the rest follow its pattern. */
export const forumMessages = {
  pertemuanRequired: 'Pertemuan wajib diisi',
  judulRequired: 'Judul Forum wajib diisi',
  deskripsiRequired: 'Deskripsi wajib diisi',
  mulaiRequired: 'Waktu Mulai wajib diisi',
  selesaiRequired: 'Waktu Selesai wajib diisi',
  minimalPostRequired: 'Jumlah Minimal Komentar wajib diisi',
  minimalPostTooSmall: 'Jumlah Minimal Komentar minimal 1',
  selesaiBeforeMulai: 'Waktu selesai tidak boleh kurang dari waktu mulai',
  selesaiTooSoon: 'Waktu selesai minimal 5 menit setelah waktu mulai',
  mulaiLocked: 'Waktu mulai tidak bisa diubah karena sudah ada peserta forum',
  postEmpty: 'Komentar wajib diisi',
  notOpenYet: 'Forum belum dimulai.',
  closed: 'Forum telah berakhir.',
  tooManyAttachments: `Maksimal ${forumAttachmentMaxCount} lampiran per komentar.`,
} as const;

/** The status of a forum at an instant (server time decides). */
export function forumStatus(now: Date, start: Date, end: Date): ForumStatus {
  if (now < start) return 'belum_dimulai';
  return now < end ? 'berlangsung' : 'selesai';
}

/** Students post only while the forum runs; lecturers and operators at any time. */
export function mayPostInForum(role: string, status: ForumStatus): boolean {
  return role !== 'mahasiswa' || status === 'berlangsung';
}

export interface ForumFieldError {
  field: string;
  message: string;
}

export interface ForumFormInput {
  id_pertemuan?: string | null;
  judul?: string | null;
  deskripsi?: string | null;
  waktu_mulai?: Date | null;
  waktu_selesai?: Date | null;
  minimal_post?: number | null;
}

/**
 * The rules of spec 2 §5 "Forum form". `stored` is the saved forum when editing: once participants
 * joined, its start may not change.
 */
export function validateForumForm(
  input: ForumFormInput,
  options: { requireMeeting: boolean; stored?: { waktu_mulai: Date; participants: number } },
): { missing: ForumFieldError[]; invalid: ForumFieldError[] } {
  const m = forumMessages;
  const missing: ForumFieldError[] = [];
  const invalid: ForumFieldError[] = [];
  if (options.requireMeeting && !input.id_pertemuan)
    missing.push({ field: 'id_pertemuan', message: m.pertemuanRequired });
  if (!input.judul?.trim()) missing.push({ field: 'judul', message: m.judulRequired });
  if (isBlankRichText(input.deskripsi)) missing.push({ field: 'deskripsi', message: m.deskripsiRequired });
  if (!input.waktu_mulai) missing.push({ field: 'waktu_mulai', message: m.mulaiRequired });
  if (!input.waktu_selesai) missing.push({ field: 'waktu_selesai', message: m.selesaiRequired });
  if (input.minimal_post === null || input.minimal_post === undefined) {
    missing.push({ field: 'minimal_post', message: m.minimalPostRequired });
  } else if (!Number.isInteger(input.minimal_post) || input.minimal_post < 1) {
    invalid.push({ field: 'minimal_post', message: m.minimalPostTooSmall });
  }
  if (input.waktu_mulai && input.waktu_selesai) {
    if (input.waktu_selesai < input.waktu_mulai) {
      invalid.push({ field: 'waktu_selesai', message: m.selesaiBeforeMulai });
    } else if (input.waktu_selesai.getTime() - input.waktu_mulai.getTime() < forumMinimumLengthMs) {
      invalid.push({ field: 'waktu_selesai', message: m.selesaiTooSoon });
    }
  }
  const stored = options.stored;
  if (stored && stored.participants > 0 && input.waktu_mulai && +input.waktu_mulai !== +stored.waktu_mulai) {
    invalid.push({ field: 'waktu_mulai', message: m.mulaiLocked });
  }
  return { missing, invalid };
}

/**
 * The activity score of a forum with penilaian_keaktifan: 100 once the student posted minimal_post times,
 * in proportion below.
 */
export function forumActivityScore(posts: number, minimalPost: number): number {
  if (minimalPost <= 0) return 100;
  return Math.min(100, Math.round((posts / minimalPost) * 100));
}
