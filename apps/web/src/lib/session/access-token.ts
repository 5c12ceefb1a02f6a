import { refreshBeforeExpiryMs, webClientId } from '@lms/contract/auth.rules';
import { ApiError } from '../api-error.ts';
import { requestToken } from './token-api.ts';
import {
  expireSession,
  isFresh,
  readTokens,
  subscribeTokens,
  tokensFromResponse,
  writeTokens,
  type StoredTokens,
} from './token-store.ts';

/** Runs `task` holding a lock shared by every tab of this origin, where the browser has Web Locks. */
async function withTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request('lms-token-refresh', task) as Promise<T>;
}

/** A failure that says nothing of the refresh token: the request never got a verdict on it. */
function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.statusCode === undefined) return true;
  return error.statusCode === 429 || error.statusCode >= 500;
}

let inflight: Promise<StoredTokens | null> | null = null;

/**
 * Refreshes the tokens once for all callers (single flight). Across tabs the Web Lock serialises the
 * refreshes, and storage is read again inside it: when another tab has already rotated the refresh
 * token, its fresh tokens are used instead of spending the old, now-revoked one.
 */
export function refreshTokens(): Promise<StoredTokens | null> {
  const seen = readTokens();
  inflight ??= withTabLock(async () => {
    const current = readTokens();
    if (!current) return null;
    if (seen && current.refreshToken !== seen.refreshToken && isFresh(current)) return current;
    try {
      const response = await requestToken({
        grant_type: 'refresh_token',
        refresh_token: current.refreshToken,
        client_id: webClientId,
      });
      const tokens = tokensFromResponse(response);
      writeTokens(tokens, 'refresh');
      return tokens;
    } catch (error) {
      // A refused refresh ends the session (spec 1 §4); no answer, or a busy or failing server (429,
      // 5xx: an instance shedding load, a restart), keeps it for another try: nobody is signed out
      // mid-exam because the server was slow.
      if (isTransientFailure(error)) throw error;
      expireSession();
      return null;
    }
  }).finally(() => {
    inflight = null;
  });
  return inflight;
}

/** A usable access token, refreshed first when it is about to end; null when signed out. */
export async function getValidAccessToken(): Promise<string | null> {
  const tokens = readTokens();
  if (!tokens) return null;
  if (isFresh(tokens)) return tokens.accessToken;
  const refreshed = await refreshTokens();
  return refreshed?.accessToken ?? null;
}

/** Refreshes on a timer 300000 ms before expiry, so open pages and event streams stay signed in. */
export function scheduleRefresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const plan = () => {
    clearTimeout(timer);
    const tokens = readTokens();
    if (!tokens) return;
    const delay = Math.max(0, tokens.expiresAt - refreshBeforeExpiryMs - Date.now());
    // Browsers cap timers at about 24.8 days; the access token never lives that long anyway.
    timer = setTimeout(
      () => {
        refreshTokens().then(plan, () => {
          timer = setTimeout(plan, 30_000);
        });
      },
      Math.min(delay, 2_000_000_000),
    );
  };
  plan();
  const unsubscribe = subscribeTokens(plan);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
