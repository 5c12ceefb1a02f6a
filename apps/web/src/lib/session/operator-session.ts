import { readJson, storageKeys, writeJson } from '../local-store.ts';
import type { StoredTokens } from './token-store.ts';

/**
 * While an operator acts for a student, the operator's own tokens wait in this tab's sessionStorage:
 * they are not in local storage, so other tabs (and the student's session) never send them.
 */
export function stashOperatorTokens(tokens: StoredTokens): void {
  writeJson(sessionStorage, storageKeys.operatorSession, tokens);
}

/** The operator's waiting tokens, if this tab has them. */
export function peekOperatorTokens(): StoredTokens | null {
  return readJson<StoredTokens>(sessionStorage, storageKeys.operatorSession);
}

/** Removes the operator's waiting tokens. */
export function clearOperatorTokens(): void {
  sessionStorage.removeItem(storageKeys.operatorSession);
}
