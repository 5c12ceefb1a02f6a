import { z } from 'zod';

/** Class status (spec 2 §4). */
export const classStatusValues = ['akan_dimulai', 'berlangsung', 'selesai'] as const;
export type ClassStatus = (typeof classStatusValues)[number];

export const classStatusLabels: Record<ClassStatus, string> = {
  akan_dimulai: 'Akan Dimulai',
  berlangsung: 'Sedang Berlangsung',
  selesai: 'Telah Berakhir',
};

/** Lecture mode of a class; also the meeting type (jenis). */
export const lectureModeValues = ['online', 'offline', 'campuran'] as const;
export type LectureMode = (typeof lectureModeValues)[number];

export const lectureModeLabels: Record<LectureMode, string> = {
  online: 'Online',
  offline: 'Offline',
  campuran: 'Campuran',
};

/** The class list's execution-status filter; "Semua" sends nothing. */
export const classExecutionFilterValues = ['belum_dimulai', 'berlangsung', 'selesai'] as const;
export type ClassExecutionFilter = (typeof classExecutionFilterValues)[number];

/** Maps the execution filter to the stored class status (belum_dimulai is akan_dimulai). */
export function classStatusOfFilter(filter: ClassExecutionFilter): ClassStatus {
  return filter === 'belum_dimulai' ? 'akan_dimulai' : filter;
}

/** A teacher's role in a class as stored, and its label (the Ubah Jabatan options). */
export const teacherRoleValues = ['koordinator', 'dosen', 'asisten'] as const;
export type TeacherRole = (typeof teacherRoleValues)[number];

export const teacherRoleLabels: Record<TeacherRole, string> = {
  koordinator: 'Dosen Koordinator',
  dosen: 'Dosen',
  asisten: 'Asisten',
};

/** Label of a value from a label map; unknown values show "-" (spec 2 §4). */
export function labelOf<K extends string>(
  labels: Record<K, string>,
  value: string | null | undefined,
): string {
  return value != null && value in labels ? labels[value as K] : '-';
}

/** Number of default banner images; without a banner, banner_color_idx picks one modulo this. */
export const defaultBannerCount = 7;

/** Which default banner a class shows when it has no uploaded banner. */
export function defaultBannerIndex(bannerColorIdx: number): number {
  return ((bannerColorIdx % defaultBannerCount) + defaultBannerCount) % defaultBannerCount;
}

/** Banner size limit when the college has not set one, MB. */
export const defaultBannerMaxMb = 2;

/** Extensions a banner may have (spec 2 §5 Banner). */
export const bannerExtensions = ['png', 'jpg', 'jpeg'] as const;

/**
 * The part of the college settings (colleges.settings) that classes and meetings read. Built on first
 * use rather than at import: the web app's first screens import this file for labels, and a schema
 * built at module level would pull zod into their bundle (see permission.rules.ts).
 */
let classSettingsSchema: ReturnType<typeof buildClassSettingsSchema> | undefined;

function buildClassSettingsSchema() {
  const mbSchema = z.coerce.number().positive().max(1024);
  const flagSchema = z.boolean();
  return z.object({
    pengaturan_sistem: z
      .object({ ukuran_max_file: z.object({ banner_kelas: mbSchema.optional().catch(undefined) }).partial() })
      .partial()
      .optional()
      .catch(undefined),
    pengaturan_kelas: z
      .object({
        ubah_jadwal_pertemuan: z
          .object({
            online: flagSchema.optional().catch(undefined),
            offline: flagSchema.optional().catch(undefined),
          })
          .partial(),
      })
      .partial()
      .optional()
      .catch(undefined),
  });
}

export interface ClassSettings {
  /** Banner size limit, MB (spec 2 §5: MB × 1,000,000 bytes). */
  bannerMaxMb: number;
  /** ubah_jadwal_pertemuan per meeting kind: whether a meeting's schedule may be edited. */
  ubahJadwalPertemuan: { online: boolean; offline: boolean };
}

/**
 * Reads the class settings from the college's settings object, with defaults for anything missing or
 * malformed: banner 2 MB; schedules editable for both kinds (the demo edits meetings through a clash check).
 */
export function readClassSettings(settings: unknown): ClassSettings {
  classSettingsSchema ??= buildClassSettingsSchema();
  const parsed = classSettingsSchema.safeParse(settings ?? {});
  const s = parsed.success ? parsed.data : {};
  const ubah = s.pengaturan_kelas?.ubah_jadwal_pertemuan;
  return {
    bannerMaxMb: s.pengaturan_sistem?.ukuran_max_file?.banner_kelas ?? defaultBannerMaxMb,
    ubahJadwalPertemuan: { online: ubah?.online ?? true, offline: ubah?.offline ?? true },
  };
}

/** Banner limit in bytes (MB × 1,000,000). */
export function bannerMaxBytes(settings: ClassSettings): number {
  return Math.round(settings.bannerMaxMb * 1_000_000);
}

/** Whether a file name has a banner extension. */
export function hasBannerExtension(fileName: string): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && (bannerExtensions as readonly string[]).includes(ext);
}

/** A lecturer's full name with titles: `Dr. Budi Santoso, S.Kom., M.Kom.`. */
export function formatTeacherName(t: {
  gelar_depan: string | null;
  nama_pengajar: string;
  gelar_akademik: string | null;
}): string {
  const front = t.gelar_depan ? `${t.gelar_depan} ` : '';
  const back = t.gelar_akademik ? `, ${t.gelar_akademik}` : '';
  return `${front}${t.nama_pengajar}${back}`;
}

/** A class's capacity: a whole number up to this many seats. */
export const classCapacityMax = 10_000;

/** The field message when a capacity would be below the students already enrolled (issue 45). */
export function capacityBelowEnrolmentMessage(enrolled: number): string {
  return `Kapasitas tidak boleh kurang dari jumlah peserta saat ini (${enrolled}).`;
}
