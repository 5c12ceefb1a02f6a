import { z } from 'zod';
import { roleSchema } from './role.schema.ts';
import { operatorPermissionsSchema } from './permission.schema.ts';

const pkceFields = {
  client_id: z.string().min(1),
  redirect_uri: z.string().min(1),
  state: z.string().min(1).max(200),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal('S256'),
};

/** POST /v2/authorize: sign in with username and password, get a one-time code (PKCE). */
export const authorizeRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username wajib diisi').max(100),
  password: z.string().min(1, 'Password wajib diisi').max(200),
  ...pkceFields,
});
export type AuthorizeRequest = z.infer<typeof authorizeRequestSchema>;

export const authorizeResponseSchema = z.object({
  data: z.object({ code: z.string(), state: z.string() }),
});
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

/** POST /v2/authorize/akun_lain: an operator gets a code to act as a student ("Login Akun Lain"). */
export const actAsStudentRequestSchema = z.object({
  username: z.string().trim().min(1, 'Mahasiswa wajib dipilih'),
  ...pkceFields,
});
export type ActAsStudentRequest = z.infer<typeof actAsStudentRequestSchema>;

/** POST /v2/authorize/sikad (form data, spec 1 §7): a one-time code for SIAKAD single sign-on. */
export const siakadAuthorizeRequestSchema = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1),
  state: z.string().min(1).max(200),
  redirect_uri: z.string().min(1),
  as_role: z.string().optional(),
});
export type SiakadAuthorizeRequest = z.infer<typeof siakadAuthorizeRequestSchema>;

export const siakadAuthorizeResponseSchema = z.object({
  data: z.object({ code: z.string(), state: z.string(), redirect_url: z.string() }),
});

/** POST /v2/access_token (form or JSON). */
export const accessTokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1),
    code_verifier: z.string().min(43).max(128).optional(),
    client_id: z.string().min(1),
    client_secret: z.string().optional(),
    redirect_uri: z.string().min(1),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1),
    client_id: z.string().min(1),
  }),
]);
export type AccessTokenRequest = z.infer<typeof accessTokenRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /v2/revoke (RFC 7009 style): ends the sign-in a refresh token belongs to. */
export const revokeRequestSchema = z.object({
  token: z.string().min(1),
  client_id: z.string().min(1),
});
export type RevokeRequest = z.infer<typeof revokeRequestSchema>;

/** Answer of calls that only acknowledge (revoke, activity-log posts). */
export const acknowledgedResponseSchema = z.object({ data: z.object({}) });

/** GET /v2/user_info. */
export const userInfoSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  nama: z.string(),
  role: roleSchema,
  /** Student status (Aktif, Cuti, …); lecturers and operators: 'Aktif'. */
  status: z.string(),
  foto_url: z.string().nullable(),
  college_id: z.string(),
  permissions: operatorPermissionsSchema.nullable(),
  operator_scope: z.string().nullable(),
  /** Students: their study program; others: null. */
  prodi: z.object({ id: z.string(), nama: z.string(), jenjang: z.string() }).nullable(),
  /** The operator acting for this student ("Login Akun Lain"), when so. */
  acting_operator: z.object({ id: z.uuid(), username: z.string(), nama: z.string() }).nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
export const userInfoResponseSchema = z.object({ data: userInfoSchema });
