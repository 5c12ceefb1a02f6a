import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TokenResponse } from '@lms/contract/auth.schema';
import { computeCodeChallenge } from './auth.pkce.ts';

/** Redirect URI the tests (and the web app) use. */
export const testRedirectUri = 'http://localhost:3000/oauth';

/** A fresh PKCE verifier and its S256 challenge. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: computeCodeChallenge(verifier) };
}

/** For tests of any module: signs in through the whole PKCE flow and answers the tokens. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  options: { password?: string; collegeId?: string } = {},
): Promise<TokenResponse> {
  const headers = { 'college-id': options.collegeId ?? 'demo' };
  const pkce = createPkcePair();
  const authorize = await app.inject({
    method: 'POST',
    url: '/v2/authorize',
    headers,
    payload: {
      username,
      password: options.password ?? 'demo12345',
      client_id: 'web',
      redirect_uri: testRedirectUri,
      state: 'state-1',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    },
  });
  if (authorize.statusCode !== 200) throw new Error(`sign-in failed: ${authorize.body}`);
  const token = await app.inject({
    method: 'POST',
    url: '/v2/access_token',
    headers,
    payload: {
      grant_type: 'authorization_code',
      code: authorize.json().data.code,
      code_verifier: pkce.verifier,
      client_id: 'web',
      redirect_uri: testRedirectUri,
    },
  });
  if (token.statusCode !== 200) throw new Error(`code exchange failed: ${token.body}`);
  return token.json();
}

/** Headers of an authenticated call. */
export function bearerHeaders(accessToken: string, collegeId = 'demo'): Record<string, string> {
  return { authorization: `Bearer ${accessToken}`, 'college-id': collegeId };
}
