import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  foreignKey,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { activityKinds, activityTimings } from '@lms/contract/activity.rules';
import { classes } from './class.schema.ts';
import { colleges } from './college.schema.ts';
import { users } from './identity.schema.ts';
import { meetings } from './meeting.schema.ts';

/** Kinds of meeting content the activity model tracks; values from the contract. */
export const activityKindEnum = pgEnum('activity_kind', activityKinds);

/** On time or late against the activity's deadline; values from the contract. */
export const activityTimingEnum = pgEnum('activity_timing', activityTimings);

/**
 * One content item of a meeting that can count (docs/architecture.md "Activity model"). Each content
 * area keeps its own tables and keeps this row in step through activity.api.ts; content_id is the item's
 * id in the area's table.
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kind: activityKindEnum('kind').notNull(),
    contentId: text('content_id').notNull(),
    kelasId: text('kelas_id').notNull(),
    pertemuanId: uuid('pertemuan_id').notNull(),
    title: text('title').notNull(),
    /** The area's own sort of the item where it matters to others, e.g. an exam's jenis (kuis, uts, uas, remedial). */
    subkind: text('subkind'),
    /** The item is required for attendance (e.g. a material's is_syarat_hadir); the meeting's parameter also applies. */
    countsForAttendance: boolean('counts_for_attendance').notNull().default(false),
    /** The window students may work in (shown from, open until); null is unbounded. */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** Deadline that decides on time or late; may differ from closes_at (late hand-ins allowed). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activities_content_uq').on(t.collegeId, t.kind, t.contentId),
    // Tenancy by construction: an activity points at a class and a meeting of its own college only.
    foreignKey({
      name: 'activities_class_fk',
      columns: [t.collegeId, t.kelasId],
      foreignColumns: [classes.collegeId, classes.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'activities_meeting_fk',
      columns: [t.collegeId, t.pertemuanId],
      foreignColumns: [meetings.collegeId, meetings.id],
    }).onDelete('cascade'),
    // Target of activity_facts' (college_id, activity_id).
    unique('activities_college_id_uq').on(t.collegeId, t.id),
    // A meeting's counts by kind and its attendance.
    index('activities_pertemuan_kind_idx').on(t.pertemuanId, t.kind),
    // Dashboard tiles and the grade recap: a class's activities of a kind.
    index('activities_kelas_kind_idx').on(t.collegeId, t.kelasId, t.kind),
    check(
      'activities_window_ck',
      sql`${t.closesAt} is null or ${t.opensAt} is null or ${t.closesAt} >= ${t.opensAt}`,
    ),
  ],
);

/**
 * What one student did with one activity, and its score. Written by the content areas through
 * activity.api.ts; read by attendance, the grade recap, the dashboard and reports. The evidence is in
 * typed columns (not jsonb) so that merging a repeated event is one atomic upsert (earliest time, largest
 * amount) and reports can filter on it.
 */
export const activityFacts = pgTable(
  'activity_facts',
  {
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    activityId: uuid('activity_id').notNull(),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set with completed_at, from the activity's due_at. */
    timing: activityTimingEnum('timing'),
    // Evidence: each column is written by the kinds it applies to, null otherwise.
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    /** First opened in the page (a material's link, reader or player). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    watchedPercent: smallint('watched_percent'),
    readSeconds: integer('read_seconds'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    postCount: integer('post_count'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    score: numeric('score', { precision: 7, scale: 2, mode: 'number' }),
    graded: boolean('graded').notNull().default(false),
    /** Students see a score only once it is published. */
    published: boolean('published').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.mahasiswaId] }),
    foreignKey({
      name: 'activity_facts_activity_fk',
      columns: [t.collegeId, t.activityId],
      foreignColumns: [activities.collegeId, activities.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'activity_facts_student_fk',
      columns: [t.collegeId, t.mahasiswaId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    // A student's facts: dashboard "not yet done", the student's grade recap and reports.
    index('activity_facts_mahasiswa_idx').on(t.mahasiswaId, t.activityId),
    // Lecturer tile: hand-ins waiting for a grade.
    index('activity_facts_ungraded_idx')
      .on(t.activityId)
      .where(sql`${t.submittedAt} is not null and not ${t.graded}`),
    check(
      'activity_facts_completed_ck',
      sql`${t.completed} = (${t.completedAt} is not null) and ${t.completed} = (${t.timing} is not null)`,
    ),
    check('activity_facts_watched_ck', sql`${t.watchedPercent} between 0 and 100`),
    check('activity_facts_counts_ck', sql`${t.readSeconds} >= 0 and ${t.postCount} >= 0`),
  ],
);

/**
 * Each student's attendance progress in a meeting, derived from activity_facts (docs/architecture.md
 * "Attendance"). Refreshed for one student and meeting when a fact is recorded, for a whole meeting when
 * its activities change, and by the recalculation job; never written by hand. `required` is how many of
 * the meeting's activities count for attendance, `completed` how many of them the student completed on
 * time. Presence follows from these and the college's minimum at read time.
 */
export const attendanceProgress = pgTable(
  'attendance_progress',
  {
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    pertemuanId: uuid('pertemuan_id').notNull(),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    completed: integer('completed').notNull(),
    required: integer('required').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pertemuanId, t.mahasiswaId] }),
    foreignKey({
      name: 'attendance_progress_meeting_fk',
      columns: [t.collegeId, t.pertemuanId],
      foreignColumns: [meetings.collegeId, meetings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'attendance_progress_student_fk',
      columns: [t.collegeId, t.mahasiswaId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    // A student's attendance across meetings (student pages, exam restriction).
    index('attendance_progress_mahasiswa_idx').on(t.mahasiswaId, t.pertemuanId),
    check('attendance_progress_counts_ck', sql`${t.completed} between 0 and ${t.required}`),
  ],
);
