import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema/identity.schema.ts';

/** The signed-in user's role and operator rights, read fresh (rights may change during a session). */
export async function findActorUser(db: Db, collegeId: string, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      isActive: users.isActive,
      operatorPermissions: users.operatorPermissions,
    })
    .from(users)
    .where(and(eq(users.collegeId, collegeId), eq(users.id, userId)));
  return row;
}
