/*
 * Video conferences (spec 2 §3 Vidcon, §4, §5 "Vidcon form"): the form's rules, the status by the clock,
 * and lateness. Used by the server (which decides) and the web (which explains).
 */

/** aplikasi: where the conference takes place. */
export const vidconApps = ['zoom', 'gmeet', 'msteams', 'lainnya'] as const;
export type VidconApp = (typeof vidconApps)[number];

export const vidconAppLabels: Record<VidconApp, string> = {
  zoom: 'Zoom',
  gmeet: 'Google Meet',
  msteams: 'Microsoft Teams',
  lainnya: 'Lainnya',
};

export const vidconStatuses = ['belum_dimulai', 'berlangsung', 'selesai'] as const;
export type VidconStatus = (typeof vidconStatuses)[number];

export const vidconStatusLabels: Record<VidconStatus, string> = {
  belum_dimulai: 'Belum Dimulai',
  berlangsung: 'Sedang Berlangsung',
  selesai: 'Telah Berakhir',
};

/** A new vidcon lasts an hour unless changed (spec 2 §5). */
export const vidconDefaultLengthMs = 3_600_000;

/** The texts of spec 2 §5 "Vidcon form", letter for letter, and the hint about the link. */
export const vidconMessages = {
  pertemuanRequired: 'Pertemuan wajib diisi',
  judulRequired: 'Judul wajib diisi',
  aplikasiRequired: 'Aplikasi wajib diisi',
  linkRequired: 'Link wajib diisi',
  mulaiRequired: 'Waktu mulai wajib diisi',
  selesaiRequired: 'Waktu selesai wajib diisi',
  selesaiBeforeMulai: 'Waktu selesai tidak boleh kurang dari waktu mulai',
  selesaiEarlierWithParticipants: 'Waktu selesai tidak dapat dimajukan karena sudah ada peserta vidcon',
  // Not given by the spec: the server's answer when locked pickers were bypassed.
  timesLocked:
    'Waktu vidcon tidak dapat diubah karena vidcon sudah berakhir atau sedang berlangsung dengan peserta',
  linkHint: 'Jangan bagikan link vidcon kepada pihak di luar peserta kelas.',
} as const;

/** The status of a vidcon at an instant: before, during or after its window (server time decides). */
export function vidconStatus(now: Date, start: Date, end: Date): VidconStatus {
  if (now < start) return 'belum_dimulai';
  return now < end ? 'berlangsung' : 'selesai';
}

/** The pickers are locked once it has finished, or while it runs with participants (spec 2 §5). */
export function areVidconTimesLocked(status: VidconStatus, participants: number): boolean {
  return status === 'selesai' || (status === 'berlangsung' && participants > 0);
}

/** A student is late when joining at or after the start plus the allowance in minutes (spec 2 §4). */
export function isVidconJoinLate(joinedAt: Date, start: Date, allowanceMinutes: number): boolean {
  return joinedAt.getTime() >= start.getTime() + allowanceMinutes * 60_000;
}

/**
 * The activity deadline of a vidcon: the last instant that is still on time, so that the activity
 * model's "completed at or before the deadline" means "joined before start + allowance".
 */
export function vidconDueAt(start: Date, allowanceMinutes: number): Date {
  return new Date(start.getTime() + allowanceMinutes * 60_000 - 1);
}

export interface VidconFieldError {
  field: string;
  message: string;
}

export interface VidconFormInput {
  id_pertemuan?: string | null;
  judul?: string | null;
  aplikasi?: string | null;
  link?: string | null;
  waktu_mulai?: Date | null;
  waktu_selesai?: Date | null;
}

/**
 * The rules of spec 2 §5 "Vidcon form". `stored` is the saved vidcon when editing: with participants its
 * end may not move earlier.
 */
export function validateVidconForm(
  input: VidconFormInput,
  options: { requireMeeting: boolean; stored?: { waktu_selesai: Date; participants: number } },
): { missing: VidconFieldError[]; invalid: VidconFieldError[] } {
  const m = vidconMessages;
  const missing: VidconFieldError[] = [];
  const invalid: VidconFieldError[] = [];
  if (options.requireMeeting && !input.id_pertemuan)
    missing.push({ field: 'id_pertemuan', message: m.pertemuanRequired });
  if (!input.judul?.trim()) missing.push({ field: 'judul', message: m.judulRequired });
  if (!input.aplikasi) missing.push({ field: 'aplikasi', message: m.aplikasiRequired });
  if (!input.link?.trim()) missing.push({ field: 'link', message: m.linkRequired });
  if (!input.waktu_mulai) missing.push({ field: 'waktu_mulai', message: m.mulaiRequired });
  if (!input.waktu_selesai) missing.push({ field: 'waktu_selesai', message: m.selesaiRequired });
  if (input.waktu_mulai && input.waktu_selesai && input.waktu_selesai < input.waktu_mulai) {
    invalid.push({ field: 'waktu_selesai', message: m.selesaiBeforeMulai });
  }
  const stored = options.stored;
  if (
    stored &&
    stored.participants > 0 &&
    input.waktu_selesai &&
    input.waktu_selesai < stored.waktu_selesai
  ) {
    invalid.push({ field: 'waktu_selesai', message: m.selesaiEarlierWithParticipants });
  }
  return { missing, invalid };
}
