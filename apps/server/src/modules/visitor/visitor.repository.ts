import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/identity.schema.ts';

/** Records that the user is active now. */
export async function touchLastActive(db: Db, collegeId: string, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastActiveAt: now })
    .where(and(eq(users.collegeId, collegeId), eq(users.id, userId)));
}

/** Users of the college active since `since`, counted by role (one grouped query). */
export async function countActiveByRole(db: Db, collegeId: string, since: Date) {
  return db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(and(eq(users.collegeId, collegeId), gte(users.lastActiveAt, since)))
    .groupBy(users.role);
}
