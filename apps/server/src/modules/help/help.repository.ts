import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { helpArticles } from '../../db/schema/help.schema.ts';

const columns = {
  id: helpArticles.id,
  kategori: helpArticles.kategori,
  judul: helpArticles.judul,
  isi: helpArticles.isi,
  urutan: helpArticles.urutan,
  updatedAt: helpArticles.updatedAt,
};

/** Every help article of a college by topic and order; a search matches title, topic or body. */
export async function findHelpArticles(db: Db, collegeId: string, search?: string) {
  const where: SQL[] = [eq(helpArticles.collegeId, collegeId)];
  if (search) {
    const pattern = likePattern(search);
    where.push(
      or(
        ilike(helpArticles.judul, pattern),
        ilike(helpArticles.kategori, pattern),
        ilike(helpArticles.isi, pattern),
      )!,
    );
  }
  return db
    .select(columns)
    .from(helpArticles)
    .where(and(...where))
    .orderBy(
      asc(helpArticles.kategori),
      asc(helpArticles.urutan),
      asc(helpArticles.judul),
      asc(helpArticles.id),
    )
    .limit(1000);
}
export type HelpArticleRow = Awaited<ReturnType<typeof findHelpArticles>>[number];

/** One help article of a college, or undefined. */
export async function findHelpArticleById(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(helpArticles)
    .where(and(eq(helpArticles.collegeId, collegeId), eq(helpArticles.id, id)));
  return row;
}

export interface HelpArticleValues {
  kategori: string;
  judul: string;
  isi: string;
  urutan: number;
}

/** Stores a help article; answers its id. */
export async function insertHelpArticle(
  db: Db,
  collegeId: string,
  authorId: string,
  values: HelpArticleValues,
): Promise<string> {
  const [row] = await db
    .insert(helpArticles)
    .values({ collegeId, authorId, ...values })
    .returning({ id: helpArticles.id });
  return row!.id;
}

/** Changes a help article; false when it does not exist in the college. */
export async function updateHelpArticle(
  db: Db,
  collegeId: string,
  id: string,
  values: HelpArticleValues,
): Promise<boolean> {
  const rows = await db
    .update(helpArticles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(helpArticles.collegeId, collegeId), eq(helpArticles.id, id)))
    .returning({ id: helpArticles.id });
  return rows.length > 0;
}

/** Deletes a help article; false when it does not exist in the college. */
export async function deleteHelpArticle(db: Db, collegeId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(helpArticles)
    .where(and(eq(helpArticles.collegeId, collegeId), eq(helpArticles.id, id)))
    .returning({ id: helpArticles.id });
  return rows.length > 0;
}
