import { describe, expect, it } from 'vitest';
import { passwordResetSchema } from '@lms/contract/password-reset.schema';
import { readResetToken, validateNewPassword } from './password-reset-rules.ts';

describe('validateNewPassword', () => {
  it('asks for the minimum length and a matching confirmation', () => {
    expect(validateNewPassword({ password_baru: 'pendek', konfirmasi_password: 'pendek' })).toEqual({
      password_baru: 'Password baru minimal 8 karakter.',
    });
    expect(validateNewPassword({ password_baru: 'cukup-panjang', konfirmasi_password: 'lain' })).toEqual({
      konfirmasi_password: 'Konfirmasi password tidak sama.',
    });
  });

  it('agrees with the server’s schema on what passes', () => {
    for (const [baru, konfirmasi] of [
      ['cukup-panjang', 'cukup-panjang'],
      ['1234567', '1234567'],
      ['x'.repeat(201), 'x'.repeat(201)],
      ['cukup-panjang', 'beda'],
    ] as const) {
      const values = { password_baru: baru, konfirmasi_password: konfirmasi };
      const server = passwordResetSchema.safeParse({ token: 't'.repeat(43), ...values }).success;
      expect(Object.keys(validateNewPassword(values)).length === 0, baru).toBe(server);
    }
  });
});

describe('readResetToken', () => {
  it('reads the token of the link, and nothing from a cut-off one', () => {
    expect(readResetToken(`?token=${'a'.repeat(43)}`)).toBe('a'.repeat(43));
    expect(readResetToken('?token=abc')).toBeNull();
    expect(readResetToken('')).toBeNull();
  });
});
