import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { activityKinds } from './activity.rules.ts';
import { attendanceMarks, attendanceRecalculationStatuses } from './attendance.rules.ts';
import { lectureModeValues } from './class.rules.ts';
import { meetingStatusValues } from './meeting.rules.ts';

export const attendanceMarkSchema = z.enum(attendanceMarks);

/** Who last set a mark: a person, or LMS:SYSTEM for the system's computed marks. */
export const attendanceUpdaterSchema = z.object({ username: z.string(), name: z.string() });

/** A student's mark in one meeting (spec 2 §3 "Student attendance row"). */
export const studentAttendanceMarkSchema = z.object({
  /** null: no presence yet. */
  presensi: attendanceMarkSchema.nullable(),
  ada_presensi: z.boolean(),
  is_hadir: z.boolean(),
  is_qr_code: z.boolean(),
  /** The mark is the system's (LMS:SYSTEM). */
  sistem: z.boolean(),
  progress: z.object({ overall: z.number() }),
  updated_by: attendanceUpdaterSchema.nullable(),
  updated_at: z.string().nullable(),
});
export type StudentAttendanceMark = z.infer<typeof studentAttendanceMarkSchema>;

export const attendanceStudentSchema = z.object({
  id_user: z.string(),
  nim: z.string(),
  nama: z.string(),
  avatar_url: z.string().nullable(),
});

/** One row of a meeting's student attendance list. */
export const studentAttendanceRowSchema = studentAttendanceMarkSchema.extend({
  mahasiswa: attendanceStudentSchema,
});
export type StudentAttendanceRow = z.infer<typeof studentAttendanceRowSchema>;

/** The meeting as the attendance pages describe it (the info box). */
export const attendanceMeetingSchema = z.object({
  id: z.string(),
  nomor: z.number().int(),
  judul: z.string(),
  jenis: z.enum(lectureModeValues),
  status: z.enum(meetingStatusValues),
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  mulai_kuliah: z.string().nullable(),
  selesai_kuliah: z.string().nullable(),
  kelas_kuliah: z.object({
    id: z.string(),
    nama: z.string(),
    jenis: z.string(),
    periode: z.number().int(),
    mata_kuliah: z.object({ id: z.string(), kode: z.string(), nama: z.string() }),
  }),
});
export type AttendanceMeeting = z.infer<typeof attendanceMeetingSchema>;

/** GET /v2/lms/kehadiran_mahasiswa/pertemuan/{idPertemuan}. */
export const meetingAttendanceSchema = z.object({
  pertemuan: attendanceMeetingSchema,
  /** Attendance is computed from activity (online or mixed with a parameter on); otherwise manual. */
  dihitung_sistem: z.boolean(),
  presentase_progress_minimal_persen: z.number(),
  /** "X dari N Peserta". */
  jumlah_hadir: z.number().int(),
  jumlah_peserta: z.number().int(),
  /** Average progress of the students, percent with one decimal (computed meetings only). */
  rata_rata_progress: z.number().nullable(),
  waktu_terakhir_update_kehadiran: z.string().nullable(),
  /** A recalculation covering this meeting is running (the buttons are disabled). */
  sedang_update: z.boolean(),
  akses: z.object({ ubah: z.boolean(), hitung_ulang: z.boolean() }),
  mahasiswa: z.array(studentAttendanceRowSchema),
});
export type MeetingAttendance = z.infer<typeof meetingAttendanceSchema>;
export const meetingAttendanceResponseSchema = dataOf(meetingAttendanceSchema);

/** GET /v2/lms/kehadiran_mahasiswa/jenis_presensi: the optional codes and whether they are offered. */
export const attendanceKindSchema = z.object({
  id: z.enum(['I', 'S']),
  nama: z.string(),
  is_active: z.boolean(),
});
export const attendanceKindsResponseSchema = dataOf(
  z.object({ izin: attendanceKindSchema, sakit: attendanceKindSchema }),
);

