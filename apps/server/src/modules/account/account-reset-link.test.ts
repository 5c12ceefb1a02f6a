import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@lms/contract/error-messages';
import { createUser } from '../../testing/factories.ts';
import { bearerHeaders, signIn, signInAll } from '../../testing/requests.ts';
import { startSmtpSink } from '../../testing/smtp-sink.ts';
import { buildTestApp, createTestApp, type TestApp } from '../../testing/test-app.ts';

// "Kirim Tautan Reset" on the Pengguna screen, against a real SMTP server: the operator sends one
// account the forgotten-password link, which the user follows to set a new password.

/** The auth area's per-account limit (docs/api/password-reset.md). */
const linksPerHour = 3;

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
/** An instance without any SMTP. */
let mailless: FastifyInstance;
const tokens: Record<string, string> = {};
const publicUrl = 'https://lms.kampus.example';

beforeAll(async () => {
  sink = await startSmtpSink();
  const { smtp } = sink;
  const limits = { rateLimitLoginPerMinute: 1000, rateLimitTokenPerMinute: 1000 };
  t = await createTestApp({ ...limits, publicUrl, smtp });
  mailless = await buildTestApp(t.database, { ...limits, smtp: undefined });
  Object.assign(tokens, await signInAll(t.app, ['operator', 'operator.lihat', 'dosen']));
});
afterAll(async () => {
  await mailless?.close();
  await t?.close();
  await sink?.close();
});

const sendLink = (token: string, id: string, app = t.app) =>
  app.inject({ method: 'POST', url: `/v2/lms/akun/${id}/tautan_reset`, headers: bearerHeaders(token) });

function linkIn(text: string | undefined): string {
  const found = text?.match(/https?:\/\/\S+/);
  if (!found) throw new Error(`no link in: ${text}`);
  return found[0];
}

describe('sending a reset link to one account', () => {
  it('mails the account a single-use link that sets its password, and logs who sent it', async () => {
    const user = await createUser(t.database, {
      collegeId: 'demo',
      role: 'dosen',
      email: 'budi@kampus.example',
    });
    const before = sink.delivered.length;
    const res = await sendLink(tokens.operator!, user.userId);
    expect(res.statusCode, res.body).toBe(204);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['budi@kampus.example']);
    const link = new URL(linkIn(mail!.mail.text));
    expect(link.origin + link.pathname).toBe(`${publicUrl}/reset-kata-sandi`);

    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/lupa_kata_sandi/reset',
        headers: { 'college-id': 'demo' },
        payload: {
          token: link.searchParams.get('token'),
          password_baru: password,
          konfirmasi_password: password,
        },
      });
    expect((await reset('Kata-sandi-baru-1')).statusCode).toBe(200);
    expect((await reset('Kata-sandi-baru-2')).statusCode).toBe(400);
    await signIn(t.app, { username: user.username, collegeId: 'demo', password: 'Kata-sandi-baru-1' });

    const logged = await t.database.query<{ jenis: string; context: { id_pengguna?: string } }>(
      `select l.jenis, l.context from activity_logs l join users u on u.id = l.user_id
        where u.username = 'operator' and l.jenis = 'kirim_reset_pengguna'`,
    );
    expect(logged.map((l) => l.context.id_pengguna)).toContain(user.userId);
  });

  it(`keeps the per-account limit of ${linksPerHour} links an hour (429)`, async () => {
    const user = await createUser(t.database, {
      collegeId: 'demo',
      role: 'dosen',
      email: 'sering@kampus.example',
    });
    for (let i = 0; i < linksPerHour; i++)
      expect((await sendLink(tokens.operator!, user.userId)).statusCode).toBe(204);
    const over = await sendLink(tokens.operator!, user.userId);
    expect(over.statusCode).toBe(429);
    expect(over.json().status.code).toBe('reset_akun_terlalu_sering');
  });

  it('refuses an account without an email, in Indonesian, sending nothing', async () => {
    const user = await createUser(t.database, { collegeId: 'demo', role: 'dosen', email: null });
    const before = sink.delivered.length;
    const res = await sendLink(tokens.operator!, user.userId);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toEqual({ code: 'akun_tanpa_email', message: errorMessages.akun_tanpa_email });
    const rows = await t.database.query(`select 1 from password_reset_tokens where user_id = $1`, [
      user.userId,
    ]);
    expect(rows).toHaveLength(0);
    expect(sink.delivered.length).toBe(before);
  });

  it('says so when the college has no way to send mail', async () => {
    const user = await createUser(t.database, {
      collegeId: 'demo',
      role: 'dosen',
      email: 'x@kampus.example',
    });
    const operator = (await signIn(mailless, 'operator')).access_token;
    const res = await sendLink(operator, user.userId, mailless);
    expect(res.statusCode).toBe(503);
    expect(res.json().status.code).toBe('email_belum_diatur');
  });

  it('refuses an operator with read only and a lecturer', async () => {
    const user = await createUser(t.database, {
      collegeId: 'demo',
      role: 'dosen',
      email: 'y@kampus.example',
    });
    expect((await sendLink(tokens['operator.lihat']!, user.userId)).statusCode).toBe(403);
    expect((await sendLink(tokens.dosen!, user.userId)).statusCode).toBe(403);
  });
});
