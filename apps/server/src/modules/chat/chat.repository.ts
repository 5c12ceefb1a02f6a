import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  chatGroupMembers,
  chatGroups,
  chatMessages,
  chatThreads,
  chatUnread,
} from '../../db/schema/chat.schema.ts';
import { classStudents } from '../../db/schema/class.schema.ts';
import { students, users } from '../../db/schema/identity.schema.ts';

export type ChatGroupRow = typeof chatGroups.$inferSelect;
export type ChatThreadRow = typeof chatThreads.$inferSelect;
type MemberRole = (typeof chatGroupMembers.$inferInsert)['role'];

/** A chat group by id. */
export async function findChatGroup(
  db: Db,
  collegeId: string,
  id: string,
): Promise<ChatGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(chatGroups)
    .where(and(eq(chatGroups.collegeId, collegeId), eq(chatGroups.id, id)));
  return row;
}

/** Creates a group unless it exists (comment groups are made on demand by whoever opens them first). */
export async function insertChatGroup(db: Db, row: typeof chatGroups.$inferInsert): Promise<ChatGroupRow> {
  await db.insert(chatGroups).values(row).onConflictDoNothing();
  return (await findChatGroup(db, row.collegeId, row.id))!;
}

/** Renames a group. */
export async function updateChatGroupName(
  db: Db,
  collegeId: string,
  id: string,
  nama: string,
): Promise<void> {
  await db
    .update(chatGroups)
    .set({ nama })
    .where(and(eq(chatGroups.collegeId, collegeId), eq(chatGroups.id, id)));
}

/** Replaces a `kelas` group's members in one statement pair. */
export async function replaceChatGroupMembers(
  db: Db,
  collegeId: string,
  groupId: string,
  members: { userId: string; role: MemberRole }[],
): Promise<void> {
  await db
    .delete(chatGroupMembers)
    .where(and(eq(chatGroupMembers.collegeId, collegeId), eq(chatGroupMembers.groupId, groupId)));
  if (members.length === 0) return;
  await db
    .insert(chatGroupMembers)
    .values(members.map((m) => ({ collegeId, groupId, userId: m.userId, role: m.role })))
    .onConflictDoNothing();
}

/** A `kelas` group's members with their names and student numbers. */
export async function findChatGroupMembers(db: Db, collegeId: string, groupId: string) {
  return db
    .select({ id: chatGroupMembers.userId, role: chatGroupMembers.role, nama: users.nama, nim: students.nim })
    .from(chatGroupMembers)
    .innerJoin(users, eq(users.id, chatGroupMembers.userId))
    .leftJoin(students, eq(students.userId, chatGroupMembers.userId))
    .where(and(eq(chatGroupMembers.collegeId, collegeId), eq(chatGroupMembers.groupId, groupId)))
    .orderBy(asc(chatGroupMembers.role), asc(users.nama));
}

/** Whether the user is a stored member of the group. */
export async function isChatGroupMember(db: Db, collegeId: string, groupId: string, userId: string) {
  const [row] = await db
    .select({ userId: chatGroupMembers.userId })
    .from(chatGroupMembers)
    .where(
      and(
        eq(chatGroupMembers.collegeId, collegeId),
        eq(chatGroupMembers.groupId, groupId),
        eq(chatGroupMembers.userId, userId),
      ),
    );
  return !!row;
}

/** The class's enrolled students among the given student numbers. */
export async function findEnrolledStudentsByNim(db: Db, collegeId: string, kelasId: string, nims: string[]) {
  if (nims.length === 0) return [];
  return db
    .select({ userId: students.userId, nim: students.nim })
    .from(classStudents)
    .innerJoin(students, eq(students.userId, classStudents.mahasiswaId))
    .where(
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.kelasId, kelasId),
        inArray(students.nim, nims),
      ),
    );
}

/** A thread of a group. */
export async function findChatThread(db: Db, collegeId: string, groupId: string, id: string) {
  const [row] = await db
    .select()
    .from(chatThreads)
    .where(
      and(eq(chatThreads.collegeId, collegeId), eq(chatThreads.groupId, groupId), eq(chatThreads.id, id)),
    );
  return row;
}

/** Creates a thread unless it exists; a given title replaces the old one. */
export async function upsertChatThread(
  db: Db,
  row: { collegeId: string; groupId: string; id: string; judul?: string | null },
): Promise<ChatThreadRow> {
  const insert = db.insert(chatThreads).values({ ...row, judul: row.judul ?? null });
  await (row.judul === undefined
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({
        target: [chatThreads.collegeId, chatThreads.groupId, chatThreads.id],
        set: { judul: row.judul },
      }));
  return (await findChatThread(db, row.collegeId, row.groupId, row.id))!;
}

