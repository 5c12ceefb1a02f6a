import { z } from 'zod';
import { dataOf, pageMetaSchema, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { lectureModeSchema } from './class.schema.ts';
import { meetingCategoryValues, meetingStatusValues } from './meeting.rules.ts';

export const meetingStatusSchema = z.enum(meetingStatusValues);
export const meetingCategorySchema = z.enum(meetingCategoryValues);

export const attendanceParametersSchema = z.object({
  hadir_vidcon: z.boolean(),
  kerjakan_kuis_ujian: z.boolean(),
  kerjakan_tugas: z.boolean(),
  posting_forum: z.boolean(),
  unduh_materi: z.boolean(),
});

/** A teacher of one meeting (pengajar_kelas): the class's teachers, ticked when teaching it. */
export const meetingTeacherSchema = z.object({
  id: z.string(),
  nama: z.string(),
  gelar_depan: z.string().nullable(),
  gelar_akademik: z.string().nullable(),
  is_pengajar: z.boolean(),
  is_utama: z.boolean(),
});

export const sessionSchema = z.object({
  id: z.string(),
  nama: z.string(),
  jam_mulai: z.string(),
  jam_selesai: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

const meetingClassSchema = z.object({
  id: z.string(),
  periode: z.number().int(),
  mode_kuliah: lectureModeSchema,
  mata_kuliah: z.object({ id: z.string(), kode: z.string(), nama: z.string() }),
  kelas: z.object({
    id: z.string(),
    nama: z.string(),
    jenis: z.object({ id: z.string(), nama: z.string() }),
  }),
});

/** Counts of a meeting's content by kind. */
export const activityCountSchema = z.object({
  materi: z.number().int(),
  tugas: z.number().int(),
  vidcon: z.number().int(),
  ujian: z.number().int(),
  forum: z.number().int(),
});

/** What the signed-in user may do with this meeting. */
export const meetingAccessSchema = z.object({
  ubah: z.boolean(),
  mulai: z.boolean(),
  akhiri: z.boolean(),
  /** ubah_jadwal_pertemuan allows it for this meeting's kind (and the user may edit). */
  ubah_jadwal: z.boolean(),
  /** The main teacher (or an operator with write) may tick teachers. */
  ubah_pengajar: z.boolean(),
  /** Attendance parameters are hidden from lecturers. */
  ubah_parameter_kehadiran: z.boolean(),
});

/** GET /v2/lms/pertemuan/{id} (spec 2 §3 Meeting). Times ISO 8601 with Z; no value is null. */
export const meetingDetailSchema = z.object({
  id: z.string(),
  nomor: z.number().int(),
  judul: z.string(),
  deskripsi: z.string(),
  kategori: meetingCategorySchema,
  jenis: lectureModeSchema,
  metode: z.string().nullable(),
  status: meetingStatusSchema,
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  mulai_kuliah: z.string().nullable(),
  selesai_kuliah: z.string().nullable(),
  peserta_hadir: z.number().int(),
  jumlah_peserta: z.number().int(),
  progress_peserta: z.number(),
  parameter_kehadiran: attendanceParametersSchema,
  waktu_terakhir_update_kehadiran: z.string().nullable(),
  waktu_batas_aktivitas: z.string().nullable(),
  id_kampus: z.string().nullable(),
  id_sesi: z.string().nullable(),
  id_ruangan: z.string().nullable(),
  sesi: sessionSchema.nullable(),
  ruangan: z.object({ id: z.string(), nama: z.string(), kapasitas: z.number().int() }).nullable(),
  periode: z.number().int(),
  teks: z.string().nullable(),
  default_deadline_materi: z.string().nullable(),
  count_activity: activityCountSchema,
  pengajar_kelas: z.array(meetingTeacherSchema),
  kelas_kuliah: meetingClassSchema,
  /** The college's time zone, for showing the time range. */
  time_zone: z.string(),
  akses: meetingAccessSchema,
});
export type MeetingDetail = z.infer<typeof meetingDetailSchema>;
export const meetingDetailResponseSchema = dataOf(meetingDetailSchema);

export const meetingIdParamsSchema = z.object({ id: z.uuid() });

const isoInstant = z.iso.datetime({ offset: true });
const optionalNullableText = z.string().nullable().optional();

/**
 * PUT /v2/lms/pertemuan/{id}. Required fields and their messages are checked by the rules of
 * meeting.rules.ts (spec 2 §5), so they are loose here. Schedule fields (waktu_*, id_sesi, id_ruangan,
 * pengajar_kelas) are dropped when the schedule is not editable; parameter_kehadiran when a lecturer edits.
 */
export const meetingUpdateSchema = z.object({
  judul: optionalNullableText,
  deskripsi: optionalNullableText,
  /** Empty becomes kuliah. */
  kategori: z
    .union([meetingCategorySchema, z.literal('')])
    .nullable()
    .optional(),
  /** Empty becomes online. */
  jenis: z
    .union([lectureModeSchema, z.literal('')])
    .nullable()
    .optional(),
  metode: z.string().trim().max(100).nullable().optional(),
  teks: z.string().max(20_000).nullable().optional(),
  waktu_mulai: isoInstant.nullable().optional(),
  waktu_selesai: isoInstant.nullable().optional(),
  id_sesi: z.uuid().or(z.literal('')).nullable().optional(),
  id_ruangan: z.uuid().or(z.literal('')).nullable().optional(),
  pengajar_kelas: z
    .array(z.object({ id: z.uuid(), is_pengajar: z.boolean() }))
    .max(50)
    .optional(),
  parameter_kehadiran: attendanceParametersSchema.partial().optional(),
});
export type MeetingUpdate = z.infer<typeof meetingUpdateSchema>;

/** A meeting in a class's card list, the operator table and the timetable. */
export const meetingListItemSchema = z.object({
  id: z.string(),
  nomor: z.number().int(),
  judul: z.string(),
  kategori: meetingCategorySchema,
  jenis: lectureModeSchema,
  metode: z.string().nullable(),
  status: meetingStatusSchema,
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  mulai_kuliah: z.string().nullable(),
  selesai_kuliah: z.string().nullable(),
  ruangan: z.object({ id: z.string(), nama: z.string() }).nullable(),
  sesi: z.object({ id: z.string(), nama: z.string() }).nullable(),
  kelas_kuliah: meetingClassSchema,
});
export type MeetingListItem = z.infer<typeof meetingListItemSchema>;

/** GET /v2/lms/kelas_kuliah/{id}/pertemuan: Data Pertemuan with total and search. */
export const classMeetingListQuerySchema = pageQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
});
export type ClassMeetingListQuery = z.infer<typeof classMeetingListQuerySchema>;
export const meetingListResponseSchema = pageOf(meetingListItemSchema);

/** GET /v2/lms/jadwal: the signed-in user's meetings in a time range; operators may filter every class. */
export const timetableQuerySchema = z
  .object({
    waktu_mulai: isoInstant,
    waktu_selesai: isoInstant,
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(1000).default(500),
    periode: z.coerce.number().int().optional(),
    id_mata_kuliah: z.string().trim().max(100).optional(),
    id_kelas_kuliah: z.string().trim().max(200).optional(),
    id_prodi: z.string().trim().max(100).optional(),
    id_ruangan: z.uuid().optional(),
    id_dosen: z.uuid().optional(),
  })
  .refine((q) => new Date(q.waktu_selesai) > new Date(q.waktu_mulai), {
    message: 'waktu_selesai harus setelah waktu_mulai',
    path: ['waktu_selesai'],
  })
  .refine((q) => new Date(q.waktu_selesai).getTime() - new Date(q.waktu_mulai).getTime() <= 62 * 86_400_000, {
    message: 'Rentang waktu paling lama 62 hari',
    path: ['waktu_selesai'],
  });
export type TimetableQuery = z.infer<typeof timetableQuerySchema>;
export const timetableResponseSchema = z.object({
  data: z.array(meetingListItemSchema),
  meta: pageMetaSchema.extend({ time_zone: z.string() }),
});

/** GET /v2/lms/sesi_kuliah. */
export const sessionListResponseSchema = dataOf(z.array(sessionSchema));

/** GET /v2/lms/ruangan: rooms, with availability in a time range when one is given. */
export const roomQuerySchema = pageQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  ignore_default_pagination: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  availability_start: isoInstant.optional(),
  availability_end: isoInstant.optional(),
  /** The meeting being edited: its own booking does not make a room unavailable. */
  exclude_id_pertemuan: z.uuid().optional(),
  id_kampus: z.uuid().optional(),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
});
export type RoomQuery = z.infer<typeof roomQuerySchema>;

