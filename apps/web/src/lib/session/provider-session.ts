import { getCollegeId } from '../college.ts';
import { storageKeys } from '../local-store.ts';

/** Remembers whether the next session comes from the campus provider (SSO) or a password. */
export function rememberProviderSession(fromProvider: boolean): void {
  if (fromProvider) localStorage.setItem(storageKeys.providerSession, '1');
  else localStorage.removeItem(storageKeys.providerSession);
}

/**
 * After signing out of the LMS: the address that signs out at the campus provider too (the server
 * sends the browser on to the provider's end_session_endpoint, then back to /login), or null after a
 * password sign-in. Reading it forgets it.
 */
export function takeProviderSignOutUrl(): string | null {
  if (localStorage.getItem(storageKeys.providerSession) !== '1') return null;
  localStorage.removeItem(storageKeys.providerSession);
  const college = getCollegeId();
  return `/v2/oidc/keluar${college ? `?${new URLSearchParams({ 'college-id': college }).toString()}` : ''}`;
}
