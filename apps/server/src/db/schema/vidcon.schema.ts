import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { vidconApps } from '@lms/contract/vidcon.rules';
import { classFk } from './class.schema.ts';
import { colleges } from './college.schema.ts';
import { roleEnum, users } from './identity.schema.ts';
import { meetings } from './meeting.schema.ts';

/** aplikasi; values from the contract. */
export const vidconAppEnum = pgEnum('vidcon_app', vidconApps);

/**
 * A video conference of a meeting (spec 2 §3 Vidcon). Its status is not stored: it follows the clock
 * from waktu_mulai and waktu_selesai. Its activity (kind vidcon) is kept in step by the vidcon area.
 */
export const vidcons = pgTable(
  'vidcons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    /** Taken from the meeting, never from the caller. */
    kelasId: text('kelas_id').notNull(),
    pertemuanId: uuid('pertemuan_id').notNull(),
    judul: text('judul').notNull(),
    aplikasi: vidconAppEnum('aplikasi').notNull(),
    link: text('link').notNull(),
    catatan: text('catatan').notNull().default(''),
    waktuMulai: timestamp('waktu_mulai', { withTimezone: true }).notNull(),
    waktuSelesai: timestamp('waktu_selesai', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    classFk('vidcons', t),
    foreignKey({
      name: 'vidcons_meeting_fk',
      columns: [t.collegeId, t.pertemuanId],
      foreignColumns: [meetings.collegeId, meetings.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'vidcons_creator_fk', columns: [t.createdBy], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    // Target of vidcon_joins' (college_id, vidcon_id).
    unique('vidcons_college_id_uq').on(t.collegeId, t.id),
    index('vidcons_pertemuan_idx').on(t.collegeId, t.pertemuanId),
    // The user's vidcons (/vidcon) by class, newest first.
    index('vidcons_kelas_idx').on(t.collegeId, t.kelasId, t.waktuMulai),
    check('vidcons_window_ck', sql`${t.waktuSelesai} >= ${t.waktuMulai}`),
  ],
);

/** Who joined a vidcon, and when first (daftar_join_detail). */
export const vidconJoins = pgTable(
  'vidcon_joins',
  {
    collegeId: text('college_id').notNull(),
    vidconId: uuid('vidcon_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: roleEnum('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vidconId, t.userId] }),
    foreignKey({
      name: 'vidcon_joins_vidcon_fk',
      columns: [t.collegeId, t.vidconId],
      foreignColumns: [vidcons.collegeId, vidcons.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'vidcon_joins_user_fk',
      columns: [t.collegeId, t.userId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
  ],
);
