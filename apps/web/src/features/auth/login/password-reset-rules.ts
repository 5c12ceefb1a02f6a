import { minPasswordLength } from '@lms/contract/college-settings.rules';

/** Values of the new-password form (the reset link's page). */
export interface NewPasswordValues {
  password_baru: string;
  konfirmasi_password: string;
}

export type NewPasswordErrors = Partial<Record<keyof NewPasswordValues, string>>;

/**
 * The new-password form's messages, by the rules the server applies to a changed password
 * (`newPasswordSchema`), without loading zod on the sign-in entry.
 */
export function validateNewPassword(values: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (values.password_baru.length < minPasswordLength) {
    errors.password_baru = `Password baru minimal ${minPasswordLength} karakter.`;
  } else if (values.password_baru.length > 200) {
    errors.password_baru = 'Password baru terlalu panjang.';
  }
  if (values.konfirmasi_password !== values.password_baru) {
    errors.konfirmasi_password = 'Konfirmasi password tidak sama.';
  }
  return errors;
}

/** The reset link's token, from the page's address. */
export function readResetToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && token.length >= 32 ? token : null;
}
