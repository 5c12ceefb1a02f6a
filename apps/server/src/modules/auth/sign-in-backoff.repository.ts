import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { signInFailures } from '../../db/schema/sign-in.schema.ts';

/** The account name's sign-in row: from one college, by lower-cased username. */
export interface AccountName {
  collegeId: string;
  username: string;
}

/** The account name's failed sign-ins, if any: until when it waits (null: no wait). */
export async function findSignInFailures(
  db: Db,
  account: AccountName,
): Promise<{ lockedUntil: Date | null } | undefined> {
  const [row] = await db
    .select({ lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(
      and(eq(signInFailures.collegeId, account.collegeId), eq(signInFailures.username, account.username)),
    );
  return row;
}

/**
 * Counts a failed sign-in in one statement (so concurrent failures from many instances all count) and
 * sets the wait: none for the first `freeFailures`, then `2^(n - freeFailures)` seconds up to
 * `maxWaitSeconds`. A count idle for `forgetAfterSeconds` starts again at one.
 */
export async function recordSignInFailure(
  db: Db,
  account: AccountName,
  policy: { freeFailures: number; maxWaitSeconds: number; forgetAfterSeconds: number },
): Promise<void> {
  const failures = sql`case when ${signInFailures.lastFailedAt} < now() - make_interval(secs => ${policy.forgetAfterSeconds})
    then 1 else ${signInFailures.failures} + 1 end`;
  const waitFor = (count: typeof failures | number) =>
    sql`case when ${count} > ${policy.freeFailures}
      then now() + make_interval(secs => least(${policy.maxWaitSeconds}, power(2, ${count} - ${policy.freeFailures})))
      else null end`;
  await db
    .insert(signInFailures)
    .values({
      collegeId: account.collegeId,
      username: account.username,
      failures: 1,
      lastFailedAt: sql`now()`,
      lockedUntil: null,
    })
    .onConflictDoUpdate({
      target: [signInFailures.collegeId, signInFailures.username],
      set: { failures, lastFailedAt: sql`now()`, lockedUntil: waitFor(failures) },
    });
}

/** Forgets the account name's failures (after a successful sign-in). */
export async function clearSignInFailures(db: Db, account: AccountName): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      and(eq(signInFailures.collegeId, account.collegeId), eq(signInFailures.username, account.username)),
    );
}
