import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { oidcMatchValues } from './oidc.rules.ts';

export const oidcMatchSchema = z.enum(oidcMatchValues);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((v) => v || null)
    .nullable();

/**
 * PUT /v2/lms/pengaturan/sso. Without an issuer the campus sign-in is off. The client secret is
 * write-only: left out (or empty) it stays as stored.
 */
export const oidcSettingsInputSchema = z
  .object({
    issuer: z
      .string()
      .trim()
      .max(500, 'URL penerbit terlalu panjang.')
      .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'URL penerbit harus diawali https://.')
      .transform((v) => v || null)
      .nullable(),
    client_id: optionalText(200, 'Client ID terlalu panjang.'),
    client_secret: z.string().max(500, 'Client secret terlalu panjang.').optional(),
    hapus_client_secret: z.boolean().optional(),
    cocokkan_dengan: oidcMatchSchema,
    nama_klaim: z
      .string()
      .trim()
      .max(100, 'Nama klaim terlalu panjang.')
      .regex(/^[A-Za-z0-9_.:-]*$/, 'Nama klaim hanya boleh huruf, angka, titik, garis bawah atau strip.'),
    buat_akun_baru: z.boolean(),
    prodi_akun_baru: optionalText(100, 'Program studi tidak valid.').optional(),
  })
  .refine((v) => !v.issuer || v.client_id, { message: 'Client ID wajib diisi.', path: ['client_id'] })
  .refine((v) => v.cocokkan_dengan !== 'nim_nidn' || v.nama_klaim, {
    message: 'Nama klaim wajib diisi.',
    path: ['nama_klaim'],
  })
  .refine((v) => !v.buat_akun_baru || v.prodi_akun_baru, {
    message: 'Pilih program studi untuk akun baru.',
    path: ['prodi_akun_baru'],
  });
export type OidcSettingsInput = z.infer<typeof oidcSettingsInputSchema>;

/** GET/PUT answer: the settings, whether a secret is stored (never the secret), the callback address. */
export const oidcSettingsSchema = z.object({
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  client_secret_tersimpan: z.boolean(),
  cocokkan_dengan: oidcMatchSchema,
  nama_klaim: z.string(),
  buat_akun_baru: z.boolean(),
  prodi_akun_baru: z.string().nullable(),
  /** The redirect URI to register at the provider. */
  redirect_uri: z.string(),
});
export type OidcSettings = z.infer<typeof oidcSettingsSchema>;
export const oidcSettingsResponseSchema = dataOf(oidcSettingsSchema);

/** GET /v2/oidc/keluar: where the browser goes after the LMS session ended. */
export const oidcEndQuerySchema = z.object({ 'college-id': z.string().max(100).optional() });

/** GET /v2/metode_masuk: which sign-in methods the sign-in page offers. */
export const signInMethodsSchema = z.object({ sso: z.boolean() });
export const signInMethodsResponseSchema = dataOf(signInMethodsSchema);

/** GET /v2/oidc/masuk: the web app's own PKCE sign-in, continued at the campus provider. */
export const oidcStartQuerySchema = z.object({
  'college-id': z.string().max(100).optional(),
  redirect_uri: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
});

/** GET /v2/oidc/callback: the provider's answer (code and state, or an error). */
export const oidcCallbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
  session_state: z.string().max(500).optional(),
});
