import { fileContentInvalidMessage, fileTypeNotAllowedMessage } from './format.rules.ts';
import { isBlankRichText } from './rich-text.rules.ts';

/*
 * Materials (spec 2 §3 Material, §4 "Material attendance", §5 "Material form"): the form's rules, the
 * accepted files per type, and when a student has done what a material asks. Used by the server (which
 * decides) and the web (which explains).
 */

/** jenis_materi: what kind of teaching material it is. */
export const materialKinds = [
  'buku_ajar',
  'diktat',
  'modul',
  'petunjuk_praktikum',
  'model',
  'alat_bantu',
  'audio_visual',
  'naskah_tutorial',
] as const;
export type MaterialKind = (typeof materialKinds)[number];

/** tipe_file: how the material is delivered. */
export const materialFileTypes = ['ebook', 'video', 'audio', 'archive', 'url'] as const;
export type MaterialFileType = (typeof materialFileTypes)[number];

/** The labels of the type select. */
export const materialFileTypeLabels: Record<MaterialFileType, string> = {
  ebook: 'E-Book',
  video: 'Video',
  audio: 'Audio',
  archive: 'Arsip',
  url: 'Link Eksternal',
};

/** Accepted extensions per file type (spec 2 §5); `url` takes a link, not a file. */
export const materialExtensions: Record<Exclude<MaterialFileType, 'url'>, readonly string[]> = {
  ebook: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
  video: ['mp4', 'ogg', 'mpeg', 'webm'],
  audio: ['mp3', 'wav', 'ogg', 'acc', 'opus', 'webm'],
  archive: ['zip', 'rar'],
};

