import axios from 'axios';
import type { AccessTokenRequest, TokenResponse } from '@lms/contract/auth.schema';
import { webClientId } from '@lms/contract/auth.rules';
import { normalizeApiError } from '../api-error.ts';
import { getCollegeId } from '../college.ts';
import { oauthRedirectUri } from './oauth-redirect-uri.ts';

/**
 * A bare client for the token endpoints. It has no interceptors: a refresh must never wait for a
 * refresh, and a failed refresh must not trigger the 401 logout of ordinary calls.
 */
const tokenHttp = axios.create({ timeout: 60_000 });
tokenHttp.interceptors.request.use((config) => {
  const collegeId = getCollegeId();
  if (collegeId) config.headers.set('college-id', collegeId);
  return config;
});

/** POST /v2/access_token: exchanges a code or a refresh token. */
export async function requestToken(body: AccessTokenRequest): Promise<TokenResponse> {
  try {
    const response = await tokenHttp.post<TokenResponse>('/v2/access_token', body);
    return response.data;
  } catch (error) {
    throw normalizeApiError(error);
  }
}

/** Exchanges an authorisation code (with its PKCE verifier) for tokens. */
export function exchangeCode(code: string, codeVerifier: string | undefined): Promise<TokenResponse> {
  return requestToken({
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    client_id: webClientId,
    redirect_uri: oauthRedirectUri(),
  });
}

/** POST /v2/revoke: ends the sign-in a refresh token belongs to. Failures are only logged. */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  try {
    await tokenHttp.post('/v2/revoke', { token: refreshToken, client_id: webClientId });
  } catch (error) {
    console.warn('Revoke failed', normalizeApiError(error).message);
  }
}
