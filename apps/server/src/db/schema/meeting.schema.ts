import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { meetingCategoryValues, meetingStatusValues } from '@lms/contract/meeting.rules';
import { lectureSessions, rooms } from './academic.schema.ts';
import { classFk, lectureModeEnum } from './class.schema.ts';
import { lecturers } from './identity.schema.ts';

/** Meeting status (spec 2 §4); start and end actions move it forward. */
export const meetingStatusEnum = pgEnum('meeting_status', meetingStatusValues);

/** Meeting category: a lecture, the mid-term exam or the final exam. */
export const meetingCategoryEnum = pgEnum('meeting_category', meetingCategoryValues);

/** Which activities count for online attendance (parameter_kehadiran). */
export interface AttendanceParameters {
  hadir_vidcon: boolean;
  kerjakan_kuis_ujian: boolean;
  kerjakan_tugas: boolean;
  posting_forum: boolean;
  unduh_materi: boolean;
}

/** A meeting (pertemuan) of a class, numbered from 1 (normally 16 per class). */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    kelasId: text('kelas_id').notNull(),
    nomor: smallint('nomor').notNull(),
    judul: text('judul').notNull(),
    deskripsi: text('deskripsi').notNull().default(''),
    kategori: meetingCategoryEnum('kategori').notNull().default('kuliah'),
    jenis: lectureModeEnum('jenis').notNull().default('online'),
    /** Teaching method shown in the meeting table, e.g. `Ceramah dan Diskusi`. */
    metode: text('metode'),
    waktuMulai: timestamp('waktu_mulai', { withTimezone: true }).notNull(),
    waktuSelesai: timestamp('waktu_selesai', { withTimezone: true }).notNull(),
    /** Offline meetings only. */
    ruanganId: uuid('ruangan_id'),
    sesiId: uuid('sesi_id'),
    status: meetingStatusEnum('status').notNull().default('belum_dimulai'),
    /** When the lecturer started and ended the lecture (PUT …/start, …/end). */
    mulaiKuliah: timestamp('mulai_kuliah', { withTimezone: true }),
    selesaiKuliah: timestamp('selesai_kuliah', { withTimezone: true }),
    parameterKehadiran: jsonb('parameter_kehadiran').$type<AttendanceParameters>().notNull().default({
      hadir_vidcon: false,
      kerjakan_kuis_ujian: false,
      kerjakan_tugas: false,
      posting_forum: false,
      unduh_materi: true,
    }),
    /** Free text block of the meeting (teks). */
    teks: text('teks'),
    defaultDeadlineMateri: timestamp('default_deadline_materi', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    classFk('meetings', t),
    foreignKey({
      name: 'meetings_room_fk',
      columns: [t.collegeId, t.ruanganId],
      foreignColumns: [rooms.collegeId, rooms.id],
    }),
    foreignKey({
      name: 'meetings_session_fk',
      columns: [t.collegeId, t.sesiId],
      foreignColumns: [lectureSessions.collegeId, lectureSessions.id],
    }),
    // Target of meeting_teachers' (college_id, pertemuan_id).
    unique('meetings_college_id_uq').on(t.collegeId, t.id),
    uniqueIndex('meetings_kelas_nomor_uq').on(t.collegeId, t.kelasId, t.nomor),
    // Timetables and clash checks by time, and by room and time.
    index('meetings_college_waktu_idx').on(t.collegeId, t.waktuMulai),
    index('meetings_room_waktu_idx')
      .on(t.ruanganId, t.waktuMulai)
      .where(sql`${t.ruanganId} is not null`),
    check('meetings_nomor_ck', sql`${t.nomor} >= 1`),
    check('meetings_waktu_ck', sql`${t.waktuSelesai} > ${t.waktuMulai}`),
  ],
);

/** Teachers of one meeting (pengajar_kelas): who teaches it; starts as the class's teachers. */
export const meetingTeachers = pgTable(
  'meeting_teachers',
  {
    pertemuanId: uuid('pertemuan_id').notNull(),
    dosenId: uuid('dosen_id').notNull(),
    collegeId: text('college_id').notNull(),
    /** is_pengajar: ticked as teaching this meeting (the main teacher toggles it). */
    isPengajar: boolean('is_pengajar').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.pertemuanId, t.dosenId] }),
    foreignKey({
      name: 'meeting_teachers_meeting_fk',
      columns: [t.collegeId, t.pertemuanId],
      foreignColumns: [meetings.collegeId, meetings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'meeting_teachers_lecturer_fk',
      columns: [t.collegeId, t.dosenId],
      foreignColumns: [lecturers.collegeId, lecturers.userId],
    }),
    // Teacher clash checks and a lecturer's timetable.
    index('meeting_teachers_dosen_idx').on(t.dosenId, t.pertemuanId),
  ],
);
