import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { gradeSendItemStatuses, gradeSendStatuses } from '@lms/contract/grade.rules';
import { activities } from './activity.schema.ts';
import { classes } from './class.schema.ts';
import { colleges } from './college.schema.ts';
import { users } from './identity.schema.ts';

export const gradeSendStatusEnum = pgEnum('grade_send_status', gradeSendStatuses);
export const gradeSendItemStatusEnum = pgEnum('grade_send_item_status', gradeSendItemStatuses);

/**
 * Which LMS activities make up a SIAKAD grade component of a class (the component modal). The
 * component's id is SIAKAD's, so it is text; the activity must be of the same class (checked by the
 * service) and goes with it when deleted.
 */
export const gradeComponentActivities = pgTable(
  'grade_component_activities',
  {
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kelasId: text('kelas_id').notNull(),
    komponenId: text('komponen_id').notNull(),
    activityId: uuid('activity_id').notNull(),
    updatedBy: uuid('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'grade_component_activities_pkey',
      columns: [t.collegeId, t.kelasId, t.komponenId, t.activityId],
    }),
    foreignKey({
      name: 'grade_component_activities_class_fk',
      columns: [t.collegeId, t.kelasId],
      foreignColumns: [classes.collegeId, classes.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'grade_component_activities_activity_fk',
      columns: [t.collegeId, t.activityId],
      foreignColumns: [activities.collegeId, activities.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'grade_component_activities_updated_by_fk',
      columns: [t.collegeId, t.updatedBy],
      foreignColumns: [users.collegeId, users.id],
    }),
  ],
);

/**
 * One sending of a class's scores to SIAKAD (a pg-boss job): who asked, when, how far it is, and the
 * counts of its items. With its items it is the audit trail operators read.
 */
export const gradeSends = pgTable(
  'grade_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kelasId: text('kelas_id').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    requestedRole: text('requested_role').notNull(),
    status: gradeSendStatusEnum('status').notNull().default('menunggu'),
    /** The user confirmed overwriting values updated in SIAKAD. */
    confirmedOverwrite: boolean('confirmed_overwrite').notNull().default(false),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'grade_sends_class_fk',
      columns: [t.collegeId, t.kelasId],
      foreignColumns: [classes.collegeId, classes.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'grade_sends_requested_by_fk',
      columns: [t.collegeId, t.requestedBy],
      foreignColumns: [users.collegeId, users.id],
    }),
    index('grade_sends_class_idx').on(t.collegeId, t.kelasId, t.createdAt),
    // At most one sending of a class runs at a time.
    uniqueIndex('grade_sends_running_uq')
      .on(t.collegeId, t.kelasId)
      .where(sql`${t.status} in ('menunggu', 'berjalan')`),
  ],
);

/** One student's component value in a sending: what SIAKAD held, what was sent, and SIAKAD's answer. */
export const gradeSendItems = pgTable(
  'grade_send_items',
  {
    sendId: uuid('send_id')
      .notNull()
      .references(() => gradeSends.id, { onDelete: 'cascade' }),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    nim: text('nim').notNull(),
    komponenId: text('komponen_id').notNull(),
    valueBefore: numeric('value_before', { precision: 7, scale: 2, mode: 'number' }),
    value: numeric('value', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    status: gradeSendItemStatusEnum('status').notNull().default('menunggu'),
    attempts: integer('attempts').notNull().default(0),
    /** What SIAKAD answered (its message, or the network error). */
    answer: text('answer'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'grade_send_items_pkey', columns: [t.sendId, t.komponenId, t.nim] })],
);
