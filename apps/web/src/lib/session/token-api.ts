import type { AccessTokenRequest, TokenResponse } from '@lms/contract/auth.schema';
import { webClientId } from '@lms/contract/auth.rules';
import { normalizeApiError } from '../api-error.ts';
import { sendSuccessfulRequest } from '../http-request.ts';
import { oauthRedirectUri } from './oauth-redirect-uri.ts';

/**
 * A token endpoint called bare, not through the app's client: a refresh must never wait for a refresh,
 * and a failed refresh must not trigger the 401 logout of ordinary calls.
 */
function postToTokenEndpoint<T>(url: string, body: unknown): Promise<T> {
  return sendSuccessfulRequest<T>({ method: 'POST', url, body });
}

/** POST /v2/access_token: exchanges a code or a refresh token. */
export function requestToken(body: AccessTokenRequest): Promise<TokenResponse> {
  return postToTokenEndpoint<TokenResponse>('/v2/access_token', body);
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
    await postToTokenEndpoint('/v2/revoke', { token: refreshToken, client_id: webClientId });
  } catch (error) {
    console.warn('Revoke failed', normalizeApiError(error).message);
  }
}
