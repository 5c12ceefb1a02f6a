import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { lectureModeSchema } from './class.schema.ts';

const isoInstant = z.iso.datetime({ offset: true });

/** The lecturer of a row: who, with titles and role (Pengajar or Asisten). */
export const attendanceLecturerSchema = z.object({
  id_dosen: z.string(),
  nama: z.string(),
  gelar_depan: z.string().nullable(),
  gelar_akademik: z.string().nullable(),
  /** Name with titles, as the messages name the lecturer. */
  nama_lengkap: z.string(),
  avatar_url: z.string().nullable(),
  peran: z.enum(['dosen', 'asisten']),
  peran_label: z.string(),
});

export const lecturerTagSchema = z.object({
  label: z.string(),
  tone: z.enum(['default', 'warning', 'primary', 'success', 'danger', 'dark']),
});

/** One lecturer's attendance in a meeting (spec 2 §3 "Lecturer attendance row"). */
export const lecturerAttendanceRowSchema = z.object({
  pengajar: attendanceLecturerSchema,
  ada_presensi: z.boolean(),
  is_hadir: z.boolean(),
  is_valid: z.boolean(),
  mulai_kuliah: z.string().nullable(),
  selesai_kuliah: z.string().nullable(),
  /** Activities of the meeting that count for attendance (materi, tugas, kuis/ujian, forum, vidcon). */
  aktivitas: z.number().int(),
  tag: lecturerTagSchema,
  /** The college's requirements for this kind of meeting and whether each is met. */
  syarat: z.array(z.object({ key: z.string(), label: z.string(), terpenuhi: z.boolean() })),
  updated_by: z.object({ username: z.string(), name: z.string() }).nullable(),
  updated_at: z.string().nullable(),
});
export type LecturerAttendanceRow = z.infer<typeof lecturerAttendanceRowSchema>;

/** What holds for the whole meeting's lecturer attendance. */
export const lecturerAttendanceInfoSchema = z.object({
  jenis: lectureModeSchema,
  validasi_aktif: z.boolean(),
  syarat: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Present students out of enrolled in percent (one decimal). */
  kehadiran_kelas_persen: z.number(),
  batas_waktu: z.string(),
  akses: z.object({ ubah: z.boolean(), validasi: z.boolean() }),
});
export type LecturerAttendanceInfo = z.infer<typeof lecturerAttendanceInfoSchema>;

/** GET /v2/lms/kehadiran_dosen/{idPertemuan}. */
export const lecturerAttendanceListResponseSchema = z.object({
  data: z.array(lecturerAttendanceRowSchema),
  info: lecturerAttendanceInfoSchema,
});
export type LecturerAttendanceList = z.infer<typeof lecturerAttendanceListResponseSchema>;

export const lecturerAttendanceResponseSchema = dataOf(lecturerAttendanceRowSchema);

/** GET /v2/lms/kehadiran_dosen/{idPertemuan}/me: the own-attendance button's state. */
export const ownLecturerAttendanceSchema = z.object({
  /** The caller is recorded in this meeting's lecturer attendance. */
  tercatat: z.boolean(),
  kehadiran: lecturerAttendanceRowSchema.nullable(),
  langkah: z.enum(['belum_tampil', 'mulai', 'akhiri', 'selesai', 'tidak_hadir', 'lewat_batas']),
  tombol_tampil_mulai: z.string(),
  batas_waktu: z.string(),
  server_time: z.string(),
});
export type OwnLecturerAttendance = z.infer<typeof ownLecturerAttendanceSchema>;
export const ownLecturerAttendanceResponseSchema = dataOf(ownLecturerAttendanceSchema);

/** PUT /v2/lms/kehadiran_dosen/{idPertemuan}/me: the own button's press. */
export const ownLecturerAttendanceInputSchema = z.object({ aksi: z.enum(['mulai', 'akhiri']) });
export type OwnLecturerAttendanceInput = z.infer<typeof ownLecturerAttendanceInputSchema>;

/** PUT /v2/lms/kehadiran_dosen/{idPertemuan}/dosen/{id_dosen} ("Ubah Kehadiran Pengajar"). */
export const lecturerAttendanceInputSchema = z.object({
  is_hadir: z.boolean(),
  mulai_kuliah: isoInstant.nullable().optional(),
  selesai_kuliah: isoInstant.nullable().optional(),
  /** Only while validation is on; absent keeps the stored flag. */
  is_valid: z.boolean().optional(),
});
export type LecturerAttendanceInput = z.infer<typeof lecturerAttendanceInputSchema>;

/** PUT /v2/lms/kehadiran_dosen/{idPertemuan}/dosen/{id_dosen}/validasi. */
export const lecturerValidationInputSchema = z.object({ is_valid: z.boolean() });

export const lecturerAttendanceParamsSchema = z.object({ id: z.uuid(), idDosen: z.uuid() });
