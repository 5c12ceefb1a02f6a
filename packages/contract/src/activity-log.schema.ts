import { z } from 'zod';

/** Kinds of activity the log records; later areas add theirs. */
export const activityKindLabels = {
  login: 'Login',
  logout: 'Logout',
  keluar_ke_sikad: 'Keluar ke SIAKAD',
  login_akun_lain: 'Login Akun Lain',
  kembali_ke_akun_operator: 'Kembali ke Akun Operator',
} as const;
export type ActivityKind = keyof typeof activityKindLabels;

/** One entry of the activity log as the API answers it. */
export const activityLogEntrySchema = z.object({
  id: z.number().int(),
  jenis: z.string(),
  detail: z.string(),
  waktu: z.iso.datetime({ offset: true }),
  ip_address: z.string().nullable(),
  role: z.string(),
  /** The operator who acted for the user, when so. */
  operator: z.object({ id: z.uuid(), username: z.string(), nama: z.string() }).nullable(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;
