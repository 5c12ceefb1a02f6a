import type { ErrorDetailOf } from '@lms/contract/error-details.rules';
import { errorMessages, type ErrorCode } from '@lms/contract/error-messages';

/**
 * An error with an HTTP status and a stable code; its message is shown to users. Its `detail` has the
 * shape the contract gives that code (error-details.rules.ts), so both sides read it the same way.
 */
export class AppError<C extends string = string> extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: C,
    message?: string,
    readonly detail?: ErrorDetailOf<C>,
  ) {
    super(message ?? errorMessages[code as unknown as ErrorCode] ?? code);
  }
}

/** A refusal the client may try again after `retryAfterSeconds` (answered as the Retry-After header). */
export class RetryLaterError<C extends string = string> extends AppError<C> {
  constructor(
    statusCode: 429 | 503,
    code: C,
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    super(statusCode, code, message);
  }
}

export const notFound = (message?: string) => new AppError(404, 'not_found', message);
export const forbidden = (message?: string) => new AppError(403, 'forbidden', message);

/** Throws 403 unless the flag of the caller's access that the action needs is set. */
export function assertAllowed(allowed: boolean): void {
  if (!allowed) throw forbidden();
}
export const unauthorized = (code: ErrorCode = 'unauthorized') => new AppError(401, code);
/** A 400 with the code's message (or the one given) and the code's detail. */
export const badRequest = <C extends ErrorCode | (string & {})>(
  code: C,
  message?: string,
  detail?: ErrorDetailOf<C>,
) => new AppError(400, code, message, detail);
