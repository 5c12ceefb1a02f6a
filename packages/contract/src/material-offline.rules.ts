/**
 * Materials kept on the phone and read offline (issue 44 §4): the bounds of the evidence a phone sends
 * back and what the server credits of it. Pure rules; the server dates everything by its own clock.
 */

/** The dedicated Cache Storage cache holding kept files (by their URL) and the kept list of each meeting. */
export const offlineMaterialsCacheName = 'lms-offline-materials';

/** A college's default for the total size of one meeting's kept materials, MB. */
export const defaultOfflineMaterialsMb = 200;

/** At most this many records in one sync, and this many seconds in one record (a day). */
export const maxOfflineRecords = 100;
export const maxOfflineRecordSeconds = 86_400;

/** What the phone recorded: an e-book read (`baca`) or audio/video played (`putar`). */
export const offlineRecordKinds = ['baca', 'putar'] as const;
export type OfflineRecordKind = (typeof offlineRecordKinds)[number];

export interface OfflineRecord {
  jenis: OfflineRecordKind;
  /** Seconds the reader was open, or seconds really played (device clock: a claim, never trusted alone). */
  detik: number;
}

/** What the server credits of a sync. */
export interface OfflineCredit {
  /** E-books: seconds of reading credited when the read counts (Sudah Baca); null when it does not. */
  readSeconds: number | null;
  /** Audio and video: seconds of playback the sync may add at most (the server also bounds by its views). */
  playSeconds: number;
}

/**
 * Credits offline evidence no further than the server can verify: only time that passed on the server
 * between the keep (the first download, server time) and the sync counts. An e-book counts as read when
 * one opening lasted at least `ebookSeconds` and the keep was at least that long ago; playback adds at
 * most the elapsed time and never more than the media's length (none when the length is unknown).
 */
export function creditOfflineRecords(input: {
  fileType: string;
  keptAt: Date;
  syncedAt: Date;
  ebookSeconds: number;
  durationSeconds: number | null;
  records: OfflineRecord[];
}): OfflineCredit {
  const elapsed = Math.max(0, (input.syncedAt.getTime() - input.keptAt.getTime()) / 1000);
  const seconds = (kind: OfflineRecordKind) =>
    input.records
      .filter((r) => r.jenis === kind)
      .map((r) => Math.min(maxOfflineRecordSeconds, Math.max(0, r.detik)));
  if (input.fileType === 'ebook') {
    const longest = Math.max(0, ...seconds('baca'));
    const counts = longest > 0 && longest >= input.ebookSeconds && elapsed >= input.ebookSeconds;
    return { readSeconds: counts ? Math.round(Math.min(longest, elapsed)) : null, playSeconds: 0 };
  }
  if (input.fileType === 'video' || input.fileType === 'audio') {
    const played = seconds('putar').reduce((sum, s) => sum + s, 0);
    const length = input.durationSeconds ?? 0;
    return { readSeconds: null, playSeconds: Math.max(0, Math.min(played, elapsed, length)) };
  }
  return { readSeconds: null, playSeconds: 0 };
}

/** "Menyimpan 2 dari 5 materi…" */
export function keepingProgressText(done: number, total: number): string {
  return `Menyimpan ${done} dari ${total} materi…`;
}
