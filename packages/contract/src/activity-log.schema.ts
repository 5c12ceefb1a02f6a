import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { roleSchema } from './role.schema.ts';

/** Kinds of activity the log records; later areas add theirs. */
export const activityKindLabels = {
  login: 'Login',
  logout: 'Logout',
  keluar_ke_sikad: 'Keluar ke SIAKAD',
  login_akun_lain: 'Login Akun Lain',
  kembali_ke_akun_operator: 'Kembali ke Akun Operator',
  ubah_password: 'Ubah Password',
  reset_password: 'Reset Password lewat Email',
  ubah_foto_profil: 'Ubah Foto Profil',
  ubah_konfigurasi: 'Ubah Konfigurasi',
  ubah_tunggakan_biaya: 'Ubah Status Tunggakan Biaya',
  ekspor_log_aktivitas: 'Ekspor Log Aktivitas',
  buka_pertemuan: 'Membuka Pertemuan',
  hitung_ulang_kehadiran: 'Update Kehadiran Manual',
  ubah_kelas: 'Ubah Data Kelas',
  ubah_ketua_kelas: 'Ubah Ketua Kelas',
  ubah_jabatan_pengajar: 'Ubah Jabatan Pengajar',
  ubah_pertemuan: 'Ubah Data Pertemuan',
  ubah_penandatangan_prodi: 'Ubah Penandatangan BAP Prodi',
  tambah_bantuan: 'Tambah Bantuan',
  ubah_bantuan: 'Ubah Bantuan',
  hapus_bantuan: 'Hapus Bantuan',
  ubah_rps: 'Ubah RPS',
  ubah_rencana_evaluasi: 'Ubah Rencana Evaluasi',
  ubah_silabus: 'Ubah Silabus',
  tambah_pengumuman: 'Tambah Pengumuman',
  ubah_pengumuman: 'Ubah Pengumuman',
  hapus_pengumuman: 'Hapus Pengumuman',
  tambah_berita: 'Tambah Berita',
  ubah_berita: 'Ubah Berita',
  hapus_berita: 'Hapus Berita',
  muat_semester: 'Muat Semester',
  tambah_pengguna: 'Tambah Pengguna',
  ubah_pengguna: 'Ubah Data Pengguna',
  nonaktifkan_pengguna: 'Nonaktifkan Pengguna',
  aktifkan_pengguna: 'Aktifkan Pengguna',
  atur_password_pengguna: 'Atur Ulang Password Pengguna',
  kirim_reset_pengguna: 'Kirim Tautan Reset Password',
  ubah_hak_akses_operator: 'Ubah Hak Akses Operator',
} as const;
export type ActivityKind = keyof typeof activityKindLabels;

/** The label of a kind; kinds of areas that have not named theirs show the raw key. */
export function activityKindLabel(jenis: string): string {
  return (activityKindLabels as Record<string, string>)[jenis] ?? jenis;
}

const personSchema = z.object({ id: z.uuid(), username: z.string(), nama: z.string() });

/** One entry of the activity log as the API answers it. */
export const activityLogEntrySchema = z.object({
  id: z.number().int(),
  jenis: z.string(),
  jenis_label: z.string(),
  detail: z.string(),
  waktu: z.iso.datetime({ offset: true }),
  ip_address: z.string().nullable(),
  role: z.string(),
  /** Whose activity it is. */
  pengguna: personSchema,
  /** The operator who acted for the user ("Login Akun Lain"), when so. */
  operator: personSchema.nullable(),
  /**
   * References the entry was recorded with (periode, id_kelas, id_pertemuan, …). An operator's write
   * carries `perubahan`: the changed fields with old and new values (`ActivityChange` of
   * activity-log.rules.ts); secrets only as '(diubah)'.
   */
  context: z.record(z.string(), z.unknown()),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;
export const activityLogPageSchema = pageOf(activityLogEntrySchema);

/** GET /v2/lms/log_aktivitas/jenis_aktivitas: every kind with its label. */
export const activityKindSchema = z.object({ value: z.string(), label: z.string() });
export type ActivityKindOption = z.infer<typeof activityKindSchema>;
export const activityKindListResponseSchema = dataOf(z.array(activityKindSchema));

const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);
const instant = z.iso.datetime({ offset: true, message: 'Waktu harus ISO 8601 dengan Z atau offset.' });
const optionalBoolean = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));