/** The latest `limit` messages of a thread (before `before` when given), newest first, with their authors. */
export async function findChatMessages(
  db: Db,
  collegeId: string,
  groupId: string,
  threadId: string,
  options: { before?: Date; limit: number },
) {
  return db
    .select({
      id: chatMessages.id,
      isi: chatMessages.isi,
      createdAt: chatMessages.createdAt,
      deletedAt: chatMessages.deletedAt,
      author: { id: users.id, nama: users.nama, role: users.role },
    })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.authorId))
    .where(
      and(
        eq(chatMessages.collegeId, collegeId),
        eq(chatMessages.groupId, groupId),
        eq(chatMessages.threadId, threadId),
        options.before ? lt(chatMessages.createdAt, options.before) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(options.limit);
}
export type ChatMessageRow = Awaited<ReturnType<typeof findChatMessages>>[number];

/** Stores a message and moves the thread's last message time. */
export async function insertChatMessage(
  db: Db,
  row: { collegeId: string; groupId: string; threadId: string; authorId: string; isi: string },
): Promise<{ id: string; createdAt: Date }> {
  const [message] = await db
    .insert(chatMessages)
    .values(row)
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  await db
    .update(chatThreads)
    .set({ lastMessageAt: message!.createdAt })
    .where(
      and(
        eq(chatThreads.collegeId, row.collegeId),
        eq(chatThreads.groupId, row.groupId),
        eq(chatThreads.id, row.threadId),
      ),
    );
  return message!;
}

/** One message of a thread. */
export async function findChatMessage(
  db: Db,
  collegeId: string,
  groupId: string,
  threadId: string,
  id: string,
) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.collegeId, collegeId),
        eq(chatMessages.groupId, groupId),
        eq(chatMessages.threadId, threadId),
        eq(chatMessages.id, id),
      ),
    );
  return row;
}

/** Empties a message and marks it deleted (once: a deleted message stays deleted). */
export async function markChatMessageDeleted(
  db: Db,
  collegeId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set({ isi: '', deletedAt: at })
    .where(
      and(
        eq(chatMessages.collegeId, collegeId),
        eq(chatMessages.id, id),
        sql`${chatMessages.deletedAt} is null`,
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** One more unread message for each user on the key, with the last chat time (one statement). */
export async function incrementUnread(db: Db, collegeId: string, userIds: string[], key: string, at: Date) {
  if (userIds.length === 0) return;
  await db
    .insert(chatUnread)
    .values(userIds.map((userId) => ({ collegeId, userId, key, jumlah: 1, lastChatAt: at })))
    .onConflictDoUpdate({
      target: [chatUnread.collegeId, chatUnread.userId, chatUnread.key],
      set: { jumlah: sql`${chatUnread.jumlah} + 1`, lastChatAt: at },
    });
}

/** The user's counters, latest chat first. */
export async function findUnread(db: Db, collegeId: string, userId: string) {
  return db
    .select({ key: chatUnread.key, jumlah: chatUnread.jumlah, lastChatAt: chatUnread.lastChatAt })
    .from(chatUnread)
    .where(and(eq(chatUnread.collegeId, collegeId), eq(chatUnread.userId, userId)))
    .orderBy(sql`${chatUnread.lastChatAt} desc nulls last`, asc(chatUnread.key));
}

/**
 * Writes one of the user's counters: `jumlah` computed in SQL from the stored value (so two tabs adding
 * at once both count), and the last chat time when given.
 */
export async function writeUnread(
  db: Db,
  row: { collegeId: string; userId: string; key: string },
  change: { action: 'set' | 'tambah' | 'reset'; value: number; lastChatAt?: Date },
) {
  const initial = change.action === 'tambah' ? 1 : change.action === 'set' ? change.value : 0;
  const next =
    change.action === 'tambah'
      ? sql`${chatUnread.jumlah} + 1`
      : sql`${change.action === 'set' ? change.value : 0}::int`;
  const [written] = await db
    .insert(chatUnread)
    .values({ ...row, jumlah: initial, lastChatAt: change.lastChatAt ?? null })
    .onConflictDoUpdate({
      target: [chatUnread.collegeId, chatUnread.userId, chatUnread.key],
      set: { jumlah: next, ...(change.lastChatAt ? { lastChatAt: change.lastChatAt } : {}) },
    })
    .returning({ key: chatUnread.key, jumlah: chatUnread.jumlah, lastChatAt: chatUnread.lastChatAt });
  return written!;
}
