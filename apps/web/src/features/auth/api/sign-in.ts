import type { AuthorizeRequest, AuthorizeResponse } from '@lms/contract/auth.schema';
import { webClientId } from '@lms/contract/auth.rules';
import { readJson, storageKeys, writeJson } from '../../../lib/local-store.ts';
import { createPkce } from '../../../lib/pkce.ts';
import { oauthRedirectUri } from '../../../lib/session/oauth-redirect-uri.ts';
import { rememberProviderSession } from '../../../lib/session/provider-session.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { fetchPublicData } from './auth-http.ts';

/**
 * How a sign-in rides out a busy server (503 `server_sibuk`: every password-hash slot taken, as when a
 * whole class signs in at an exam's start): a few tries, each after a random 1–3 s so the retries spread
 * out instead of arriving together again.
 */
export const busyRetry = { tries: 5, minDelayMs: 1_000, maxDelayMs: 3_000 };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A sign-in between /login and /oauth, kept in sessionStorage (this tab only). */
export interface PendingSignIn {
  verifier: string;
  state: string;
  /** Where to go after signing in. */
  target: string | null;
}

/** Takes (reads and removes) the pending sign-in: a verifier is good for one exchange only. */
export function takePendingSignIn(): PendingSignIn | null {
  const pending = readJson<PendingSignIn>(sessionStorage, storageKeys.pendingSignIn);
  sessionStorage.removeItem(storageKeys.pendingSignIn);
  return pending;
}

/**
 * POST /v2/authorize with a fresh PKCE pair; answers the URL of /oauth to continue at, where the app
 * exchanges the code for the session (the sign-in page itself holds no session code).
 */
export async function signIn(input: {
  username: string;
  password: string;
  target: string | null;
}): Promise<string> {
  const pkce = await createPkce();
  rememberProviderSession(false);
  writeJson(sessionStorage, storageKeys.pendingSignIn, {
    verifier: pkce.verifier,
    state: pkce.state,
    target: input.target,
  } satisfies PendingSignIn);
  const body: AuthorizeRequest = {
    username: input.username.trim(),
    password: input.password,
    client_id: webClientId,
    redirect_uri: oauthRedirectUri(),
    state: pkce.state,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const { code, state } = await fetchPublicData<AuthorizeResponse['data']>('/v2/authorize', {
        method: 'POST',
        body,
      });
      return `/oauth?${new URLSearchParams({ code, state }).toString()}`;
    } catch (error) {
      const busy = error instanceof ApiError && error.code === 'server_sibuk';
      if (!busy || attempt >= busyRetry.tries) throw error;
      const { minDelayMs, maxDelayMs } = busyRetry;
      await wait(minDelayMs + Math.random() * (maxDelayMs - minDelayMs));
    }
  }
}
