import type { TokenResponse } from '@lms/contract/auth.schema';
import { accessTokenTtlSeconds } from '../../platform/access-token.ts';

/** The token endpoint's answer (not wrapped in data, as OAuth 2 clients expect). */
export function presentTokens(tokens: { accessToken: string; refreshToken: string }): TokenResponse {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer',
    expires_in: accessTokenTtlSeconds,
  };
}
