import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../../db/database.ts';
import { refreshTokens, students, users } from '../../db/schema/identity.schema.ts';
import { passwordResetTokens } from '../../db/schema/password-reset.schema.ts';

/** An account a reset link may be sent for. */
export interface ResetCandidate {
  id: string;
  nama: string;
  username: string;
  email: string;
}

/**
 * Active accounts of the college with an email, named by username, NIM or email (case-insensitively
 * but the NIM); a shared email may name a few accounts, each gets its own link.
 */
export async function findResetCandidates(
  db: Db,
  collegeId: string,
  identity: string,
): Promise<ResetCandidate[]> {
  const rows = await db
    .select({ id: users.id, nama: users.nama, username: users.username, email: users.email })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(
      and(
        eq(users.collegeId, collegeId),
        eq(users.isActive, true),
        sql`${users.email} is not null and ${users.email} <> ''`,
        or(
          sql`lower(${users.username}) = lower(${identity})`,
          eq(students.nim, identity),
          sql`lower(${users.email}) = lower(${identity})`,
        ),
      ),
    )
    .limit(5);
  return rows.map((row) => ({ ...row, email: row.email! }));
}

/** How many links the account was sent since `since`. */
async function countResetTokensSince(
  db: Db,
  user: { collegeId: string; userId: string },
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.collegeId, user.collegeId),
        eq(passwordResetTokens.userId, user.userId),
        gt(passwordResetTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Stores a new link's token (its hash only) unless the account was sent `limit` links since `since`.
 * Requests for one account can run at once (a pool's connections, several instances): the count and the
 * insert hold the account's lock, so at most `limit` get through.
 */
export async function insertResetTokenWithinLimit(
  db: Db,
  row: { collegeId: string; userId: string; tokenHash: string; expiresAt: Date },
  since: Date,
  limit: number,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lms:password-reset:${row.userId}`}))`);
    if ((await countResetTokensSince(tx, row, since)) >= limit) return false;
    await tx.insert(passwordResetTokens).values(row);
    return true;
  });
}

/**
 * Spends a link if it is unused and unexpired; one statement, so of two racing uses exactly one gets
 * the account back.
 */
export async function spendResetToken(
  db: Db,
  collegeId: string,
  tokenHash: string,
  now: Date,
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.collegeId, collegeId),
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row;
}

/**
 * Sets the account's password, spends its other open links and revokes every sign-in (refresh-token
 * family) of it, together.
 */
export async function resetPasswordEndingSignIns(
  db: Db,
  user: { collegeId: string; userId: string },
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.collegeId, user.collegeId), eq(users.id, user.userId)));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.collegeId, user.collegeId),
          eq(passwordResetTokens.userId, user.userId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.collegeId, user.collegeId),
          // An operator's sessions acting for students end with the operator's password too.
          or(eq(refreshTokens.userId, user.userId), eq(refreshTokens.actorUserId, user.userId)),
          isNull(refreshTokens.revokedAt),
        ),
      );
  });
}
