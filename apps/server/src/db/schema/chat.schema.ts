import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { classFk } from './class.schema.ts';
import { users } from './identity.schema.ts';

/**
 * A chat group of a class (spec 1 §3 Chat group, docs/api/chat.md). `kelas`: a group a lecturer formed,
 * its members stored below; `komentar`: the comments of a task or an exam (`LMS-{contentId}`), whose
 * members are the content's class, read from the class each time (never a stale copy); `kelompok`: a
 * task group's (`LMS-KELOMPOK-{groupId}`), whose members are the group's, read from the group each time.
 */
export const chatGroups = pgTable(
  'chat_groups',
  {
    collegeId: text('college_id').notNull(),
    id: text('id').notNull(),
    kelasId: text('kelas_id').notNull(),
    jenis: text('jenis', { enum: ['kelas', 'komentar', 'kelompok'] }).notNull(),
    nama: text('nama').notNull(),
    usage: text('usage').notNull().default('lms'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collegeId, t.id] }), classFk('chat_groups', t)],
);

/** The members of a `kelas` group (student numbers given by the lecturer, and the lecturer). */
export const chatGroupMembers = pgTable(
  'chat_group_members',
  {
    collegeId: text('college_id').notNull(),
    groupId: text('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['Mahasiswa', 'Dosen'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collegeId, t.groupId, t.userId] }),
    foreignKey({
      name: 'chat_group_members_group_fk',
      columns: [t.collegeId, t.groupId],
      foreignColumns: [chatGroups.collegeId, chatGroups.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'chat_group_members_user_fk',
      columns: [t.collegeId, t.userId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    index('chat_group_members_user_idx').on(t.collegeId, t.userId),
  ],
);

/** A thread of a group: a comment thread (one student's, or one task group's) or a group's conversation. */
export const chatThreads = pgTable(
  'chat_threads',
  {
    collegeId: text('college_id').notNull(),
    groupId: text('group_id').notNull(),
    id: text('id').notNull(),
    judul: text('judul'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.collegeId, t.groupId, t.id] }),
    foreignKey({
      name: 'chat_threads_group_fk',
      columns: [t.collegeId, t.groupId],
      foreignColumns: [chatGroups.collegeId, chatGroups.id],
    }).onDelete('cascade'),
  ],
);

/** A message of a thread (sanitised rich text). Deleting keeps the row so the thread keeps its shape. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    groupId: text('group_id').notNull(),
    threadId: text('thread_id').notNull(),
    authorId: uuid('author_id').notNull(),
    isi: text('isi').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'chat_messages_thread_fk',
      columns: [t.collegeId, t.groupId, t.threadId],
      foreignColumns: [chatThreads.collegeId, chatThreads.groupId, chatThreads.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'chat_messages_author_fk',
      columns: [t.collegeId, t.authorId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    // A thread's messages newest first (the latest page, then older ones by `sebelum`).
    index('chat_messages_thread_idx').on(t.collegeId, t.groupId, t.threadId, t.createdAt),
  ],
);

/** Per user and thread key: unread messages and the last chat time (spec 1 §3, §6). */
export const chatUnread = pgTable(
  'chat_unread',
  {
    collegeId: text('college_id').notNull(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    jumlah: integer('jumlah').notNull().default(0),
    lastChatAt: timestamp('last_chat_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.collegeId, t.userId, t.key] }),
    foreignKey({
      name: 'chat_unread_user_fk',
      columns: [t.collegeId, t.userId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
  ],
);
