import { lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { authCodes, refreshTokens } from '../db/schema/identity.schema.ts';
import { passwordResetTokens } from '../db/schema/password-reset.schema.ts';
import { rateLimitCounters } from '../db/schema/rate-limit.schema.ts';
import { signInFailures } from '../db/schema/sign-in.schema.ts';

const dayAgo = sql`now() - interval '1 day'`;

/**
 * Deletes authorization codes and refresh tokens that ended more than a day ago. A spent refresh token
 * must stay while its family lives (presenting it again revokes the family); a family ends at most a day
 * after sign-in, so a row whose family ended or was revoked a day ago can no longer matter. Failed
 * sign-in counts idle for a day go too (their waits are at most 15 minutes), and password reset links
 * that expired a day ago (a link lives 30 minutes; the per-account limit counts the last hour). Rate
 * limit counters go as soon as their window ended: a new request starts a new window anyway.
 */
export async function deleteExpiredTokens(db: Db): Promise<{
  authCodes: number;
  refreshTokens: number;
  signInFailures: number;
  resetLinks: number;
  rateLimitCounters: number;
}> {
  const codes = await db
    .delete(authCodes)
    .where(lt(authCodes.expiresAt, dayAgo))
    .returning({ codeHash: authCodes.codeHash });
  const tokens = await db
    .delete(refreshTokens)
    .where(or(lt(refreshTokens.expiresAt, dayAgo), lt(refreshTokens.revokedAt, dayAgo)))
    .returning({ id: refreshTokens.id });
  const failures = await db
    .delete(signInFailures)
    .where(lt(signInFailures.lastFailedAt, dayAgo))
    .returning({ username: signInFailures.username });
  const links = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, dayAgo))
    .returning({ id: passwordResetTokens.id });
  const counters = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ scope: rateLimitCounters.scope });
  return {
    authCodes: codes.length,
    refreshTokens: tokens.length,
    signInFailures: failures.length,
    resetLinks: links.length,
    rateLimitCounters: counters.length,
  };
}
