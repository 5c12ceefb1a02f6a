import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { logoVariants } from './college-profile.rules.ts';

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} wajib diisi.`).max(max, `${label} maksimal ${max} karakter.`);

/** PUT /v2/lms/perguruan_tinggi: the college's name, title, address and contact. */
export const collegeProfileUpdateSchema = z.object({
  nama: required('Nama perguruan tinggi', 150),
  judul: required('Judul aplikasi', 150),
  alamat: z.string().trim().max(500, 'Alamat maksimal 500 karakter.').default(''),
  email: z
    .string()
    .trim()
    .max(254, 'Email maksimal 254 karakter.')
    .pipe(z.union([z.literal(''), z.email('Alamat email tidak valid.')]))
    .default(''),
  telepon: z
    .string()
    .trim()
    .max(30, 'Telepon maksimal 30 karakter.')
    .regex(/^[0-9 ()+/-]*$/, 'Telepon hanya boleh berisi angka, spasi, dan tanda ( ) + - /.')
    .default(''),
});
export type CollegeProfileUpdate = z.input<typeof collegeProfileUpdateSchema>;

/** GET /v2/lms/perguruan_tinggi: the profile and the logo's versioned address. */
export const collegeProfileSchema = z.object({
  nama: z.string(),
  judul: z.string(),
  alamat: z.string(),
  email: z.string(),
  telepon: z.string(),
  /** The logo's address with its content hash: a new logo has a new address. */
  logo_url: z.string(),
  /** Whether an uploaded logo exists (else the logo is drawn from the initials). */
  ada_logo: z.boolean(),
});
export type CollegeProfile = z.infer<typeof collegeProfileSchema>;
export const collegeProfileResponseSchema = dataOf(collegeProfileSchema);

/** GET /v1/logo_perguruan_tinggi's query. */
export const collegeLogoQuerySchema = z.object({
  'college-id': z.string().max(64).optional(),
  /** The content hash of the logo asked for; a matching one is served as immutable. */
  v: z.string().max(64).optional(),
  ukuran: z.enum(logoVariants).default('asli'),
});
