import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { completedOnceJobs } from '../db/schema/job.schema.ts';

/** Whether the one-time job has completed once. */
export async function isOnceJobCompleted(db: Db, name: string): Promise<boolean> {
  const rows = await db
    .select({ name: completedOnceJobs.name })
    .from(completedOnceJobs)
    .where(eq(completedOnceJobs.name, name));
  return rows.length > 0;
}

/** Records that the one-time job completed (idempotent: a second run beside it records nothing new). */
export async function recordOnceJobCompleted(db: Db, name: string): Promise<void> {
  await db.insert(completedOnceJobs).values({ name }).onConflictDoNothing();
}
