import { describe, expect, it } from 'vitest';
import { errorMessages } from '@lms/contract/error-messages';
import { ApiError, apiErrorFromAnswer } from '../../../lib/api-error.ts';
import { signInErrorMessage, validateLogin, validateLoginField } from './login-form-rules.ts';

describe('sign-in form rules', () => {
  it('asks for both fields in Indonesian', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'Username wajib diisi',
      password: 'Password wajib diisi',
    });
    expect(validateLogin({ username: 'mahasiswa', password: 'demo12345' })).toEqual({});
  });

  it('takes a username of spaces as empty, but a password of spaces as given', () => {
    expect(validateLoginField('username', '   ')).toBe('Username wajib diisi');
    expect(validateLoginField('password', '   ')).toBeUndefined();
  });

  it("shows the server's message, capitalised by word, and a general one for anything else", () => {
    const wrong = apiErrorFromAnswer(401, {
      status: { code: 'invalid_credentials', message: errorMessages.invalid_credentials },
      detail: null,
    });
    expect(signInErrorMessage(wrong)).toBe('Username Atau Password Salah.');
    const limited = apiErrorFromAnswer(429, {
      status: { code: 'rate_limited', message: errorMessages.rate_limited },
    });
    expect(limited.code).toBe('rate_limited');
    expect(signInErrorMessage(limited)).toBe(
      'Terlalu Banyak Percobaan. Silakan Coba Lagi Dalam Beberapa Saat.',
    );
    expect(signInErrorMessage(new ApiError('Network Error', undefined, 'Network Error', undefined))).toBe(
      'Network Error',
    );
    expect(signInErrorMessage(new Error('crypto failed'))).toBe('Terjadi Kesalahan');
  });
});