export const roomSchema = z.object({
  id: z.string(),
  nama: z.string(),
  kapasitas: z.number().int(),
  kampus: z.object({ id: z.string(), nama: z.string() }).nullable(),
  /** In use and, when a time range is given, not booked by another meeting in it. */
  is_available: z.boolean(),
});
export type Room = z.infer<typeof roomSchema>;
export const roomListResponseSchema = pageOf(roomSchema);

/** PUT /v2/lms/pertemuan/cek_bentrok: the meeting form plus id_kelas_kuliah and ISO times. */
export const clashCheckRequestSchema = z.object({
  id_kelas_kuliah: z.string().min(1).max(200),
  /** The meeting being edited (ignored in its own clashes); absent for a new meeting. */
  id_pertemuan: z.uuid().nullable().optional(),
  waktu_mulai: isoInstant,
  waktu_selesai: isoInstant,
  jenis: z
    .union([lectureModeSchema, z.literal('')])
    .nullable()
    .optional(),
  id_ruangan: z.uuid().or(z.literal('')).nullable().optional(),
  id_sesi: z.uuid().or(z.literal('')).nullable().optional(),
  /** The teachers (ticked ones count); when absent, the meeting's or class's current teachers. */
  pengajar_kelas: z
    .array(z.object({ id: z.uuid(), is_pengajar: z.boolean() }))
    .max(50)
    .optional(),
});
export type ClashCheckRequest = z.infer<typeof clashCheckRequestSchema>;

