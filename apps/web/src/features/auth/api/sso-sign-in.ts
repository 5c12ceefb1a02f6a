import { getCollegeId } from '../../../lib/college.ts';
import { storageKeys, writeJson } from '../../../lib/local-store.ts';
import { createPkce } from '../../../lib/pkce.ts';
import { oauthRedirectUri } from '../../../lib/session/oauth-redirect-uri.ts';
import { rememberProviderSession } from '../../../lib/session/provider-session.ts';
import { fetchPublicData } from './auth-http.ts';
import type { PendingSignIn } from './sign-in.ts';

/** GET /v2/metode_masuk: whether the college offers "Masuk dengan SSO Kampus". */
export function readSignInMethods(): Promise<{ sso: boolean }> {
  return fetchPublicData<{ sso: boolean }>('/v2/metode_masuk');
}

/**
 * "Masuk dengan SSO Kampus": the same PKCE sign-in as with a password, started at the server, which
 * sends the browser to the campus provider and, once it answers, to /oauth with an LMS code.
 */
export async function startSsoSignIn(target: string | null): Promise<string> {
  const pkce = await createPkce();
  writeJson(sessionStorage, storageKeys.pendingSignIn, {
    verifier: pkce.verifier,
    state: pkce.state,
    target,
  } satisfies PendingSignIn);
  rememberProviderSession(true);
  const college = getCollegeId();
  const query = new URLSearchParams({
    ...(college ? { 'college-id': college } : {}),
    redirect_uri: oauthRedirectUri(),
    state: pkce.state,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  });
  return `/v2/oidc/masuk?${query.toString()}`;
}
