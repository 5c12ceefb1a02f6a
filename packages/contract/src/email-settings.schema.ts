import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';

/** How the SMTP connection is protected: TLS from the start (465), STARTTLS (587), or none. */
export const smtpSecurityValues = ['tls', 'starttls', 'tanpa'] as const;
export const smtpSecuritySchema = z.enum(smtpSecurityValues);
export type SmtpSecurity = z.infer<typeof smtpSecuritySchema>;

export const smtpSecurityLabels: Record<SmtpSecurity, string> = {
  tls: 'TLS (port 465)',
  starttls: 'STARTTLS (port 587)',
  tanpa: 'Tanpa enkripsi',
};

const hostPattern = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$|^\[?[0-9a-f:.]+\]?$/i;

/** The college's own SMTP server; without a host the installation's (SMTP_* variables) is used. */
const emailSettingsFields = {
  host: z
    .string()
    .trim()
    .max(253, 'Host SMTP terlalu panjang.')
    .refine((v) => v === '' || hostPattern.test(v), 'Host SMTP tidak valid.')
    .transform((v) => v || null)
    .nullable(),
  port: z.coerce
    .number()
    .int('Port harus bilangan bulat.')
    .min(1, 'Port 1–65535.')
    .max(65535, 'Port 1–65535.'),
  keamanan: smtpSecuritySchema,
  username: z
    .string()
    .trim()
    .max(200, 'Username SMTP terlalu panjang.')
    .transform((v) => v || null)
    .nullable(),
  pengirim_email: z
    .string()
    .trim()
    .max(254, 'Email pengirim terlalu panjang.')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Email pengirim tidak valid.')
    .transform((v) => v || null)
    .nullable(),
  pengirim_nama: z.string().trim().max(100, 'Nama pengirim terlalu panjang.'),
};

/** PUT /v2/lms/pengaturan/email. The password is write-only: left out (or empty) it stays as stored. */
export const emailSettingsInputSchema = z
  .object({
    ...emailSettingsFields,
    password: z.string().max(500, 'Password SMTP terlalu panjang.').optional(),
    hapus_password: z.boolean().optional(),
  })
  .refine((v) => !v.host || v.pengirim_email, {
    message: 'Email pengirim wajib diisi.',
    path: ['pengirim_email'],
  });
export type EmailSettingsInput = z.infer<typeof emailSettingsInputSchema>;

/** GET/PUT answer: the settings, whether a password is stored (never the password), the fallback. */
export const emailSettingsSchema = z.object({
  host: z.string().nullable(),
  port: z.number().int(),
  keamanan: smtpSecuritySchema,
  username: z.string().nullable(),
  pengirim_email: z.string().nullable(),
  pengirim_nama: z.string(),
  password_tersimpan: z.boolean(),
  /** Whether the installation has its own SMTP server, used while the college sets no host. */
  smtp_server_tersedia: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;
export const emailSettingsResponseSchema = dataOf(emailSettingsSchema);
