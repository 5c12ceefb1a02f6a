import { count } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { colleges } from '../schema/college.schema.ts';
import { seedDemoColleges } from './demo-colleges.seed.ts';

/** Loads the demo colleges into an empty database; returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(colleges);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemoColleges(db);
  return true;
}
