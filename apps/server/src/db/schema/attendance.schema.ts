import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  attendanceMarks,
  attendanceMarkSources,
  attendanceRecalculationStatuses,
} from '@lms/contract/attendance.rules';
import { classes } from './class.schema.ts';
import { colleges } from './college.schema.ts';
import { lecturers, users } from './identity.schema.ts';
import { meetings } from './meeting.schema.ts';

/** H, A, I, S (spec 2 §4). */
export const attendanceMarkEnum = pgEnum('attendance_mark', attendanceMarks);

/** How a stored mark was given: by a lecturer or operator, or by the student's QR check-in. */
export const attendanceMarkSourceEnum = pgEnum('attendance_mark_source', attendanceMarkSources);

/** A recalculation job's state, sent as the calc-percentage event. */
export const attendanceRecalculationStatusEnum = pgEnum(
  'attendance_recalculation_status',
  attendanceRecalculationStatuses,
);

/**
 * Marks given to a student for a meeting by a person (a lecturer or operator) or by QR check-in. A
 * stored mark wins over the system's mark from attendance_progress and a recalculation never touches it.
 */
export const studentAttendance = pgTable(
  'student_attendance',
  {
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    pertemuanId: uuid('pertemuan_id').notNull(),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    presensi: attendanceMarkEnum('presensi').notNull(),
    source: attendanceMarkSourceEnum('source').notNull(),
    /** Who gave the mark (the student themselves for QR). */
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pertemuanId, t.mahasiswaId] }),
    foreignKey({
      name: 'student_attendance_meeting_fk',
      columns: [t.collegeId, t.pertemuanId],
      foreignColumns: [meetings.collegeId, meetings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'student_attendance_student_fk',
      columns: [t.collegeId, t.mahasiswaId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'student_attendance_updated_by_fk',
      columns: [t.collegeId, t.updatedBy],
      foreignColumns: [users.collegeId, users.id],
    }),
    index('student_attendance_mahasiswa_idx').on(t.mahasiswaId, t.pertemuanId),
  ],
);

/**
 * A teacher's attendance in a meeting (kehadiran dosen): present or not, when they started and ended the
 * lecture, and the operator's validation when the college validates lecturer attendance.
 */
export const lecturerAttendance = pgTable(
  'lecturer_attendance',
  {
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    pertemuanId: uuid('pertemuan_id').notNull(),
    dosenId: uuid('dosen_id').notNull(),
    isHadir: boolean('is_hadir').notNull(),
    mulaiKuliah: timestamp('mulai_kuliah', { withTimezone: true }),
    selesaiKuliah: timestamp('selesai_kuliah', { withTimezone: true }),
    isValid: boolean('is_valid').notNull().default(false),
    validatedBy: uuid('validated_by'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pertemuanId, t.dosenId] }),
    foreignKey({
      name: 'lecturer_attendance_meeting_fk',
      columns: [t.collegeId, t.pertemuanId],
      foreignColumns: [meetings.collegeId, meetings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'lecturer_attendance_lecturer_fk',
      columns: [t.collegeId, t.dosenId],
      foreignColumns: [lecturers.collegeId, lecturers.userId],
    }),
    // BAP and "Laporan Saya": a lecturer's attended meetings.
    index('lecturer_attendance_dosen_idx').on(t.dosenId, t.pertemuanId),
    check(
      'lecturer_attendance_times_ck',
      sql`${t.isHadir} or (${t.mulaiKuliah} is null and ${t.selesaiKuliah} is null)`,
    ),
  ],
);

/**
 * One request to recalculate attendance progress ("Update Progress", "Update Kehadiran Manual"): for one
 * meeting, for one class, or for the classes of a filter (kelas_id null). Its status is what the
 * calc-percentage event reports and what keeps the buttons disabled while it runs.
 */
export const attendanceRecalculations = pgTable(
  'attendance_recalculations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kelasId: text('kelas_id'),
    pertemuanId: uuid('pertemuan_id'),
    /** The list filter of a college-wide request. */
    filter: jsonb('filter'),
    status: attendanceRecalculationStatusEnum('status').notNull().default('processing'),
    requestedBy: uuid('requested_by').notNull(),
    meetingCount: integer('meeting_count'),
    /** Classes the request covers, and how many of them the job has recalculated so far (its progress). */
    classTotal: integer('class_total'),
    classDone: integer('class_done').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'attendance_recalculations_class_fk',
      columns: [t.collegeId, t.kelasId],
      foreignColumns: [classes.collegeId, classes.id],
    }).onDelete('cascade'),
    // "Is one running for this class?"
    index('attendance_recalculations_running_idx')
      .on(t.collegeId, t.kelasId)
      .where(sql`${t.status} = 'processing'`),
  ],
);
