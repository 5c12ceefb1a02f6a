import { errorMessages, type ErrorCode } from '@lms/contract/error-messages';

/** An error with an HTTP status and a stable code; its message is shown to users. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | (string & {}),
    message?: string,
    readonly detail?: unknown,
  ) {
    super(message ?? errorMessages[code as ErrorCode] ?? code);
  }
}

export const notFound = (message?: string) => new AppError(404, 'not_found', message);
export const forbidden = (message?: string) => new AppError(403, 'forbidden', message);
export const unauthorized = (code: ErrorCode = 'unauthorized') => new AppError(401, code);
export const badRequest = (code: ErrorCode | (string & {}), message?: string, detail?: unknown) =>
  new AppError(400, code, message, detail);
