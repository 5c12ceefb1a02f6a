import type { TokenResponse } from '@lms/contract/auth.schema';
import { refreshBeforeExpiryMs } from '@lms/contract/auth.rules';
import { readJson, storageKeys, writeJson } from '../local-store.ts';

/** The signed-in session as kept in local storage. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms when the access token ends. */
  expiresAt: number;
}

/** Why the tokens changed: listeners navigate differently after a logout than after an expiry. */
export type TokenChangeReason = 'sign-in' | 'refresh' | 'switch' | 'logout' | 'expired' | 'other-tab';

type Listener = (tokens: StoredTokens | null, reason: TokenChangeReason) => void;
const listeners = new Set<Listener>();

/** Converts a token answer into what is stored, with the expiry as an instant. */
export function tokensFromResponse(response: TokenResponse, now = Date.now()): StoredTokens {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresAt: now + response.expires_in * 1000,
  };
}

/** Whether the access token is still good for more than the refresh margin. */
export function isFresh(tokens: StoredTokens, now = Date.now()): boolean {
  return tokens.expiresAt - now > refreshBeforeExpiryMs;
}

/** The current tokens, read fresh from storage (another tab may have changed them). */
export function readTokens(): StoredTokens | null {
  const tokens = readJson<StoredTokens>(localStorage, storageKeys.session);
  return tokens && typeof tokens.accessToken === 'string' && typeof tokens.refreshToken === 'string'
    ? tokens
    : null;
}

/** Stores (or clears, with null) the tokens and tells the listeners. */
export function writeTokens(tokens: StoredTokens | null, reason: TokenChangeReason): void {
  writeJson(localStorage, storageKeys.session, tokens);
  for (const listener of listeners) listener(tokens, reason);
}

/** Ends the session locally after a 401 or a failed refresh (spec 1 §4). */
export function expireSession(): void {
  if (readTokens()) writeTokens(null, 'expired');
}

/** Calls the listener on every change, including changes made by other tabs. */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

window.addEventListener('storage', (event) => {
  if (event.key !== storageKeys.session && event.key !== null) return;
  const tokens = readTokens();
  for (const listener of listeners) listener(tokens, 'other-tab');
});

/** The claims inside an access token (not verified: only to choose what to load or show). */
export function tokenClaims(accessToken: string | undefined): { sub?: unknown; role?: unknown } | null {
  try {
    const payload = accessToken?.split('.')[1];
    if (!payload) return null;
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: unknown;
      role?: unknown;
    };
  } catch {
    return null;
  }
}

/** The user id (`sub`) inside an access token, to tell whether a change switched the user. */
export function tokenSubject(accessToken: string | undefined): string | null {
  const sub = tokenClaims(accessToken)?.sub;
  return typeof sub === 'string' ? sub : null;
}