/** PUT …/pertemuan/{idPertemuan}: bulk save; ada_presensi false removes the person's mark. */
export const bulkAttendanceInputSchema = z.object({
  data: z
    .array(
      z.object({
        nim: z.string().min(1),
        presensi: attendanceMarkSchema,
        ada_presensi: z.boolean().default(true),
      }),
    )
    .min(1)
    .max(2000),
});
export type BulkAttendanceInput = z.infer<typeof bulkAttendanceInputSchema>;

/** PUT …/pertemuan/{idPertemuan}/mahasiswa/{id}: one student, by user id. */
export const singleAttendanceInputSchema = z
  .object({
    is_hadir: z.boolean().optional(),
    presensi: attendanceMarkSchema.optional(),
  })
  .refine((v) => v.is_hadir !== undefined || v.presensi !== undefined, {
    message: 'is_hadir atau presensi wajib diisi',
  });
export type SingleAttendanceInput = z.infer<typeof singleAttendanceInputSchema>;

/** One activity in the Detail data kehadiran modal, with the evidence of what the student did. */
export const attendanceActivitySchema = z.object({
  id_aktivitas: z.string(),
  jenis: z.enum(activityKinds),
  judul: z.string(),
  /** Share of the meeting's attendance, 0–1. */
  weight: z.number(),
  is_hadir: z.boolean(),
  /** When completed; null when not. */
  waktu_selesai: z.string().nullable(),
  terlambat: z.boolean(),
  /** What the student did, in words ("diunduh 09:12", "ditonton 62%", "bergabung 5 menit terlambat"). */
  bukti: z.array(z.string()),
  batas_waktu: z.string().nullable(),
  /**
   * What is still missing for it to count, in words ("Belum: sudah dibuka, tetapi belum ditandai \"Sudah
   * Baca\" …", "Belum: ditonton 40% dari minimal 50% (atau diunduh)", "Terlambat: …"); null once done on time.
   */
  belum_terpenuhi: z.string().nullable(),
});
export type AttendanceActivity = z.infer<typeof attendanceActivitySchema>;

/** GET …/kelas_kuliah/{id}/pertemuan/{id}/me and …/nim/{nim}: Detail data kehadiran. */
export const studentMeetingAttendanceSchema = studentAttendanceMarkSchema.extend({
  mahasiswa: attendanceStudentSchema,
  pertemuan: attendanceMeetingSchema,
  dihitung_sistem: z.boolean(),
  presentase_progress_minimal_persen: z.number(),
  presensi_label: z.string(),
  aktivitas: z.array(attendanceActivitySchema),
});
export type StudentMeetingAttendance = z.infer<typeof studentMeetingAttendanceSchema>;
export const studentMeetingAttendanceResponseSchema = dataOf(studentMeetingAttendanceSchema);

/** One cell of the class recap. */
export const recapCellSchema = studentAttendanceMarkSchema.extend({ id_pertemuan: z.string() });

/** GET /v2/lms/kehadiran_mahasiswa/kelas_kuliah/{id}: students × meetings (a student sees their own row). */
export const classAttendanceRecapSchema = z.object({
  kelas_kuliah: z.object({
    id: z.string(),
    nama: z.string(),
    jenis: z.string(),
    periode: z.number().int(),
    mode_kuliah: z.enum(lectureModeValues),
    mata_kuliah: z.object({ id: z.string(), kode: z.string(), nama: z.string() }),
  }),
  pertemuan: z.array(
    z.object({
      id: z.string(),
      nomor: z.number().int(),
      judul: z.string(),
      jenis: z.enum(lectureModeValues),
      kategori: z.string(),
      status: z.enum(meetingStatusValues),
      waktu_mulai: z.string(),
      waktu_selesai: z.string(),
    }),
  ),
  mahasiswa: z.array(
    z.object({
      mahasiswa: attendanceStudentSchema,
      kehadiran: z.array(recapCellSchema),
      /** Present in held (ended) meetings, percent with one decimal. */
      persentase: z.number(),
      jumlah_hadir: z.number().int(),
      jumlah_pertemuan_selesai: z.number().int(),
    }),
  ),
  /** Exam attendance requirement per student (students' own view): UTS/UAS minimum and what is missing. */
  syarat_ujian: z
    .array(
      z.object({
        ujian: z.enum(['uts', 'uas']),
        persen_minimal: z.number(),
        memenuhi_syarat: z.boolean(),
        /** More meetings to attend; null when it can no longer be reached. */
        pertemuan_dibutuhkan: z.number().int().nullable(),
      }),
    )
    .nullable(),
});
export type ClassAttendanceRecap = z.infer<typeof classAttendanceRecapSchema>;
export const classAttendanceRecapResponseSchema = dataOf(classAttendanceRecapSchema);

