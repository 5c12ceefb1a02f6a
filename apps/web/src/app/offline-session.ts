import type { UserInfo } from '@lms/contract/auth.schema';
import { ApiError } from '../lib/api-error.ts';
import { readJson, writeJson } from '../lib/local-store.ts';
import { tokenSubject, type StoredTokens } from '../lib/session/token-store.ts';

/**
 * The last user the server named for this session (issue 44 §4): a reload or a cold start without a
 * connection opens the app with it, so a student reaches the materials kept on the phone. Kept with the
 * token's subject, so another account's session on the same phone never opens as this user.
 */
// Here rather than in lib/local-store.ts's storageKeys: only the app's guards read or write it.
const lastUserKey = 'lms.last_user';

interface LastUser {
  subject: string;
  user: UserInfo;
}

/** Remembers the user the server answered for these tokens. */
export function rememberLastUser(tokens: StoredTokens | null, user: UserInfo): void {
  const subject = tokenSubject(tokens?.accessToken);
  if (subject) writeJson(localStorage, lastUserKey, { subject, user } satisfies LastUser);
}

/** Forgets the remembered user: the session ended, its name and details leave the phone with it. */
export function forgetLastUser(): void {
  localStorage.removeItem(lastUserKey);
}

/** The remembered user of these tokens, or null (none kept, or kept for another session). */
export function lastKnownUser(tokens: StoredTokens | null): UserInfo | null {
  const subject = tokenSubject(tokens?.accessToken);
  const kept = readJson<LastUser>(localStorage, lastUserKey);
  return subject && kept?.subject === subject ? kept.user : null;
}

/** Whether the browser knows it has no connection now. */
export const isBrowserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A request that never reached the server (no answer at all); a 401 or any other answer is not. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === undefined;
}
