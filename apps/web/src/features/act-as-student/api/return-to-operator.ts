import { useMutation } from '@tanstack/react-query';
import { webClientId } from '@lms/contract/auth.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { clearOperatorTokens, peekOperatorTokens } from '../../../lib/session/operator-session.ts';
import { switchUserData } from '../../../lib/session/switch-user-data.ts';
import { requestToken, revokeRefreshToken } from '../../../lib/session/token-api.ts';
import { readTokens, tokensFromResponse, writeTokens } from '../../../lib/session/token-store.ts';

/**
 * Back to the operator: logs kembali_ke_akun_operator, revokes the acting session, and restores the
 * operator's tokens (refreshed, as the access token may have ended meanwhile). Answers false when the
 * operator's tokens are not in this tab or are no longer valid: then the user must sign in again.
 */
export async function returnToOperator(): Promise<boolean> {
  try {
    await apiClient.post('/v2/lms/log_aktivitas/kembali_ke_akun_operator', undefined, {
      keepSessionOn401: true,
    });
  } catch (error) {
    console.warn('Log kembali_ke_akun_operator failed', error);
  }
  const acting = readTokens();
  if (acting) await revokeRefreshToken(acting.refreshToken);
  const operator = peekOperatorTokens();
  clearOperatorTokens();
  if (!operator) {
    writeTokens(null, 'logout');
    return false;
  }
  try {
    const refreshed = await requestToken({
      grant_type: 'refresh_token',
      refresh_token: operator.refreshToken,
      client_id: webClientId,
    });
    writeTokens(tokensFromResponse(refreshed), 'switch');
  } catch {
    writeTokens(null, 'logout');
    return false;
  }
  await switchUserData();
  return true;
}

/** The mutation of the acting banner's button. */
export function useReturnToOperator() {
  return useMutation({ mutationFn: returnToOperator });
}