/** GET /v2/lms/kehadiran_mahasiswa/me: the student's classes with their attendance percentage. */
export const myClassAttendanceSchema = z.object({
  kelas_kuliah: z.object({
    id: z.string(),
    nama: z.string(),
    periode: z.number().int(),
    mata_kuliah: z.object({ id: z.string(), kode: z.string(), nama: z.string() }),
  }),
  persentase: z.number(),
  jumlah_hadir: z.number().int(),
  jumlah_pertemuan_selesai: z.number().int(),
  jumlah_pertemuan: z.number().int(),
});
export const myClassAttendanceResponseSchema = dataOf(z.array(myClassAttendanceSchema));
export type MyClassAttendance = z.infer<typeof myClassAttendanceSchema>;

const optionalId = z.string().trim().min(1).max(100).optional();
/** A local date of the college, `YYYY-MM-DD`. */
const localDate = z.iso.date({ message: 'Tanggal harus berformat YYYY-MM-DD.' });

/**
 * The class-level filters of the attendance list, which a recalculation of the list also follows: the
 * period, the course, the class, the study program of the course (program studi), a lecturer teaching
 * the class, and the meetings' start dates (local dates of the college, both inclusive).
 */
const attendanceScopeShape = {
  periode: z.coerce.number().int().min(10000).max(99999).optional(),
  id_mata_kuliah: optionalId,
  id_kelas_kuliah: optionalId,
  /** Study program of the class's course. */
  id_prodi: optionalId,
  /** A lecturer (user id) teaching the class. */
  id_dosen: z.uuid({ message: 'Dosen tidak dikenal.' }).optional(),
  tanggal_mulai: localDate.optional(),
  tanggal_selesai: localDate.optional(),
};

/** The list filters: the scope above, and the meetings' status, mode and a search. */
const attendanceFilterShape = {
  ...attendanceScopeShape,
  status: z.enum(meetingStatusValues).optional(),
  jenis: z.enum(lectureModeValues).optional(),
  search: z.string().max(100).optional(),
};

function datesInOrder(value: { tanggal_mulai?: string; tanggal_selesai?: string }): boolean {
  return !value.tanggal_mulai || !value.tanggal_selesai || value.tanggal_mulai <= value.tanggal_selesai;
}
const datesMessage = {
  message: 'Tanggal selesai tidak boleh sebelum tanggal mulai.',
  path: ['tanggal_selesai'],
};

/** GET /v2/lms/kehadiran_mahasiswa: meetings with their attendance, for operators' Kehadiran Peserta. */
export const attendanceListQuerySchema = pageQuerySchema
  .extend(attendanceFilterShape)
  .refine(datesInOrder, datesMessage);
export type AttendanceListQuery = z.infer<typeof attendanceListQuerySchema>;

/** GET /v2/lms/kehadiran_mahasiswa/export_excel: the list's filters without paging. */
export const attendanceExportQuerySchema = z.object(attendanceFilterShape).refine(datesInOrder, datesMessage);
export type AttendanceExportQuery = z.infer<typeof attendanceExportQuerySchema>;

