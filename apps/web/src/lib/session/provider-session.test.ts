import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../local-store.ts';
import { rememberProviderSession, takeProviderSignOutUrl } from './provider-session.ts';

describe('provider session', () => {
  afterEach(() => localStorage.clear());

  it('sends a session begun at the campus provider to its sign-out once', () => {
    localStorage.setItem(storageKeys.collegeId, 'kampus-1');
    rememberProviderSession(true);
    expect(takeProviderSignOutUrl()).toBe('/v2/oidc/keluar?college-id=kampus-1');
    expect(takeProviderSignOutUrl()).toBeNull();
  });

  it('forgets it when the next sign-in is with a password', () => {
    rememberProviderSession(true);
    rememberProviderSession(false);
    expect(takeProviderSignOutUrl()).toBeNull();
  });
});
