import { count } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { colleges } from '../schema/college.schema.ts';
import { seedDemoUniversity } from './demo-university.seed.ts';

/** Loads the demo university into an empty database; returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(colleges);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemoUniversity(db);
  return true;
}
