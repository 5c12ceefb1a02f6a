import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import type { Db } from '../../db/database.ts';
import { courses } from '../../db/schema/academic.schema.ts';
import { classes } from '../../db/schema/class.schema.ts';
import { forumJoins, forumPostAttachments, forumPosts, forums } from '../../db/schema/forum.schema.ts';
import { users } from '../../db/schema/identity.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import { classOf, courseOfClass, meetingOf } from '../../db/tenant-joins.ts';

export type NewForumRow = typeof forums.$inferInsert;

const forumColumns = {
  id: forums.id,
  collegeId: forums.collegeId,
  kelasId: forums.kelasId,
  pertemuanId: forums.pertemuanId,
  judul: forums.judul,
  deskripsi: forums.deskripsi,
  waktuMulai: forums.waktuMulai,
  waktuSelesai: forums.waktuSelesai,
  penilaianKeaktifan: forums.penilaianKeaktifan,
  minimalPost: forums.minimalPost,
  nomor: meetings.nomor,
  kelasNama: classes.nama,
  kodeMataKuliah: courses.kode,
  namaMataKuliah: courses.nama,
};

function selectForums(db: Db) {
  return db
    .select(forumColumns)
    .from(forums)
    .innerJoin(meetings, meetingOf(forums))
    .innerJoin(classes, classOf(forums))
    .innerJoin(courses, courseOfClass());
}

/** One forum of the college. */
export async function findForumById(db: Db, collegeId: string, id: string) {
  const [row] = await selectForums(db).where(and(eq(forums.collegeId, collegeId), eq(forums.id, id)));
  return row;
}
export type ForumRow = NonNullable<Awaited<ReturnType<typeof findForumById>>>;

/** A meeting's forums by start. */
export function findMeetingForums(db: Db, collegeId: string, pertemuanId: string) {
  return selectForums(db)
    .where(and(eq(forums.collegeId, collegeId), eq(forums.pertemuanId, pertemuanId)))
    .orderBy(asc(forums.waktuMulai), asc(forums.id));
}

/** The forums of the classes in scope (/forum), newest start first, optionally by status at `now` or class. */
export async function findForumPage(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filter: { status?: 'belum_dimulai' | 'berlangsung' | 'selesai'; kelasId?: string; now: Date },
  page: { page: number; perPage: number },
) {
  const conditions: SQL[] = [eq(forums.collegeId, collegeId)];
  const inScope = inClassScope(forums.kelasId, collegeId, scope);
  if (inScope) conditions.push(inScope);
  if (filter.kelasId) conditions.push(eq(forums.kelasId, filter.kelasId));
  if (filter.status === 'belum_dimulai') conditions.push(gt(forums.waktuMulai, filter.now));
  if (filter.status === 'berlangsung')
    conditions.push(lte(forums.waktuMulai, filter.now), gt(forums.waktuSelesai, filter.now));
  if (filter.status === 'selesai') conditions.push(lte(forums.waktuSelesai, filter.now));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectForums(db)
      .where(where)
      .orderBy(desc(forums.waktuMulai), asc(forums.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(forums).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Who opened the given forums, first time each. */
export function findForumJoins(db: Db, collegeId: string, forumIds: string[]) {
  if (forumIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      forumId: forumJoins.forumId,
      userId: forumJoins.userId,
      role: forumJoins.role,
      joinedAt: forumJoins.joinedAt,
      username: users.username,
    })
    .from(forumJoins)
    .innerJoin(users, eq(users.id, forumJoins.userId))
    .where(and(eq(forumJoins.collegeId, collegeId), inArray(forumJoins.forumId, forumIds)))
    .orderBy(asc(forumJoins.joinedAt));
}

/** A user's posts (not deleted) in each of the given forums. */
export async function countOwnPosts(db: Db, collegeId: string, userId: string, forumIds: string[]) {
  if (forumIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ forumId: forumPosts.forumId, n: count() })
    .from(forumPosts)
    .where(
      and(
        eq(forumPosts.collegeId, collegeId),
        inArray(forumPosts.forumId, forumIds),
        eq(forumPosts.authorId, userId),
        isNull(forumPosts.deletedAt),
      ),
    )
    .groupBy(forumPosts.forumId);
  return new Map(rows.map((r) => [r.forumId, r.n] as const));
}

export async function insertForum(db: Db, row: NewForumRow): Promise<string> {
  const [inserted] = await db.insert(forums).values(row).returning({ id: forums.id });
  return inserted!.id;
}

export async function updateForumRow(db: Db, collegeId: string, id: string, changes: Partial<NewForumRow>) {
  const rows = await db
    .update(forums)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(forums.collegeId, collegeId), eq(forums.id, id)))
    .returning({ id: forums.id });
  return rows.length > 0;
}

export async function deleteForumRow(db: Db, collegeId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(forums)
    .where(and(eq(forums.collegeId, collegeId), eq(forums.id, id)))
    .returning({ id: forums.id });
  return rows.length > 0;
}

/** Records that a user opened the discussion; the first time stays. */
export async function insertForumJoin(
  db: Db,
  join: {
    collegeId: string;
    forumId: string;
    userId: string;
    role: 'mahasiswa' | 'dosen' | 'operator';
    joinedAt: Date;
  },
): Promise<void> {
  await db.insert(forumJoins).values(join).onConflictDoNothing();
}