/** A whole number of the query string; an empty value means no filter (how spec 1 §7 clients send "all"). */
function optionalInteger(min: number, max?: number) {
  const n = z.coerce.number().int().min(min);
  return z.preprocess((v) => (v === '' ? undefined : v), (max === undefined ? n : n.max(max)).optional());
}

/** Time range filter: start and end instants (UTC with Z), both inclusive. */
const timeRange = {
  waktu_mulai: instant.optional(),
  waktu_selesai: instant.optional(),
};

function endNotBeforeStart(value: { waktu_mulai?: string; waktu_selesai?: string }): boolean {
  const { waktu_mulai: start, waktu_selesai: end } = value;
  return !start || !end || Date.parse(start) <= Date.parse(end);
}
const rangeMessage = { message: 'Waktu selesai tidak boleh sebelum waktu mulai.', path: ['waktu_selesai'] };

/** GET /v2/lms/log_aktivitas/me: the caller's own history. */
export const ownActivityLogQuerySchema = pageQuerySchema
  .extend({ jenis: optionalText, ...timeRange })
  .refine(endNotBeforeStart, rangeMessage);
export type OwnActivityLogQuery = z.infer<typeof ownActivityLogQuerySchema>;

/**
 * Filters of the operators' activity log (spec 1 §7). User filters (role, nim, nidn, id_prodi, search)
 * look at the person; the rest match what the entry was recorded with (`context`), so areas that log
 * periode, id_kelas, id_pertemuan, … become filterable as they land.
 */
const activityLogFilterShape = {
  jenis: optionalText,
  role: z
    .union([roleSchema, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  /** Username or name, partly. */
  search: optionalText,
  /** Participant: the student with this nim. */
  nim: optionalText,
  /** Lecturer: the lecturer with this nidn. */
  nidn: optionalText,
  /** Study program of the person (student's or lecturer's). */
  id_prodi: optionalText,
  periode: optionalInteger(10000, 99999),
  id_kelas: optionalText,
  id_pertemuan: optionalText,
  /** Meeting mode (`lectureModeValues`: online, offline, campuran). */
  mode: optionalText,
  /** Meeting type, its category (`meetingCategoryValues`: kuliah, uts, uas). */
  type: optionalText,
  /** Meeting status (`meetingStatusValues`: belum_dimulai, berlangsung, selesai). */
  status: optionalText,
  /** File kind of an upload (`uploadFileKinds`). */
  kind: optionalText,
  /** Whether the recorded thing was validated (true 'Sudah Validasi', false 'Belum Validasi'). */
  is_valid: optionalBoolean,
  /** File size at least this many bytes (`context.size`). */
  size_gte: optionalInteger(0),
  ...timeRange,
};

/** GET /v2/lms/log_aktivitas: paged, every filter. */
export const activityLogQuerySchema = pageQuerySchema
  .extend(activityLogFilterShape)
  .refine(endNotBeforeStart, rangeMessage);
export type ActivityLogQuery = z.infer<typeof activityLogQuerySchema>;

/** GET /v2/lms/log_aktivitas/export_excel: the same filters, every row (no paging). */
export const activityLogExportQuerySchema = z
  .object(activityLogFilterShape)
  .refine(endNotBeforeStart, rangeMessage);
export type ActivityLogExportQuery = z.infer<typeof activityLogExportQuerySchema>;
export type ActivityLogFilter = ActivityLogExportQuery;
