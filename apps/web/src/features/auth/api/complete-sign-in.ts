import { safeTarget } from '../../../lib/safe-target.ts';
import { exchangeCode } from '../../../lib/session/token-api.ts';
import { switchUserData } from '../../../lib/session/switch-user-data.ts';
import { tokensFromResponse, writeTokens } from '../../../lib/session/token-store.ts';
import { takePendingSignIn } from './sign-in.ts';

/** Raised when the state in the address is not the one this tab sent (a forged or stale callback). */
export class StateMismatchError extends Error {
  constructor() {
    super('Permintaan masuk tidak valid atau sudah kedaluwarsa. Silakan masuk kembali.');
  }
}

/**
 * /oauth: checks the state, exchanges the code (with this tab's PKCE verifier), loads the user and
 * answers where to go: the saved target, the `redirect` of a forwarded code, or /beranda.
 */
export async function completeSignIn(url: URL): Promise<string> {
  const code = url.searchParams.get('code') ?? '';
  const state = url.searchParams.get('state');
  const pending = takePendingSignIn();
  // A code forwarded by the oauth-code middleware carries no state; our own sign-in always does.
  if (state !== null && pending?.state !== state) throw new StateMismatchError();
  const response = await exchangeCode(code, state !== null ? pending?.verifier : undefined);
  writeTokens(tokensFromResponse(response), 'sign-in');
  await switchUserData();
  return safeTarget(pending?.target ?? url.searchParams.get('redirect'));
}
