import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { colleges } from './college.schema.ts';
import { users } from './identity.schema.ts';

/**
 * An event to tell people of (a task published in a class, an announcement): written in the same
 * transaction as the content, so it is never lost, and turned into notifications by the
 * notification-fanout job once `visible_from` has passed. One per kind and resource: announcing it again
 * does nothing.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kind: text('kind').notNull(),
    /** The class whose members hear of it; null for the whole college (announcements). */
    kelasId: text('kelas_id'),
    /**
     * Who hears of it: `mahasiswa` (the class's students), `dosen`, `semua` (both), `pengguna` (the users
     * in `user_ids`: a reply's author, a chat's participants, students whose exam was paused; still only
     * those of the class, or active users of the college without one).
     */
    audience: text('audience').notNull(),
    userIds: uuid('user_ids').array(),
    title: text('title').notNull(),
    /** The web app's path of the thing (`/tugas/…`). */
    link: text('link').notNull(),
    resourceKind: text('resource_kind').notNull(),
    resourceId: text('resource_id').notNull(),
    /** The user whose action it was: never told of it. */
    actorUserId: uuid('actor_user_id'),
    /** When the thing shows to students; nobody is told before. */
    visibleFrom: timestamp('visible_from', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the job made its notifications; null while pending. */
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_events_resource_uq').on(t.collegeId, t.kind, t.resourceKind, t.resourceId),
    index('notification_events_pending_idx')
      .on(t.collegeId, t.visibleFrom)
      .where(sql`${t.doneAt} is null`),
  ],
);

/** One notification of one user, listed under the bell; `read_at` null while unread. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    userId: uuid('user_id').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    link: text('link').notNull(),
    resourceKind: text('resource_kind').notNull(),
    resourceId: text('resource_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the email digest job dealt with it (mailed, or not to be mailed); null while pending. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** When the push job dealt with it (sent to the devices, or not to be pushed); null while pending. */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'notifications_user_fk',
      columns: [t.collegeId, t.userId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    // A job run twice, or two runs at once, make each user's notification of an event once.
    uniqueIndex('notifications_event_user_uq').on(t.eventId, t.userId),
    index('notifications_user_list_idx').on(t.collegeId, t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.collegeId, t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_email_pending_idx')
      .on(t.collegeId, t.createdAt)
      .where(sql`${t.emailedAt} is null`),
    index('notifications_push_pending_idx')
      .on(t.collegeId, t.createdAt)
      .where(sql`${t.pushedAt} is null`),
  ],
);

/** A user's choice for one kind on one channel; without a row the contract's default holds. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    collegeId: text('college_id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'notification_preferences_user_fk',
      columns: [t.collegeId, t.userId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    primaryKey({
      name: 'notification_preferences_pkey',
      columns: [t.collegeId, t.userId, t.kind, t.channel],
    }),
  ],
);

/**
 * A user's own lead time for deadline and exam reminders (hours, one of the contract's
 * `reminderLeadHourChoices`); without a row the college's `pengingat_jam` holds.
 */
export const notificationReminderLeads = pgTable(
  'notification_reminder_leads',
  {
    collegeId: text('college_id').notNull(),
    userId: uuid('user_id').notNull(),
    hours: integer('hours').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'notification_reminder_leads_user_fk',
      columns: [t.collegeId, t.userId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    primaryKey({ name: 'notification_reminder_leads_pkey', columns: [t.collegeId, t.userId] }),
    // The reminder job reads the leads in use per college.
    index('notification_reminder_leads_hours_idx').on(t.collegeId, t.hours),
  ],
);
