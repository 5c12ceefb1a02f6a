import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { OperatorPermissions } from '@lms/contract/permission.rules';
import { ofCollege } from '../../db/college-scope.ts';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { pageByName } from '../../db/page-by-name.ts';
import { users } from '../../db/schema/identity.schema.ts';

const columns = {
  id: users.id,
  username: users.username,
  nama: users.nama,
  isActive: users.isActive,
  operatorPermissions: users.operatorPermissions,
  operatorScope: users.operatorScope,
};

/** One page of a college's operators by name, optionally matching part of the name or username. */
export async function findOperatorPage(
  db: Db,
  collegeId: string,
  query: { search?: string; page: number; perPage: number },
) {
  const conditions: (SQL | undefined)[] = [eq(users.role, 'operator')];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(users.nama, pattern), ilike(users.username, pattern)));
  }
  const where = ofCollege(users, collegeId, ...conditions);
  const rows = await pageByName(db.select(columns).from(users).where(where).$dynamic(), query);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}
export type OperatorRow = Awaited<ReturnType<typeof findOperatorPage>>['rows'][number];

/** One operator of a college, locked until the transaction ends (a change reads, checks, then writes). */
export async function findOperatorForUpdate(
  db: Db,
  collegeId: string,
  userId: string,
): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(ofCollege(users, collegeId, and(eq(users.id, userId), eq(users.role, 'operator'))))
    .for('update');
  return row;
}

/** An operator's scope: what the caller's actor does not carry. */
export async function findOperatorScope(db: Db, collegeId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ scope: users.operatorScope })
    .from(users)
    .where(ofCollege(users, collegeId, eq(users.id, userId)));
  return row?.scope ?? null;
}

/** Stores an operator's rights, active flag and scope; answers the row as stored. */
export async function updateOperatorRights(
  db: Db,
  collegeId: string,
  userId: string,
  values: { permissions: OperatorPermissions; isActive: boolean; scope: string | null },
): Promise<OperatorRow> {
  const [row] = await db
    .update(users)
    .set({ operatorPermissions: values.permissions, isActive: values.isActive, operatorScope: values.scope })
    .where(ofCollege(users, collegeId, eq(users.id, userId)))
    .returning(columns);
  return row!;
}
