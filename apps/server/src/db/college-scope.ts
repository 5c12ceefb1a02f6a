import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * How a repository starts the condition of a read, update or delete on a tenant table: the table's rows
 * of one college, then the query's own conditions (`undefined` ones are left out). The tenant guard
 * (db/tenant-guard.ts) accepts exactly this, `"t"."college_id" = $n`; joins along a per-college key add
 * db/tenant-joins.ts's conditions, lists limited to the caller's classes db/class-scope.ts's.
 *
 *   db.select().from(users).where(ofCollege(users, collegeId, eq(users.id, id)))
 */
export function ofCollege(
  table: { collegeId: AnyPgColumn },
  collegeId: string,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.collegeId, collegeId), ...conditions)!;
}
