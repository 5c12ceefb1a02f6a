import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { colleges } from '../db/schema/college.schema.ts';

export type College = typeof colleges.$inferSelect;

/** Every college (there are few; the tenancy plugin caches them). */
export function findAllColleges(db: Db): Promise<College[]> {
  return db.select().from(colleges);
}

/** One college by id, or undefined. */
export async function findCollegeById(db: Db, id: string): Promise<College | undefined> {
  const [row] = await db.select().from(colleges).where(eq(colleges.id, id));
  return row;
}
