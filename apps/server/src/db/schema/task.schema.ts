import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groupRoles } from '@lms/contract/task-group.rules';
import { taskTypes } from '@lms/contract/task.rules';
import { classFk, classStudents } from './class.schema.ts';
import { colleges } from './college.schema.ts';
import { users } from './identity.schema.ts';
import { meetings } from './meeting.schema.ts';

/** taskType; values from the contract. */
export const taskTypeEnum = pgEnum('task_type', taskTypes);

/** jabatan of a group member; values from the contract. */
export const groupRoleEnum = pgEnum('group_role', groupRoles);

/**
 * A task (tugas) of a meeting (issue 11). Its activity (kind tugas) is kept in step by the task area:
 * opens at `waktu_mulai`, due at `waktu_selesai`, closed then unless late hand-ins are accepted.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    /** Taken from the meeting, never from the caller. */
    kelasId: text('kelas_id').notNull(),
    pertemuanId: uuid('pertemuan_id').notNull(),
    judul: text('judul').notNull(),
    /** Sanitised rich text. */
    deskripsi: text('deskripsi').notNull(),
    jenis: taskTypeEnum('jenis').notNull(),
    waktuMulai: timestamp('waktu_mulai', { withTimezone: true }).notNull(),
    waktuSelesai: timestamp('waktu_selesai', { withTimezone: true }).notNull(),
    /** Accepted answer file extensions (from the contract's list). */
    tipeFileJawaban: text('tipe_file_jawaban').array().notNull(),
    terimaTerlambat: boolean('terima_terlambat').notNull().default(false),
    /** Students see scores and feedback once published. */
    nilaiDipublikasikan: boolean('nilai_dipublikasikan').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    classFk('tasks', t),
    foreignKey({
      name: 'tasks_meeting_fk',
      columns: [t.collegeId, t.pertemuanId],
      foreignColumns: [meetings.collegeId, meetings.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'tasks_creator_fk', columns: [t.createdBy], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    unique('tasks_college_id_uq').on(t.collegeId, t.id),
    index('tasks_kelas_idx').on(t.collegeId, t.kelasId, t.waktuSelesai),
    index('tasks_pertemuan_idx').on(t.collegeId, t.pertemuanId),
    check('tasks_window_ck', sql`${t.waktuSelesai} > ${t.waktuMulai}`),
  ],
);

/** A file of a task (lampiran_tugas), checked by content, kept under a private key. */
export const taskAttachments = pgTable(
  'task_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    tugasId: uuid('tugas_id').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    contentType: text('content_type').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'task_attachments_task_fk',
      columns: [t.collegeId, t.tugasId],
      foreignColumns: [tasks.collegeId, tasks.id],
    }).onDelete('cascade'),
    index('task_attachments_task_idx').on(t.collegeId, t.tugasId),
  ],
);

/**
 * A group (kelompok) of a class for group tasks. Members are enrolled students of the class, each in
 * at most one group of the class.
 */
export const taskGroups = pgTable(
  'task_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    kelasId: text('kelas_id').notNull(),
    nama: text('nama').notNull(),
    /** The order groups are shown in (formed together, they share a creation time). */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    classFk('task_groups', t),
    unique('task_groups_college_id_uq').on(t.collegeId, t.id),
    unique('task_groups_class_id_uq').on(t.collegeId, t.kelasId, t.id),
    index('task_groups_kelas_idx').on(t.collegeId, t.kelasId),
  ],
);

