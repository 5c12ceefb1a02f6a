import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of a signed LMS → SIAKAD request (docs/api/grades-and-siakad.md, "Proving it is the LMS"). */
export const siakadSignatureHeaders = {
  timestamp: 'x-lms-timestamp',
  signature: 'x-lms-signature',
} as const;

/** How far a request's time may be from the receiver's clock before it is refused as a replay. */
export const siakadSignatureMaxSkewSeconds = 300;

/** A per-college SIAKAD key's bounds (write-only in the settings API). */
export const siakadSecretMinLength = 32;
export const siakadSecretMaxLength = 200;

function canonical(method: string, pathAndQuery: string, timestamp: string, body: string): string {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return `${method.toUpperCase()}\n${pathAndQuery}\n${timestamp}\n${bodyHash}`;
}

/**
 * `sha256=` + hex HMAC-SHA256 with the college's key over method, path with query, the Unix time in
 * seconds and the SHA-256 of the body (empty for GET), one per line.
 */
export function signSiakadRequest(
  secret: string,
  request: { method: string; pathAndQuery: string; body: string; now?: Date },
): Record<string, string> {
  const timestamp = String(Math.floor((request.now ?? new Date()).getTime() / 1000));
  const mac = createHmac('sha256', secret)
    .update(canonical(request.method, request.pathAndQuery, timestamp, request.body))
    .digest('hex');
  return {
    [siakadSignatureHeaders.timestamp]: timestamp,
    [siakadSignatureHeaders.signature]: `sha256=${mac}`,
  };
}

/** Whether a received request carries a valid, fresh signature with this key (the receiving SIAKAD's check). */
export function siakadSignatureValid(
  secret: string,
  request: {
    method: string;
    pathAndQuery: string;
    body: string;
    timestamp: string | undefined;
    signature: string | undefined;
    now?: Date;
  },
): boolean {
  const { timestamp, signature } = request;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  const now = Math.floor((request.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > siakadSignatureMaxSkewSeconds) return false;
  const expected = signSiakadRequest(secret, {
    ...request,
    now: new Date(Number(timestamp) * 1000),
  })[siakadSignatureHeaders.signature]!;
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  return a.length === b.length && timingSafeEqual(a, b);
}