export const attendanceListRowSchema = z.object({
  pertemuan: attendanceMeetingSchema,
  /** Attendance is computed from activity: the progress shows (0.0 % before anything counts). */
  dihitung_sistem: z.boolean(),
  jumlah_peserta: z.number().int(),
  jumlah_hadir: z.number().int(),
  rata_rata_progress: z.number().nullable(),
  waktu_terakhir_update_kehadiran: z.string().nullable(),
});
export type AttendanceListRow = z.infer<typeof attendanceListRowSchema>;
/** POST /v2/lms/kehadiran_mahasiswa/hitung_persentase: a class, or the classes of the list's scope filters. */
export const recalculationInputSchema = z.object(attendanceScopeShape).refine(datesInOrder, datesMessage);
export type RecalculationInput = z.infer<typeof recalculationInputSchema>;

export const recalculationStatusSchema = z.enum(attendanceRecalculationStatuses);

/** The answer to a recalculation request, and the data of the calc-percentage event. */
export const recalculationSchema = z.object({
  id: z.string(),
  status: recalculationStatusSchema,
  id_kelas_kuliah: z.string().nullable(),
  id_pertemuan: z.string().nullable(),
  message: z.string(),
  /** Classes the request covers (null for one meeting) and how many the job has done so far. */
  jumlah_kelas: z.number().int().nullable(),
  kelas_selesai: z.number().int(),
});
export type Recalculation = z.infer<typeof recalculationSchema>;
export const recalculationResponseSchema = dataOf(recalculationSchema);

export const attendanceListResponseSchema = pageOf(attendanceListRowSchema).extend({
  /** A recalculation is running in the college: "Update Kehadiran Manual" waits (spec 2 §4). */
  sedang_update: z.boolean(),
  /** The latest running recalculation of the college with its progress, or null. */
  proses_update: recalculationSchema.nullable(),
});
export type AttendanceList = z.infer<typeof attendanceListResponseSchema>;

/**
 * GET /v2/lms/kehadiran_mahasiswa/hitung_persentase/cakupan: what "Update Kehadiran Manual" would
 * recalculate, for its confirmation; `cakupan` is the same text the activity log records.
 */
export const recalculationScopeSchema = z.object({
  /** "Periode 2026/2027 Ganjil · Prodi S1 Informatika". */
  cakupan: z.string(),
  jumlah_kelas: z.number().int(),
  jumlah_mahasiswa: z.number().int(),
  jumlah_pertemuan: z.number().int(),
});
export type RecalculationScope = z.infer<typeof recalculationScopeSchema>;
export const recalculationScopeResponseSchema = dataOf(recalculationScopeSchema);

/** GET /v2/lms/kehadiran_mahasiswa/mahasiswa/{nim}/export_excel: one student's attendance, a period or all. */
export const studentAttendanceExportQuerySchema = z.object({
  periode: z.coerce.number().int().min(10000).max(99999).optional(),
});

/** One student's part in a forum of the meeting: posts counted and completed (posted minimal_post times). */
export const forumParticipantSchema = z.object({
  mahasiswa: attendanceStudentSchema,
  jumlah_post: z.number().int(),
  completed: z.boolean(),
});

/**
 * GET /v2/lms/kehadiran_mahasiswa/pertemuan/{id}/forum: the meeting's forums on its attendance page (spec 2
 * §2 "forum collapse list", §3 "Forum list item": judul, completed, pertemuan.nomor, id_forum_chat), each with
 * who of the enrolled students completed it. `completed`: every enrolled student did.
 */
export const meetingForumParticipationSchema = z.object({
  id_forum_chat: z.string(),
  id_group_chat: z.string(),
  judul: z.string(),
  pertemuan: z.object({ nomor: z.number().int() }),
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  minimal_post: z.number().int(),
  completed: z.boolean(),
  jumlah_selesai: z.number().int(),
  jumlah_peserta: z.number().int(),
  mahasiswa: z.array(forumParticipantSchema),
});
export type MeetingForumParticipation = z.infer<typeof meetingForumParticipationSchema>;
export const meetingForumParticipationResponseSchema = dataOf(z.array(meetingForumParticipationSchema));
