import { ApiError } from '../../../lib/api-error.ts';

/** Values of the sign-in form. */
export interface LoginValues {
  username: string;
  password: string;
}

/** A field of the sign-in form. */
export type LoginField = keyof LoginValues;

/** The message under each field that is not valid. */
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The message of one field, or undefined when valid: a username of spaces only is empty. */
export function validateLoginField(field: LoginField, value: string): string | undefined {
  if (field === 'username') return value.trim() === '' ? 'Username wajib diisi' : undefined;
  return value === '' ? 'Password wajib diisi' : undefined;
}

/** The messages of every field that is not valid (none when the form may be sent). */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of ['username', 'password'] as const) {
    const message = validateLoginField(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** What the form says when sign-in failed: the server's message (spec 1 §8), else a general one. */
export function signInErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Terjadi Kesalahan';
}
