import { apiClient } from '../api-client.ts';
import { clearOperatorTokens, peekOperatorTokens } from './operator-session.ts';
import { revokeRefreshToken } from './token-api.ts';
import { readTokens, writeTokens } from './token-store.ts';

/**
 * Logout (spec 1 §4): the activity-log call (its failure only logged), then the refresh token is
 * revoked and the tokens cleared. The caller navigates to /login, then clears the query cache.
 */
export async function signOut(): Promise<void> {
  const tokens = readTokens();
  if (tokens) {
    try {
      await apiClient.post('/v2/lms/log_aktivitas/logout', undefined, { keepSessionOn401: true });
    } catch (error) {
      console.warn('Logout log failed', error);
    }
    await revokeRefreshToken(tokens.refreshToken);
  }
  // An operator who logs out while acting ends both sessions.
  const operator = peekOperatorTokens();
  if (operator) {
    clearOperatorTokens();
    await revokeRefreshToken(operator.refreshToken);
  }
  writeTokens(null, 'logout');
}
