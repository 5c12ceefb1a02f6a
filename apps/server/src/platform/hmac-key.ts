import type { webcrypto } from 'node:crypto';

/**
 * An HS256 key for jose, imported once. Given raw bytes, jose imports them into WebCrypto again at every
 * sign and verify: one more asynchronous crypto job each, which at an exam's start (every student's
 * token verified once per instance) was a third of a verify's CPU (87 against 57 µs on a quiet core).
 */
export function importHmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  return crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}
