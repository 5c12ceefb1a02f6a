/** Types of failures that never reached a usable answer (spec 1 §8). */
import type { FieldError } from '@lms/contract/error-details.rules';
export type ApiErrorType = 'Network Error' | 'Gateway Timeout';

/** A failed API call, normalised as spec 1 §8 says. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | undefined,
    readonly type: ApiErrorType | undefined,
    /** The server's `status.code`, when it answered with the error envelope. */
    readonly code: string | undefined,
    /** The envelope's `detail`: what the code's answer says beyond the message. */
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const fallbackMessage = 'Terjadi kesalahan';

/** Lowercases a message, then capitalises the first letter of every word (spec 1 §8). */
export function capitalizeWords(text: string): string {
  return text.toLowerCase().replace(/(^|\s)(\S)/gu, (_match, space: string, letter: string) => {
    return space + letter.toUpperCase();
  });
}

function asText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The message an error answer carries: status.message, detail.detail or detail. */
function messageFromBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { status, detail } = body as { status?: unknown; detail?: unknown };
  const statusMessage =
    status && typeof status === 'object' ? asText((status as { message?: unknown }).message) : undefined;
  const nestedDetail =
    detail && typeof detail === 'object' ? asText((detail as { detail?: unknown }).detail) : undefined;
  return statusMessage ?? nestedDetail ?? asText(detail);
}

/**
 * The ApiError of an error answer: the envelope's message capitalised by word (else the status), its code
 * and detail; a 504 is typed 'Gateway Timeout'.
 */
export function apiErrorFromAnswer(statusCode: number, body: unknown): ApiError {
  const code =
    body && typeof body === 'object'
      ? asText((body as { status?: { code?: unknown } }).status?.code)
      : undefined;
  const message = messageFromBody(body) ?? `Request failed with status code ${statusCode}`;
  const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  return new ApiError(
    capitalizeWords(message),
    statusCode,
    statusCode === 504 ? 'Gateway Timeout' : undefined,
    code,
    detail,
  );
}

/** Turns anything a request can throw into an ApiError. */
export function normalizeApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? asText(error.message) : undefined;
  return new ApiError(capitalizeWords(message ?? fallbackMessage), undefined, undefined, undefined);
}

/** The server's field errors (`body.nama` or `nama`) of a failed request that belong to one of `names`. */
export function fieldErrorsOf<T extends string>(
  error: unknown,
  names: Iterable<T>,
): { field: T; message: string }[] {
  const known = new Set<string>(names);
  const fields = (normalizeApiError(error).detail as { fields?: FieldError[] } | null)?.fields ?? [];
  return fields
    .map((f) => ({ ...f, field: f.field.replace(/^body\./, '') as T }))
    .filter((f) => known.has(f.field));
}
