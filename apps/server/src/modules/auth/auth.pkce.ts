import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random opaque secret (authorization code or refresh token): 32 bytes, base64url. */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of an opaque secret, hex; only this is stored, so a database leak yields no usable token. */
export function hashOpaqueToken(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The S256 code challenge of a PKCE verifier (RFC 7636 §4.2). */
export function computeCodeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Whether a PKCE verifier matches the S256 challenge given at authorization. */
export function verifyCodeChallenge(verifier: string, challenge: string): boolean {
  return constantTimeEqual(computeCodeChallenge(verifier), challenge);
}

/** Compares two strings without leaking where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
