/**
 * College settings constants the browser needs before zod loads (labels, defaults, options). The
 * zod schema that validates and fills them is `college-settings.schema.ts`.
 */

/** Time zones a college can choose (spec 1 §9), with their labels. */
export const collegeTimeZones = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;
export type CollegeTimeZone = (typeof collegeTimeZones)[number];
export const collegeTimeZoneLabels: Record<CollegeTimeZone, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

/** File kinds with an upload limit (spec 1 §9), plus the profile photo and forum attachments. */
export const uploadFileKinds = [
  'banner_kelas',
  'materi',
  'lampiran_tugas',
  'pengumpulan_tugas',
  'soal_ujian',
  'kunci_ujian',
  'jawaban_ujian',
  'soal_bank_soal',
  'kunci_bank_soal',
  'foto_profil',
  'lampiran_forum',
] as const;
export type UploadFileKind = (typeof uploadFileKinds)[number];
export const uploadFileKindLabels: Record<UploadFileKind, string> = {
  banner_kelas: 'Banner Kelas',
  materi: 'Materi',
  lampiran_tugas: 'Lampiran Tugas',
  pengumpulan_tugas: 'Pengumpulan Tugas',
  soal_ujian: 'Soal Ujian',
  kunci_ujian: 'Kunci Ujian',
  jawaban_ujian: 'Jawaban Ujian',
  soal_bank_soal: 'Soal Bank Soal',
  kunci_bank_soal: 'Kunci Bank Soal',
  foto_profil: 'Foto Profil',
  lampiran_forum: 'Lampiran Forum',
};
/** Upload limits when the college has set none, MB (1 MB = 1,000,000 bytes). */
export const defaultUploadLimitsMb: Record<UploadFileKind, number> = {
  banner_kelas: 2,
  materi: 20,
  lampiran_tugas: 10,
  pengumpulan_tugas: 10,
  soal_ujian: 10,
  kunci_ujian: 10,
  jawaban_ujian: 10,
  soal_bank_soal: 10,
  kunci_bank_soal: 10,
  foto_profil: 2,
  // Spec 2 §9: uploads default to 10 MB.
  lampiran_forum: 10,
};

/** Online-attendance requirements for students (spec 1 §3, defaults of §9). */
export const defaultOnlineAttendance = {
  terlambat_vidcon_menit: 15,
  video_persen: 50,
  audio_persen: 50,
  ebook_detik: 60,
  presentase_progress_minimal_persen: 80,
};

/** Colour modes of the interface. */
export const colorModes = ['light', 'dark'] as const;
export type ColorMode = (typeof colorModes)[number];
export const colorModeLabels: Record<ColorMode, string> = { light: 'Terang', dark: 'Gelap' };

/** Exam kinds an attendance restriction can apply to. */
export const restrictedExamKinds = ['uts', 'uas'] as const;
export type RestrictedExamKind = (typeof restrictedExamKinds)[number];
export const restrictedExamKindLabels: Record<RestrictedExamKind, string> = { uts: 'UTS', uas: 'UAS' };

/** Profile photos: extensions the upload accepts (spec 1 §5 images). */
export const profilePhotoExtensions = ['jpg', 'jpeg', 'png'] as const;

/** Minimum length of a new password. */
export const minPasswordLength = 8;

/** Hours each college zone is ahead of UTC (Indonesia keeps no daylight saving time). */
export const collegeTimeZoneOffsetHours: Record<CollegeTimeZone, number> = {
  'Asia/Jakarta': 7,
  'Asia/Makassar': 8,
  'Asia/Jayapura': 9,
};

/** The instant a local date (`YYYY-MM-DD`) begins in a college zone (WIB when the zone is unknown). */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const hours = collegeTimeZoneOffsetHours[timeZone as CollegeTimeZone] ?? 7;
  return new Date(Date.parse(`${date}T00:00:00Z`) - hours * 3_600_000);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The settings after an update: what the update names replaces the current value, groups merge key by
 * key, and everything the update leaves out keeps its current value (never its default).
 */
export function applySettingsUpdate(current: unknown, update: unknown): unknown {
  if (!isPlainObject(current) || !isPlainObject(update)) return update === undefined ? current : update;
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(update)) merged[key] = applySettingsUpdate(current[key], value);
  return merged;
}
