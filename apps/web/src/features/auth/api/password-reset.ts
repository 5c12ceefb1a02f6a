import { fetchPublicData } from './auth-http.ts';

/** POST /v2/lupa_kata_sandi: the answer is the same whether or not the account exists. */
export function requestPasswordReset(identitas: string): Promise<{ pesan: string }> {
  return fetchPublicData('/v2/lupa_kata_sandi', { method: 'POST', body: { identitas } });
}

/** POST /v2/lupa_kata_sandi/reset: the link's token and the new password. */
export function resetPassword(input: {
  token: string;
  password_baru: string;
  konfirmasi_password: string;
}): Promise<object> {
  return fetchPublicData('/v2/lupa_kata_sandi/reset', { method: 'POST', body: input });
}
