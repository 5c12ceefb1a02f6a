import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { storagerUploads } from '../../db/schema/question-bank.schema.ts';

/** Records who uploaded an image through /v2/storager. */
export async function insertUpload(
  db: Db,
  row: { fileKey: string; collegeId: string; uploadedBy: string; dir: string },
): Promise<void> {
  await db.insert(storagerUploads).values(row);
}

/** The upload record of a key in the college, if any. */
export async function findUpload(db: Db, collegeId: string, fileKey: string) {
  const [row] = await db
    .select()
    .from(storagerUploads)
    .where(and(eq(storagerUploads.collegeId, collegeId), eq(storagerUploads.fileKey, fileKey)))
    .limit(1);
  return row;
}

/** Forgets an upload record; answers whether it existed. */
export async function deleteUpload(db: Db, collegeId: string, fileKey: string) {
  const rows = await db
    .delete(storagerUploads)
    .where(and(eq(storagerUploads.collegeId, collegeId), eq(storagerUploads.fileKey, fileKey)))
    .returning({ key: storagerUploads.fileKey });
  return rows.length > 0;
}
