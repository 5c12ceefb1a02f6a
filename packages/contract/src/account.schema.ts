import { z } from 'zod';
import { isValidPhone } from './account.rules.ts';
import { dataOf } from './api-envelope.schema.ts';
import { minPasswordLength } from './college-settings.rules.ts';
import { roleSchema } from './role.schema.ts';

/** GET /v2/lms/profil: the signed-in user's own data (Data Diri); null where there is none. */
export const profileSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  nama: z.string(),
  role: roleSchema,
  status: z.string(),
  foto_url: z.string().nullable(),
  email: z.string().nullable(),
  telepon: z.string().nullable(),
  /** Students. */
  nim: z.string().nullable(),
  angkatan: z.number().int().nullable(),
  /** Lecturers. */
  nidn: z.string().nullable(),
  gelar_depan: z.string().nullable(),
  gelar_akademik: z.string().nullable(),
  jabatan: z.string().nullable(),
  prodi: z.object({ nama: z.string(), jenjang: z.string() }).nullable(),
  terdaftar_sejak: z.iso.datetime({ offset: true }),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = dataOf(profileSchema);

/** GET /v2/lms/pengaturan/me: what the user can change on /pengaturan, and its limits. */
export const ownSettingsSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
  telepon: z.string().nullable(),
  foto_url: z.string().nullable(),
  /** The college's profile photo limit, MB (1,000,000 bytes). */
  ukuran_max_foto_mb: z.number(),
  ekstensi_foto: z.array(z.string()),
  /** Whether this session is an operator acting for the user (then the password cannot change). */
  sedang_login_akun_lain: z.boolean(),
});
export type OwnSettings = z.infer<typeof ownSettingsSchema>;
export const ownSettingsResponseSchema = dataOf(ownSettingsSchema);

/** PUT /v2/lms/pengaturan/me: contact details; empty clears. */
export const ownSettingsUpdateSchema = z.object({
  email: z
    .union([z.email('Format email tidak valid.'), z.literal('')])
    .nullable()
    .transform((v) => v || null),
  telepon: z
    .string()
    .trim()
    .max(20, 'Nomor telepon terlalu panjang.')
    .nullable()
    .refine((v) => !v || isValidPhone(v), 'Nomor telepon harus diawali 0 dan minimal 10 karakter.')
    .transform((v) => v || null),
});
export type OwnSettingsUpdate = z.infer<typeof ownSettingsUpdateSchema>;

/** A new password, whether changed (with the old one) or set from a reset link. */
export const newPasswordSchema = z
  .string()
  .min(minPasswordLength, `Password baru minimal ${minPasswordLength} karakter.`)
  .max(200, 'Password baru terlalu panjang.');

/** PUT /v2/lms/pengaturan/password. */
export const passwordChangeSchema = z
  .object({
    password_lama: z.string().min(1, 'Password lama wajib diisi.').max(200),
    password_baru: newPasswordSchema,
    konfirmasi_password: z.string().max(200),
  })
  .refine((v) => v.password_baru === v.konfirmasi_password, {
    message: 'Konfirmasi password tidak sama.',
    path: ['konfirmasi_password'],
  })
  .refine((v) => v.password_baru !== v.password_lama, {
    message: 'Password baru harus berbeda dari password lama.',
    path: ['password_baru'],
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** PUT /v2/lms/pengaturan/foto answers the new photo's address. */
export const photoResponseSchema = dataOf(z.object({ foto_url: z.string().nullable() }));
