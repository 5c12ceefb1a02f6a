import type { Db } from '../../db/database.ts';
import { RetryLaterError } from '../../platform/app-error.ts';
import {
  clearSignInFailures,
  findSignInFailures,
  recordSignInFailure,
  type AccountName,
} from './sign-in-backoff.repository.ts';

/**
 * Back-off per account name across addresses (password spraying from many addresses, or a botnet on
 * one account): five failures are free (typos), then the name waits 2, 4, 8 … seconds, at most 15
 * minutes, before a password is checked again; a quiet hour forgets the count, a success clears it.
 * Stored in the database, so every instance applies the same wait.
 */
export const signInBackoffPolicy = { freeFailures: 5, maxWaitSeconds: 900, forgetAfterSeconds: 3600 };

/** The account name a sign-in tries, as the back-off counts it. */
export function accountName(collegeId: string, username: string): AccountName {
  return { collegeId, username: username.trim().toLowerCase() };
}

/**
 * Refuses (429 `login_ditunda`, Retry-After) while the account name waits; answers whether it has
 * failures on record (so a success clears them).
 */
export async function assertSignInNotDelayed(
  db: Db,
  account: AccountName,
  now = new Date(),
): Promise<boolean> {
  const row = await findSignInFailures(db, account);
  if (row?.lockedUntil && row.lockedUntil > now) {
    const seconds = Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
    throw new RetryLaterError(
      429,
      'login_ditunda',
      seconds,
      `Terlalu banyak percobaan masuk yang gagal untuk akun ini. Silakan coba lagi dalam ${seconds} detik.`,
    );
  }
  return !!row;
}

/** Counts a failed sign-in of the account name. */
export function signInFailed(db: Db, account: AccountName): Promise<void> {
  return recordSignInFailure(db, account, signInBackoffPolicy);
}

/** A successful sign-in forgets the account name's failures. */
export function signInSucceeded(db: Db, account: AccountName): Promise<void> {
  return clearSignInFailures(db, account);
}
