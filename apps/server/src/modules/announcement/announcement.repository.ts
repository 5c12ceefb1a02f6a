import { and, count, desc, eq, gt, ilike, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { announcements, newsArticles } from '../../db/schema/announcement.schema.ts';
import { users } from '../../db/schema/identity.schema.ts';

/** Which items a list shows: published ones, scheduled ones, or both. */
export type PublicationFilter = 'terbit' | 'terjadwal' | 'semua';

export interface PublicationListFilter {
  status: PublicationFilter;
  search?: string;
  now: Date;
}

export interface PageRequest {
  page: number;
  perPage: number;
}

type PublicationTable = typeof announcements | typeof newsArticles;

function conditionsOf(table: PublicationTable, collegeId: string, filter: PublicationListFilter): SQL[] {
  const where: SQL[] = [eq(table.collegeId, collegeId)];
  if (filter.status === 'terbit') where.push(lte(table.tanggalPublish, filter.now));
  if (filter.status === 'terjadwal') where.push(gt(table.tanggalPublish, filter.now));
  if (filter.search) where.push(ilike(table.judul, likePattern(filter.search)));
  return where;
}

const announcementColumns = {
  id: announcements.id,
  judul: announcements.judul,
  isi: announcements.isi,
  tanggalPublish: announcements.tanggalPublish,
  createdAt: announcements.createdAt,
  updatedAt: announcements.updatedAt,
  authorId: users.id,
  authorNama: users.nama,
};

/** One page of a college's announcements, newest publication first. */
export async function findAnnouncementPage(
  db: Db,
  collegeId: string,
  filter: PublicationListFilter,
  paging: PageRequest,
) {
  const where = and(...conditionsOf(announcements, collegeId, filter));
  const [rows, [total]] = await Promise.all([
    db
      .select(announcementColumns)
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.authorId))
      .where(where)
      .orderBy(desc(announcements.tanggalPublish), desc(announcements.createdAt), desc(announcements.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type AnnouncementRow = Awaited<ReturnType<typeof findAnnouncementPage>>['rows'][number];

/** One announcement of a college, or undefined. */
export async function findAnnouncementById(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select(announcementColumns)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .where(and(eq(announcements.collegeId, collegeId), eq(announcements.id, id)));
  return row;
}

export interface AnnouncementValues {
  judul: string;
  isi: string;
  tanggalPublish: Date;
}

/** Stores a new announcement; answers its id. */
export async function insertAnnouncement(
  db: Db,
  collegeId: string,
  authorId: string,
  values: AnnouncementValues,
): Promise<string> {
  const [row] = await db
    .insert(announcements)
    .values({ collegeId, authorId, ...values })
    .returning({ id: announcements.id });
  return row!.id;
}

/** Changes an announcement; false when it does not exist in the college. */
export async function updateAnnouncement(
  db: Db,
  collegeId: string,
  id: string,
  values: AnnouncementValues,
): Promise<boolean> {
  const rows = await db
    .update(announcements)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(announcements.collegeId, collegeId), eq(announcements.id, id)))
    .returning({ id: announcements.id });
  return rows.length > 0;
}

/** Deletes an announcement; false when it does not exist in the college. */
export async function deleteAnnouncement(db: Db, collegeId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(announcements)
    .where(and(eq(announcements.collegeId, collegeId), eq(announcements.id, id)))
    .returning({ id: announcements.id });
  return rows.length > 0;
}

const newsColumns = {
  id: newsArticles.id,
  collegeId: newsArticles.collegeId,
  judul: newsArticles.judul,
  ringkasan: newsArticles.ringkasan,
  isi: newsArticles.isi,
  gambarKey: newsArticles.gambarKey,
  tanggalPublish: newsArticles.tanggalPublish,
  createdAt: newsArticles.createdAt,
  updatedAt: newsArticles.updatedAt,
  authorId: users.id,
  authorNama: users.nama,
};

/** One page of a college's news, newest publication first. */
export async function findNewsPage(
  db: Db,
  collegeId: string,
  filter: PublicationListFilter,
  paging: PageRequest,
) {
  const where = and(...conditionsOf(newsArticles, collegeId, filter));
  const [rows, [total]] = await Promise.all([
    db
      .select(newsColumns)
      .from(newsArticles)
      .leftJoin(users, eq(users.id, newsArticles.authorId))
      .where(where)
      .orderBy(desc(newsArticles.tanggalPublish), desc(newsArticles.createdAt), desc(newsArticles.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(newsArticles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type NewsRow = Awaited<ReturnType<typeof findNewsPage>>['rows'][number];

/** One news article of a college, or undefined. */
export async function findNewsById(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select(newsColumns)
    .from(newsArticles)
    .leftJoin(users, eq(users.id, newsArticles.authorId))
    .where(and(eq(newsArticles.collegeId, collegeId), eq(newsArticles.id, id)));
  return row;
}

export interface NewsValues extends AnnouncementValues {
  ringkasan: string;
  /** The cover's store key; null removes it, undefined keeps it. */
  gambarKey?: string | null;
}

/** Stores a news article; answers its id. */
export async function insertNews(
  db: Db,
  collegeId: string,
  authorId: string,
  values: NewsValues,
): Promise<string> {
  const [row] = await db
    .insert(newsArticles)
    .values({ collegeId, authorId, ...values })
    .returning({ id: newsArticles.id });
  return row!.id;
}

/** Changes a news article; false when it does not exist in the college. */
export async function updateNews(
  db: Db,
  collegeId: string,
  id: string,
  values: NewsValues,
): Promise<boolean> {
  const rows = await db
    .update(newsArticles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(newsArticles.collegeId, collegeId), eq(newsArticles.id, id)))
    .returning({ id: newsArticles.id });
  return rows.length > 0;
}

/** Deletes a news article; false when it does not exist in the college. */
export async function deleteNews(db: Db, collegeId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(newsArticles)
    .where(and(eq(newsArticles.collegeId, collegeId), eq(newsArticles.id, id)))
    .returning({ id: newsArticles.id });
  return rows.length > 0;
}
