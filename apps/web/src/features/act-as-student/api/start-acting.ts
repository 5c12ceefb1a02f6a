import { useMutation } from '@tanstack/react-query';
import type { ActAsStudentRequest, AuthorizeResponse } from '@lms/contract/auth.schema';
import { webClientId } from '@lms/contract/auth.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { createPkce } from '../../../lib/pkce.ts';
import { stashOperatorTokens } from '../../../lib/session/operator-session.ts';
import { switchUserData } from '../../../lib/session/switch-user-data.ts';
import { oauthRedirectUri } from '../../../lib/session/oauth-redirect-uri.ts';
import { exchangeCode } from '../../../lib/session/token-api.ts';
import { readTokens, tokensFromResponse, writeTokens } from '../../../lib/session/token-store.ts';

/**
 * Login Akun Lain: a code for the student (PKCE, as at sign-in), exchanged for the acting session;
 * the operator's own tokens wait in this tab's sessionStorage until the way back.
 */
export async function startActing(username: string): Promise<void> {
  const pkce = await createPkce();
  const body: ActAsStudentRequest = {
    username,
    client_id: webClientId,
    redirect_uri: oauthRedirectUri(),
    state: pkce.state,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  };
  const response = await apiClient.post<AuthorizeResponse>('/v2/authorize/akun_lain', body);
  if (response.data.data.state !== pkce.state) {
    throw new ApiError('Permintaan Tidak Valid', undefined, undefined, 'state_mismatch');
  }
  const acting = await exchangeCode(response.data.data.code, pkce.verifier);
  // Read now, not before the call: the request may have refreshed the operator's tokens.
  const operator = readTokens();
  if (operator) stashOperatorTokens(operator);
  writeTokens(tokensFromResponse(acting), 'switch');
  await switchUserData();
}

/** The mutation of the Login Akun Lain dialog. */
export function useStartActing() {
  return useMutation({ mutationFn: startActing });
}