/** "buku_ajar" → "Buku Ajar": underscores as spaces, each word capitalised (spec 2 §2 copy table). */
export function materialKindLabel(kind: string): string {
  return kind
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** The lower-case extension of a file name, without the dot; '' when it has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Whether a file name's extension is accepted for the type. */
export function isAcceptedMaterialFile(fileType: MaterialFileType, fileName: string): boolean {
  if (fileType === 'url') return false;
  return materialExtensions[fileType].includes(fileExtension(fileName));
}

/** The `accept` attribute of the file input for a type. */
export function materialAccept(fileType: MaterialFileType): string {
  return fileType === 'url' ? '' : materialExtensions[fileType].map((ext) => `.${ext}`).join(',');
}

/** A material's size limit in bytes: the `materi` setting in MB × 1,000,000 (spec 2 §5). */
export function materialMaxBytes(limitMb: number): number {
  return limitMb * 1_000_000;
}

/** "Ukuran file tidak boleh lebih dari {N}MB." with N = bytes ÷ 1,000,000, two decimals (spec 2 §5). */
export function fileTooLargeMessage(maxBytes: number): string {
  return `Ukuran file tidak boleh lebih dari ${(maxBytes / 1_000_000).toFixed(2)}MB.`;
}

/** The texts of spec 2 §5 "Material form" and §8, letter for letter. */
export const materialMessages = {
  pertemuanRequired: 'Pertemuan wajib dipilih!',
  judulRequired: 'Judul wajib diisi!',
  deskripsiRequired: 'Deskripsi wajib diisi!',
  tipeRequired: 'Tipe wajib dipilih!',
  jenisRequired: 'Jenis wajib dipilih!',
  tampilRequired: 'Tanggal & Jam Mulai Tampil wajib dipilih!',
  materiRequired: 'Materi wajib dipilih!',
  incomplete: 'Pengisian Data Belum Lengkap!',
  urlNotDownloadable: 'URL tidak dapat didownload!',
  // Not given by the spec: the same pattern as its other messages.
  fileRequired: 'File wajib diunggah!',
  urlRequired: 'Link wajib diisi!',
  deadlineRequired: 'Batas Waktu Kehadiran wajib dipilih!',
  tampilInPast: 'Tanggal & Jam Mulai Tampil tidak boleh di masa lalu!',
  deadlineInPast: 'Batas Waktu Kehadiran tidak boleh di masa lalu!',
  deadlineBeforeTampil: 'Batas Waktu Kehadiran harus setelah Tanggal & Jam Mulai Tampil!',
  fileTypeInvalid: fileTypeNotAllowedMessage,
  fileContentInvalid: fileContentInvalidMessage,
} as const;

export interface MaterialFieldError {
  field: string;
  message: string;
}

/** What the form holds, as both sides see it (times as instants). */
export interface MaterialFormInput {
  /** Required only of operators (lecturers add to the current meeting, which is always set). */
  id_pertemuan?: string | null;
  judul?: string | null;
  deskripsi?: string | null;
  jenis_materi?: string | null;
  tipe_file?: string | null;
  /** True when a file is chosen or already stored; the url text for `url`. */
  has_file?: boolean;
  file_url?: string | null;
  tampil_sekarang: boolean;
  waktu_mulai_tampil?: Date | null;
  is_syarat_hadir: boolean;
  deadline?: Date | null;
}

/** A material may be required for attendance only in an online meeting (spec 2 §5). */
export function attendanceRequirementAllowed(meetingKind: string): boolean {
  return meetingKind === 'online';
}

/**
 * The deadline the form starts with: the meeting's default_deadline_materi, but only while the meeting
 * has not started (spec 2 §4).
 */
export function defaultMaterialDeadline(meeting: {
  status: string;
  default_deadline_materi: string | null;
}): string | null {
  return meeting.status === 'belum_dimulai' ? meeting.default_deadline_materi : null;
}

/**
 * The rules of spec 2 §5 "Material form" for the new-material tab and the edit form. `missing` fields
 * are shown with the toast "Pengisian Data Belum Lengkap!"; `invalid` are the time rules. `now` is the
 * server's time (the web passes its estimate of it).
 */
export function validateMaterialForm(
  input: MaterialFormInput,
  options: { requireMeeting: boolean; now: Date },
): { missing: MaterialFieldError[]; invalid: MaterialFieldError[] } {
  const m = materialMessages;
  const missing: MaterialFieldError[] = [];
  const invalid: MaterialFieldError[] = [];
  if (options.requireMeeting && !input.id_pertemuan) {
    missing.push({ field: 'id_pertemuan', message: m.pertemuanRequired });
  }
  if (!input.judul?.trim()) missing.push({ field: 'judul', message: m.judulRequired });
  if (isBlankRichText(input.deskripsi)) missing.push({ field: 'deskripsi', message: m.deskripsiRequired });
  if (!input.jenis_materi) missing.push({ field: 'jenis_materi', message: m.jenisRequired });
  if (!input.tipe_file) missing.push({ field: 'tipe_file', message: m.tipeRequired });
  else if (input.tipe_file === 'url') {
    if (!input.file_url?.trim()) missing.push({ field: 'file_url', message: m.urlRequired });
  } else if (!input.has_file) {
    missing.push({ field: 'file', message: m.fileRequired });
  }
  if (!input.tampil_sekarang && !input.waktu_mulai_tampil) {
    missing.push({ field: 'waktu_mulai_tampil', message: m.tampilRequired });
  }
  if (input.is_syarat_hadir && !input.deadline) {
    missing.push({ field: 'deadline', message: m.deadlineRequired });
  }
  // The pickers allow from one day before the server's date (spec 2 §5): a slightly slow clock on the
  // phone must not make "now" unpickable; a whole day in the past is a mistake.
  const earliest = new Date(options.now.getTime() - 24 * 3600_000);
  if (!input.tampil_sekarang && input.waktu_mulai_tampil && input.waktu_mulai_tampil < earliest) {
    invalid.push({ field: 'waktu_mulai_tampil', message: m.tampilInPast });
  }
  if (input.is_syarat_hadir && input.deadline) {
    const shownAt = input.tampil_sekarang ? options.now : input.waktu_mulai_tampil;
    if (input.deadline < options.now) invalid.push({ field: 'deadline', message: m.deadlineInPast });
    else if (shownAt && input.deadline <= shownAt) {
      invalid.push({ field: 'deadline', message: m.deadlineBeforeTampil });
    }
  }
  return { missing, invalid };
}

/** What a student did with a material, as the server recorded it. */
export interface MaterialEvidence {
  downloaded: boolean;
  linkOpened: boolean;
  /** Seconds of real playback counted by the server. */
  playedSeconds: number;
  /** The media's length in seconds, when known. */
  durationSeconds: number | null;
  /** Sudah Baca pressed after the countdown. */
  read: boolean;
}

/** The thresholds of pengaturan_kelas.syarat_kehadiran_online_mahasiswa. */
export interface MaterialThresholds {
  video_persen: number;
  audio_persen: number;
  ebook_detik: number;
}

/** How much of the media was played, 0–100 (one decimal); 0 when its length is unknown. */
export function playedPercent(playedSeconds: number, durationSeconds: number | null): number {
  if (!durationSeconds || durationSeconds <= 0) return 0;
  return Math.min(100, Math.round((playedSeconds / durationSeconds) * 1000) / 10);
}

/**
 * Whether the student has done what the material asks (spec 2 §4): an ebook read to the end of the
 * countdown (Sudah Baca), audio or video played past the setting, a link opened, an archive downloaded.
 */
export function isMaterialCompleted(
  fileType: MaterialFileType,
  evidence: MaterialEvidence,
  thresholds: MaterialThresholds,
): boolean {
  switch (fileType) {
    case 'ebook':
      return evidence.read;
    case 'video':
      return (
        evidence.downloaded ||
        playedPercent(evidence.playedSeconds, evidence.durationSeconds) >= thresholds.video_persen
      );
    case 'audio':
      return (
        evidence.downloaded ||
        playedPercent(evidence.playedSeconds, evidence.durationSeconds) >= thresholds.audio_persen
      );
    case 'archive':
      return evidence.downloaded;
    case 'url':
      return evidence.linkOpened;
  }
}

/**
 * One playback report may add at most the time that passed since the previous one (server time) plus
 * this slack, so a seek to the end or a forged report cannot claim more than was really played.
 */
export const playbackSlackSeconds = 2;

/** Seconds of reading still needed before Sudah Baca counts; 0 when done. */
export function readingSecondsLeft(openedAt: Date | null, now: Date, ebookSeconds: number): number {
  if (!openedAt) return ebookSeconds;
  return Math.max(0, Math.ceil(ebookSeconds - (now.getTime() - openedAt.getTime()) / 1000));
}
