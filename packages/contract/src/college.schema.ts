import { z } from 'zod';
import { roleSchema } from './role.schema.ts';

/** A demo account shown on the sign-in page when the demo university is loaded. */
export const demoAccountSchema = z.object({
  username: z.string(),
  role: roleSchema,
  label: z.string(),
});
export type DemoAccount = z.infer<typeof demoAccountSchema>;

/** The demo university's accounts (issue 2 §4); all share one password. */
export const demoAccounts: DemoAccount[] = [
  { username: 'mahasiswa', role: 'mahasiswa', label: 'Mahasiswa aktif' },
  { username: 'mahasiswa.cuti', role: 'mahasiswa', label: 'Mahasiswa berstatus Cuti' },
  { username: 'dosen', role: 'dosen', label: 'Dosen' },
  { username: 'operator', role: 'operator', label: 'Operator (Update semua area)' },
  { username: 'operator.lihat', role: 'operator', label: 'Operator (hanya Lihat)' },
];
export const demoAccountPassword = 'demo12345';

/** GET /v1/configuration: what the sign-in page and the shell need before anyone signs in. */
export const collegeConfigurationSchema = z.object({
  college_id: z.string(),
  nama: z.string(),
  judul: z.string(),
  copyright: z.string(),
  url_sikad_legacy: z.string().nullable(),
  color_mode: z.string(),
  time_zone: z.string(),
  /** True for the demo university; the sign-in page then lists the demo accounts. */
  demo: z.boolean(),
  demo_accounts: z.array(demoAccountSchema),
  /** The demo accounts' password when `demo`, else null. */
  demo_password: z.string().nullable(),
});
export type CollegeConfiguration = z.infer<typeof collegeConfigurationSchema>;
export const collegeConfigurationResponseSchema = z.object({ data: collegeConfigurationSchema });

/**
 * Keywords GET /v1/config/{keyword} answers: the public configuration one value at a time, and
 * `url_dosen_new`, the SIAKAD address lecturers are sent to (Ubah Data RPS, spec 2 §7).
 */
export const configKeywords = [
  'college_id',
  'nama',
  'judul',
  'copyright',
  'url_sikad_legacy',
  'color_mode',
  'time_zone',
  'url_dosen_new',
] as const;
export const configKeywordParamsSchema = z.object({ keyword: z.enum(configKeywords) });
export const configValueResponseSchema = z.object({
  data: z.object({ keyword: z.enum(configKeywords), value: z.string().nullable() }),
});

/** GET /v1/sistem: the college system record (spec 1 §3). */
export const collegeSystemSchema = z.object({
  alamat: z.string(),
  email: z.string(),
  judul: z.string(),
  nama: z.string(),
  telepon: z.string(),
});
export type CollegeSystem = z.infer<typeof collegeSystemSchema>;
export const collegeSystemResponseSchema = z.object({ data: collegeSystemSchema });

/** One access-restriction requirement's state (spec 1 §3, §4). */
export const accessRestrictionEntrySchema = z.object({
  memenuhi_syarat: z.boolean(),
  kekurangan: z.array(z.string()),
});

/** GET /v2/lms/check_pembatasan: entries keyed by requirement; allowed only when every one is met. */
export const accessRestrictionStatusSchema = z.record(z.string(), accessRestrictionEntrySchema);
export type AccessRestrictionStatus = z.infer<typeof accessRestrictionStatusSchema>;
export const accessRestrictionResponseSchema = z.object({ data: accessRestrictionStatusSchema });

/** Front-end applications that ask GET /multisite-config/frontend-config for their set-up. */
export const frontendAppIds = ['mahasiswa-lms'] as const;

/** GET /multisite-config/frontend-config's query: which application asks (spec 1 §7 `id`). */
export const frontendConfigQuerySchema = z.object({
  id: z.enum(frontendAppIds).default('mahasiswa-lms'),
});

/**
 * The set-up a front end needs before anyone signs in: its college, the API and SIAKAD addresses and the
 * display settings. The college is the request's (`college-id`, or the only one).
 */
export const frontendConfigSchema = z.object({
  id: z.enum(frontendAppIds),
  college_id: z.string(),
  nama: z.string(),
  judul: z.string(),
  api_url: z.string(),
  url_sikad: z.string(),
  time_zone: z.string(),
  color_mode: z.string(),
});
export type FrontendConfig = z.infer<typeof frontendConfigSchema>;
export const frontendConfigResponseSchema = z.object({ data: frontendConfigSchema });
