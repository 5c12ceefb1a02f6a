import { describe, expect, it } from 'vitest';
import { base64Url, challengeFromVerifier, createPkce, sha256 } from './pkce.ts';

// The vector as RFC 7636 appendix B prints it.
const rfcVerifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const rfcChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE S256 (RFC 7636 appendix B)', () => {
  it('derives the known challenge with Web Crypto', async () => {
    expect(await challengeFromVerifier(rfcVerifier)).toBe(rfcChallenge);
  });

  it('derives the same challenge with the plain-JavaScript SHA-256 (insecure contexts)', () => {
    expect(base64Url(sha256(new TextEncoder().encode(rfcVerifier)))).toBe(rfcChallenge);
  });

  it('hashes empty and multi-block inputs like Web Crypto', async () => {
    for (const text of ['', 'a'.repeat(55), 'b'.repeat(56), 'c'.repeat(200)]) {
      const bytes = new TextEncoder().encode(text);
      const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
      expect(sha256(bytes)).toEqual(expected);
    }
  });

  it('creates a verifier of allowed length with a URL-safe state', async () => {
    const pkce = await createPkce();
    expect(pkce.verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(pkce.state).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(pkce.challenge).toBe(await challengeFromVerifier(pkce.verifier));
  });
});
