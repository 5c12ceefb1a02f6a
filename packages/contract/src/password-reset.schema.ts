import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { newPasswordSchema } from './account.schema.ts';

/** How long a reset link works, minutes (the email says so). */
export const passwordResetLinkMinutes = 30;

/** The web page a reset link opens; the token rides in its query. */
export const passwordResetPagePath = '/reset-kata-sandi';

/** POST /v2/lupa_kata_sandi: the account by username, NIM or email. */
export const passwordResetRequestSchema = z.object({
  identitas: z
    .string()
    .trim()
    .min(1, 'Username, NIM atau email wajib diisi.')
    .max(200, 'Username, NIM atau email terlalu panjang.'),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** The one answer of a reset request, whether or not the account exists. */
export const passwordResetRequestedMessage =
  'Jika akun tersebut terdaftar dan memiliki email, tautan untuk mengatur ulang kata sandi telah dikirim ke emailnya. ' +
  `Tautan berlaku ${passwordResetLinkMinutes} menit dan hanya dapat dipakai sekali.`;

export const passwordResetRequestResponseSchema = dataOf(z.object({ pesan: z.string() }));

/** POST /v2/lupa_kata_sandi/reset: the link's token and the new password, by the same rules as a change. */
export const passwordResetSchema = z
  .object({
    token: z.string().min(32).max(200),
    password_baru: newPasswordSchema,
    konfirmasi_password: z.string().max(200),
  })
  .refine((v) => v.password_baru === v.konfirmasi_password, {
    message: 'Konfirmasi password tidak sama.',
    path: ['konfirmasi_password'],
  });
export type PasswordReset = z.infer<typeof passwordResetSchema>;