/** A member of a group; `position` keeps the order members joined (the first remaining one is promoted). */
export const taskGroupMembers = pgTable(
  'task_group_members',
  {
    collegeId: text('college_id').notNull(),
    kelasId: text('kelas_id').notNull(),
    kelompokId: uuid('kelompok_id').notNull(),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    jabatan: groupRoleEnum('jabatan').notNull().default('anggota'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kelompokId, t.mahasiswaId] }),
    foreignKey({
      name: 'task_group_members_group_fk',
      columns: [t.collegeId, t.kelasId, t.kelompokId],
      foreignColumns: [taskGroups.collegeId, taskGroups.kelasId, taskGroups.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_group_members_enrolment_fk',
      columns: [t.collegeId, t.kelasId, t.mahasiswaId],
      foreignColumns: [classStudents.collegeId, classStudents.kelasId, classStudents.mahasiswaId],
    }).onDelete('cascade'),
    // One group per student per class.
    unique('task_group_members_student_uq').on(t.collegeId, t.kelasId, t.mahasiswaId),
    // One leader per group.
    uniqueIndex('task_group_members_leader_uq')
      .on(t.kelompokId)
      .where(sql`${t.jabatan} = 'ketua'`),
  ],
);

/**
 * A hand-in (pengumpulan_tugas): one per student of an individual task, one per group of a group task
 * (`mahasiswa_id` is then the member who handed in last). Score and feedback are the lecturer's.
 */
export const taskSubmissions = pgTable(
  'task_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    tugasId: uuid('tugas_id').notNull(),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    /** Set for a group task's hand-in. */
    kelompokId: uuid('kelompok_id'),
    /** Sanitised rich text. */
    teks: text('teks').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    terlambat: boolean('terlambat').notNull().default(false),
    nilai: numeric('nilai', { precision: 5, scale: 2, mode: 'number' }),
    feedback: text('feedback'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    gradedBy: uuid('graded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'task_submissions_task_fk',
      columns: [t.collegeId, t.tugasId],
      foreignColumns: [tasks.collegeId, tasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_submissions_student_fk',
      columns: [t.collegeId, t.mahasiswaId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_submissions_group_fk',
      columns: [t.collegeId, t.kelompokId],
      foreignColumns: [taskGroups.collegeId, taskGroups.id],
    }),
    unique('task_submissions_college_id_uq').on(t.collegeId, t.id),
    uniqueIndex('task_submissions_student_uq')
      .on(t.tugasId, t.mahasiswaId)
      .where(sql`${t.kelompokId} is null`),
    uniqueIndex('task_submissions_group_uq')
      .on(t.tugasId, t.kelompokId)
      .where(sql`${t.kelompokId} is not null`),
    index('task_submissions_task_idx').on(t.collegeId, t.tugasId),
    index('task_submissions_group_idx').on(t.collegeId, t.kelompokId),
    check('task_submissions_score_ck', sql`${t.nilai} is null or (${t.nilai} >= 0 and ${t.nilai} <= 100)`),
  ],
);

/** A file of a hand-in, checked by content, kept under a private key. */
export const taskSubmissionFiles = pgTable(
  'task_submission_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    pengumpulanId: uuid('pengumpulan_id').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    contentType: text('content_type').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'task_submission_files_submission_fk',
      columns: [t.collegeId, t.pengumpulanId],
      foreignColumns: [taskSubmissions.collegeId, taskSubmissions.id],
    }).onDelete('cascade'),
    index('task_submission_files_submission_idx').on(t.collegeId, t.pengumpulanId),
  ],
);

/**
 * A group member's own score on a group hand-in (the lecturer grades the group and may give one member a
 * different score). Members without a row take the hand-in's score; clearing the group's score clears these.
 */
export const taskMemberScores = pgTable(
  'task_member_scores',
  {
    collegeId: text('college_id').notNull(),
    pengumpulanId: uuid('pengumpulan_id').notNull(),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    nilai: numeric('nilai', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    gradedBy: uuid('graded_by'),
    gradedAt: timestamp('graded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pengumpulanId, t.mahasiswaId] }),
    foreignKey({
      name: 'task_member_scores_submission_fk',
      columns: [t.collegeId, t.pengumpulanId],
      foreignColumns: [taskSubmissions.collegeId, taskSubmissions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_member_scores_student_fk',
      columns: [t.collegeId, t.mahasiswaId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    index('task_member_scores_submission_idx').on(t.collegeId, t.pengumpulanId),
    check('task_member_scores_score_ck', sql`${t.nilai} >= 0 and ${t.nilai} <= 100`),
  ],
);
