import { z } from 'zod';
import { isValidPhone, studentStatuses, usernamePattern } from './account.rules.ts';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
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

// User management ("Pengguna", GET/POST/PUT /v2/lms/akun…): operators manage the college's accounts.

/** Trimmed text of at most `max` characters; empty is refused with `required`. */
const requiredText = (max: number, required: string, tooLong: string) =>
  z.string().trim().min(1, required).max(max, tooLong);

/** Optional text: empty or absent is stored as null. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => v || null);

const accountName = requiredText(200, 'Nama wajib diisi.', 'Nama maksimal 200 karakter.');
const accountUsername = z
  .string()
  .trim()
  .min(3, 'Username minimal 3 karakter.')
  .max(64, 'Username maksimal 64 karakter.')
  .regex(
    usernamePattern,
    'Username hanya boleh berisi huruf, angka, titik, garis bawah, @ dan tanda hubung.',
  );
const accountEmail = z
  .union([z.email('Format email tidak valid.').max(200, 'Email maksimal 200 karakter.'), z.literal('')])
  .nullish()
  .transform((v) => v || null);
const accountPhone = z
  .string()
  .trim()
  .max(20, 'Nomor telepon maksimal 20 karakter.')
  .nullish()
  .refine((v) => !v || isValidPhone(v), 'Nomor telepon harus diawali 0 dan minimal 10 karakter.')
  .transform((v) => v || null);
const studentNumber = z
  .string()
  .trim()
  .min(1, 'NIM wajib diisi.')
  .max(30, 'NIM maksimal 30 karakter.')
  .regex(usernamePattern, 'NIM hanya boleh berisi huruf, angka, titik, garis bawah, @ dan tanda hubung.');
const lecturerNumber = requiredText(30, 'NIDN wajib diisi.', 'NIDN maksimal 30 karakter.');
const programId = requiredText(64, 'Program studi wajib dipilih.', 'Program studi tidak valid.');
const intakeYear = z.coerce
  .number({ error: 'Angkatan wajib diisi.' })
  .int('Angkatan harus berupa tahun.')
  .min(1950, 'Angkatan tidak valid.')
  .max(2100, 'Angkatan tidak valid.');
const studentStatus = z.enum(studentStatuses, { error: 'Status mahasiswa tidak valid.' });

/** A new account's password, set by the operator (the same rules as a user's own change). */
const initialPassword = newPasswordSchema;

const lecturerFields = {
  nidn: lecturerNumber,
  gelar_depan: optionalText(50, 'Gelar depan maksimal 50 karakter.'),
  gelar_akademik: optionalText(100, 'Gelar akademik maksimal 100 karakter.'),
  jabatan: optionalText(100, 'Jabatan maksimal 100 karakter.'),
  prodi_id: optionalText(64, 'Program studi tidak valid.'),
};

/** POST /v2/lms/akun: a student (username = NIM), a lecturer or an operator (created with no rights). */
export const accountCreateSchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('mahasiswa'),
    nama: accountName,
    email: accountEmail,
    telepon: accountPhone,
    password: initialPassword,
    nim: studentNumber,
    prodi_id: programId,
    angkatan: intakeYear,
    status: studentStatus.default('Aktif'),
  }),
  z.object({
    role: z.literal('dosen'),
    nama: accountName,
    username: accountUsername,
    email: accountEmail,
    telepon: accountPhone,
    password: initialPassword,
    ...lecturerFields,
  }),
  z.object({
    role: z.literal('operator'),
    nama: accountName,
    username: accountUsername,
    email: accountEmail,
    telepon: accountPhone,
    password: initialPassword,
  }),
]);
export type AccountCreate = z.infer<typeof accountCreateSchema>;
/** What a client sends (defaults not yet applied). */
export type AccountCreateInput = z.input<typeof accountCreateSchema>;

/**
 * PUT /v2/lms/akun/:id: the fields given change (the role never does). A student's username is their
 * NIM; the student fields apply to students, the lecturer fields to lecturers.
 */
export const accountUpdateSchema = z.object({
  nama: accountName.optional(),
  username: accountUsername.optional(),
  email: accountEmail.optional(),
  telepon: accountPhone.optional(),
  nim: studentNumber.optional(),
  prodi_id: optionalText(64, 'Program studi tidak valid.').optional(),
  angkatan: intakeYear.optional(),
  status: studentStatus.optional(),
  nidn: lecturerNumber.optional(),
  gelar_depan: lecturerFields.gelar_depan.optional(),
  gelar_akademik: lecturerFields.gelar_akademik.optional(),
  jabatan: lecturerFields.jabatan.optional(),
});
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;

/** PUT /v2/lms/akun/:id/status: deactivating ends every sign-in of the account. */
export const accountStatusSchema = z.object({ is_active: z.boolean() });
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** PUT /v2/lms/akun/:id/password: the operator sets a new password; every sign-in of the account ends. */
export const accountPasswordSchema = z
  .object({ password_baru: newPasswordSchema, konfirmasi_password: z.string().max(200) })
  .refine((v) => v.password_baru === v.konfirmasi_password, {
    message: 'Konfirmasi password tidak sama.',
    path: ['konfirmasi_password'],
  });
export type AccountPassword = z.infer<typeof accountPasswordSchema>;

export const accountIdParamsSchema = z.object({ id: z.uuid() });

/** GET /v2/lms/akun: search (part of the name, username, NIM or NIDN), role and active filters. */
export const accountListQuerySchema = pageQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  role: roleSchema.optional(),
  /** `aktif` or `nonaktif`; absent: both. */
  status: z.enum(['aktif', 'nonaktif']).optional(),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

const accountProgramSchema = z.object({ id: z.string(), nama: z.string(), jenjang: z.string() });

/** One account as the operators' screen shows it; role-specific fields are null for other roles. */
export const accountSchema = z.object({
  id: z.uuid(),
  role: roleSchema,
  username: z.string(),
  nama: z.string(),
  email: z.string().nullable(),
  telepon: z.string().nullable(),
  is_active: z.boolean(),
  nim: z.string().nullable(),
  angkatan: z.number().int().nullable(),
  status_mahasiswa: z.string().nullable(),
  nidn: z.string().nullable(),
  gelar_depan: z.string().nullable(),
  gelar_akademik: z.string().nullable(),
  jabatan: z.string().nullable(),
  prodi: accountProgramSchema.nullable(),
  terakhir_aktif: z.iso.datetime({ offset: true }).nullable(),
  dibuat: z.iso.datetime({ offset: true }),
  /** Whether the caller may change it (write on the role's area, and not their own account). */
  dapat_diubah: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountResponseSchema = dataOf(accountSchema);
export const accountListResponseSchema = pageOf(accountSchema);