const postColumns = {
  id: forumPosts.id,
  parentId: forumPosts.parentId,
  authorId: forumPosts.authorId,
  isi: forumPosts.isi,
  createdAt: forumPosts.createdAt,
  updatedAt: forumPosts.updatedAt,
  deletedAt: forumPosts.deletedAt,
  nama: users.nama,
  role: users.role,
  avatarKey: users.avatarKey,
};

/** A forum's discussion in order, with the authors. */
export function findForumPosts(db: Db, collegeId: string, forumId: string) {
  return db
    .select(postColumns)
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .where(and(eq(forumPosts.collegeId, collegeId), eq(forumPosts.forumId, forumId)))
    .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id));
}

/** One post with its author, as the discussion lists it. */
export async function findForumPostWithAuthor(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select(postColumns)
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .where(and(eq(forumPosts.collegeId, collegeId), eq(forumPosts.id, id)));
  return row!;
}
export type ForumPostRow = Awaited<ReturnType<typeof findForumPosts>>[number];

/** One post of the college, with its forum. */
export async function findForumPostById(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select({
      id: forumPosts.id,
      forumId: forumPosts.forumId,
      parentId: forumPosts.parentId,
      authorId: forumPosts.authorId,
      deletedAt: forumPosts.deletedAt,
    })
    .from(forumPosts)
    .where(and(eq(forumPosts.collegeId, collegeId), eq(forumPosts.id, id)));
  return row;
}

export async function insertForumPost(
  db: Db,
  row: { collegeId: string; forumId: string; parentId: string | null; authorId: string; isi: string },
): Promise<string> {
  const [inserted] = await db.insert(forumPosts).values(row).returning({ id: forumPosts.id });
  return inserted!.id;
}

/** Changes the text of a post that is not deleted; answers whether it did. */
export async function updateForumPostText(
  db: Db,
  collegeId: string,
  id: string,
  isi: string,
): Promise<boolean> {
  const rows = await db
    .update(forumPosts)
    .set({ isi, updatedAt: sql`now()` })
    .where(and(eq(forumPosts.collegeId, collegeId), eq(forumPosts.id, id), isNull(forumPosts.deletedAt)))
    .returning({ id: forumPosts.id });
  return rows.length > 0;
}

/** Marks a post deleted and empties it; its replies stay. */
export async function markForumPostDeleted(db: Db, collegeId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(forumPosts)
    .set({ isi: '', deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(forumPosts.collegeId, collegeId), eq(forumPosts.id, id), isNull(forumPosts.deletedAt)))
    .returning({ id: forumPosts.id });
  return rows.length > 0;
}

export type NewForumAttachmentRow = typeof forumPostAttachments.$inferInsert;

const attachmentColumns = {
  id: forumPostAttachments.id,
  forumId: forumPostAttachments.forumId,
  postId: forumPostAttachments.postId,
  fileKey: forumPostAttachments.fileKey,
  fileName: forumPostAttachments.fileName,
  fileSize: forumPostAttachments.fileSize,
  contentType: forumPostAttachments.contentType,
};

/** Stores the files of a new post. */
export async function insertForumAttachments(db: Db, rows: NewForumAttachmentRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(forumPostAttachments).values(rows);
}

/** The files of a forum's posts (or of one post), in upload order. */
export function findForumAttachments(db: Db, collegeId: string, forumId: string, postId?: string) {
  return db
    .select(attachmentColumns)
    .from(forumPostAttachments)
    .where(
      and(
        eq(forumPostAttachments.collegeId, collegeId),
        eq(forumPostAttachments.forumId, forumId),
        postId ? eq(forumPostAttachments.postId, postId) : undefined,
      ),
    )
    .orderBy(asc(forumPostAttachments.createdAt), asc(forumPostAttachments.position));
}
export type ForumAttachmentRow = Awaited<ReturnType<typeof findForumAttachments>>[number];

/** One file of a forum, with whether its post is deleted. */
export async function findForumAttachment(db: Db, collegeId: string, forumId: string, id: string) {
  const [row] = await db
    .select({ ...attachmentColumns, postDeletedAt: forumPosts.deletedAt })
    .from(forumPostAttachments)
    .innerJoin(
      forumPosts,
      and(
        eq(forumPosts.collegeId, forumPostAttachments.collegeId),
        eq(forumPosts.id, forumPostAttachments.postId),
      ),
    )
    .where(
      and(
        eq(forumPostAttachments.collegeId, collegeId),
        eq(forumPostAttachments.forumId, forumId),
        eq(forumPostAttachments.id, id),
        eq(forumPosts.collegeId, collegeId),
      ),
    );
  return row;
}

/** Deletes the file rows of a post, answering their keys (the caller removes the bytes). */
export async function deletePostAttachments(db: Db, collegeId: string, postId: string): Promise<string[]> {
  const rows = await db
    .delete(forumPostAttachments)
    .where(and(eq(forumPostAttachments.collegeId, collegeId), eq(forumPostAttachments.postId, postId)))
    .returning({ fileKey: forumPostAttachments.fileKey });
  return rows.map((r) => r.fileKey);
}