const clashClassRefSchema = z.object({
  id: z.string(),
  nama: z.string(),
  jenis: z.object({ nama: z.string() }),
});
const clashCourseSchema = z.object({ id: z.string(), kode: z.string(), nama: z.string() });

export const classClashItemSchema = z.object({
  id: z.string(),
  nomor: z.number().int(),
  judul: z.string(),
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  sesi: z.object({ id: z.string(), nama: z.string() }).nullable(),
});
/**
 * Where a room or teacher clash comes from: a real meeting (`pertemuan`), or the regular weekly slot of
 * another class (`jadwal_kelas`, class_schedules) on that date of its period, which has no meeting id
 * or number.
 */
export const clashSourceValues = ['pertemuan', 'jadwal_kelas'] as const;
export const roomClashItemSchema = z.object({
  sumber: z.enum(clashSourceValues),
  id_pertemuan: z.string().nullable(),
  nomor: z.number().int().nullable(),
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  mata_kuliah: clashCourseSchema,
  kelas: clashClassRefSchema,
  pengajar: z.array(
    z.object({
      gelar_depan: z.string().nullable(),
      nama_pengajar: z.string(),
      gelar_akademik: z.string().nullable(),
    }),
  ),
});
export const teacherClashItemSchema = z.object({
  id_dosen: z.string(),
  gelar_depan: z.string().nullable(),
  nama_pengajar: z.string(),
  gelar_akademik: z.string().nullable(),
  sumber: z.enum(clashSourceValues),
  id_pertemuan: z.string().nullable(),
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  mata_kuliah: clashCourseSchema,
  kelas: clashClassRefSchema,
});

export const clashCheckResultSchema = z.object({
  bentrok_kelas: z.object({ data: z.array(classClashItemSchema) }),
  bentrok_ruangan: z.object({ is_ignorable: z.boolean(), data: z.array(roomClashItemSchema) }),
  bentrok_pengajar: z.object({ is_ignorable: z.boolean(), data: z.array(teacherClashItemSchema) }),
  /** isBlockingClash of meeting.rules.ts, computed for the client's convenience. */
  is_blocking: z.boolean(),
});
export type ClashCheckResult = z.infer<typeof clashCheckResultSchema>;
export const clashCheckResponseSchema = dataOf(clashCheckResultSchema);
