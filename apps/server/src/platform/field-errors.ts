import type { ErrorDetails, FieldError, FieldErrorsDetail } from '@lms/contract/error-details.rules';
import { badRequest } from './app-error.ts';

/** The error codes that answer with a form's field errors (`detail.fields`). */
export type FieldErrorsCode = {
  [C in keyof ErrorDetails]: ErrorDetails[C] extends FieldErrorsDetail ? C : never;
}[keyof ErrorDetails];

/**
 * Throws a form's rule errors as the spec answers them: a missing field first (`pengisian_belum_lengkap`,
 * the toast), else the kind's invalid code with the first message; the detail lists every field. Returns
 * when there is none.
 */
export function throwFieldErrors(
  errors: { missing?: readonly FieldError[]; invalid?: readonly FieldError[] },
  invalidCode: FieldErrorsCode,
  incompleteMessage?: string,
): void {
  const { missing = [], invalid = [] } = errors;
  const fields = [...missing, ...invalid];
  if (missing.length) throw badRequest('pengisian_belum_lengkap', incompleteMessage, { fields });
  if (invalid.length) throw badRequest(invalidCode, invalid[0]!.message, { fields });
}
