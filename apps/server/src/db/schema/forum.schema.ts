import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { classFk } from './class.schema.ts';
import { colleges } from './college.schema.ts';
import { roleEnum, users } from './identity.schema.ts';
import { meetings } from './meeting.schema.ts';

/**
 * A forum of a meeting (spec 2 §3 Forum): a discussion open between its start and end. Its status
 * follows the clock. Its activity (kind forum) is kept in step by the forum area.
 */
export const forums = pgTable(
  'forums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kelasId: text('kelas_id').notNull(),
    pertemuanId: uuid('pertemuan_id').notNull(),
    judul: text('judul').notNull(),
    /** Sanitised rich text. */
    deskripsi: text('deskripsi').notNull(),
    waktuMulai: timestamp('waktu_mulai', { withTimezone: true }).notNull(),
    waktuSelesai: timestamp('waktu_selesai', { withTimezone: true }).notNull(),
    penilaianKeaktifan: boolean('penilaian_keaktifan').notNull().default(false),
    minimalPost: integer('minimal_post').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    classFk('forums', t),
    foreignKey({
      name: 'forums_meeting_fk',
      columns: [t.collegeId, t.pertemuanId],
      foreignColumns: [meetings.collegeId, meetings.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'forums_creator_fk', columns: [t.createdBy], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    unique('forums_college_id_uq').on(t.collegeId, t.id),
    index('forums_pertemuan_idx').on(t.collegeId, t.pertemuanId),
    index('forums_kelas_idx').on(t.collegeId, t.kelasId, t.waktuMulai),
    check('forums_window_ck', sql`${t.waktuSelesai} >= ${t.waktuMulai}`),
    check('forums_minimal_post_ck', sql`${t.minimalPost} >= 1`),
  ],
);

/** A post of a forum, or a reply to one (one level). Deleting keeps the row so replies keep their place. */
export const forumPosts = pgTable(
  'forum_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    forumId: uuid('forum_id').notNull(),
    parentId: uuid('parent_id'),
    authorId: uuid('author_id').notNull(),
    /** Sanitised rich text; emptied when deleted. */
    isi: text('isi').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'forum_posts_forum_fk',
      columns: [t.collegeId, t.forumId],
      foreignColumns: [forums.collegeId, forums.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'forum_posts_author_fk',
      columns: [t.collegeId, t.authorId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'forum_posts_parent_fk', columns: [t.parentId], foreignColumns: [t.id] }).onDelete(
      'cascade',
    ),
    unique('forum_posts_college_id_uq').on(t.collegeId, t.id),
    // A forum's discussion in order; a student's posts in a forum (the post count).
    index('forum_posts_forum_idx').on(t.collegeId, t.forumId, t.createdAt),
    index('forum_posts_author_idx').on(t.forumId, t.authorId),
  ],
);

/** Who opened a forum's discussion, and when first (daftar_join_detail). */
export const forumJoins = pgTable(
  'forum_joins',
  {
    collegeId: text('college_id').notNull(),
    forumId: uuid('forum_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: roleEnum('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.forumId, t.userId] }),
    foreignKey({
      name: 'forum_joins_forum_fk',
      columns: [t.collegeId, t.forumId],
      foreignColumns: [forums.collegeId, forums.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'forum_joins_user_fk',
      columns: [t.collegeId, t.userId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A file a post or reply carries, checked by content and kept in the file store under a generated,
 * private key (served only to members of the class). Deleting the post deletes its files.
 */
export const forumPostAttachments = pgTable(
  'forum_post_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    forumId: uuid('forum_id').notNull(),
    postId: uuid('post_id').notNull(),
    fileKey: text('file_key').notNull(),
    /** The uploader's name, shown and used for the download; never a path. */
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The type the content was checked as. */
    contentType: text('content_type').notNull(),
    /** Its place among the post's files, as sent. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'forum_post_attachments_forum_fk',
      columns: [t.collegeId, t.forumId],
      foreignColumns: [forums.collegeId, forums.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'forum_post_attachments_post_fk',
      columns: [t.collegeId, t.postId],
      foreignColumns: [forumPosts.collegeId, forumPosts.id],
    }).onDelete('cascade'),
    index('forum_post_attachments_forum_idx').on(t.collegeId, t.forumId),
    index('forum_post_attachments_post_idx').on(t.collegeId, t.postId),
  ],
);
