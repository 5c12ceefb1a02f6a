import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@lms/contract/error-messages';
import { passwordResetRequestedMessage } from '@lms/contract/password-reset.schema';
import { createUser, factoryPassword } from '../../testing/factories.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { startSmtpSink } from '../../testing/smtp-sink.ts';
import { deleteExpiredTokens } from '../../platform/token-cleanup.repository.ts';
import { buildTestApp, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { resetLinksPerAccountPerHour } from './password-reset.service.ts';

// "Lupa kata sandi" end to end against a real SMTP server: the mail the LMS sends is read back, its
// link followed, the password set. The installation's SMTP (SMTP_* variables) serves the college until
// the college sets its own, which must pass the outbound-address guard.

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
/** An instance with the installation's SMTP, a small per-address limit and loopback allowed for colleges. */
let limited: FastifyInstance;
/** An instance without any SMTP. */
let mailless: FastifyInstance;
const publicUrl = 'https://lms.kampus.example';

beforeAll(async () => {
  sink = await startSmtpSink();
  const { smtp } = sink;
  const limits = { rateLimitLoginPerMinute: 1000, rateLimitTokenPerMinute: 1000 };
  t = await createTestApp({ ...limits, publicUrl, smtp, rateLimitPasswordResetPerHour: 1000 });
  limited = await buildTestApp(t.database, {
    ...limits,
    publicUrl,
    smtp,
    rateLimitPasswordResetPerHour: 2,
    smtpPrivateNetworks: ['127.0.0.0/8'],
  });
  mailless = await buildTestApp(t.database, { ...limits, smtp: undefined });
});
afterAll(async () => {
  await mailless?.close();
  await limited?.close();
  await t?.close();
  await sink?.close();
});

const requestReset = (
  identitas: string,
  app = t.app,
  headers: Record<string, string> = {},
  remoteAddress = '10.9.0.1',
) =>
  app.inject({
    method: 'POST',
    url: '/v2/lupa_kata_sandi',
    headers: { 'college-id': 'demo', ...headers },
    remoteAddress,
    payload: { identitas },
  });

const reset = (token: string, password: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/v2/lupa_kata_sandi/reset',
    headers: { 'college-id': 'demo' },
    payload: { token, password_baru: password, konfirmasi_password: password },
  });

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The link in the plain-text part of a delivered mail. */
function linkIn(text: string | undefined): string {
  const found = text?.match(/https?:\/\/\S+/);
  if (!found) throw new Error(`no link in: ${text}`);
  return found[0];
}

async function student(email: string | null) {
  return createUser(t.database, { collegeId: 'demo', role: 'mahasiswa', email });
}

describe('requesting a link', () => {
  it('answers the same whether or not the account exists, and mails only the account', async () => {
    const user = await student('budi@kampus.example');
    const before = sink.delivered.length;
    const unknown = await requestReset('tidak-ada-akun-ini');
    const noEmail = await requestReset((await student(null)).username);
    // The Host header is the caller's to choose: the link must not come from it.
    const known = await requestReset(user.username, t.app, { host: 'penyerang.example' });
    for (const res of [unknown, noEmail, known]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { pesan: passwordResetRequestedMessage } });
    }
    const [delivered] = (await sink.waitFor(before + 1)).slice(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.delivered).toHaveLength(before + 1);
    expect(delivered!.to).toEqual(['budi@kampus.example']);
    expect(delivered!.mail.from?.text).toBe('"LMS Kampus" <lms@kampus.example>');
    expect(delivered!.mail.subject).toMatch(/^Atur ulang kata sandi LMS /);
    expect(delivered!.mail.text).toContain('berlaku 30 menit dan hanya dapat dipakai sekali');
    const link = linkIn(delivered!.mail.text);
    expect(link.startsWith(`${publicUrl}/reset-kata-sandi?token=`)).toBe(true);
    // 32 random bytes, base64url; only their hash is stored.
    expect(tokenOf(link)).toMatch(/^[\w-]{43}$/);
    const stored = await t.database.query<{ token_hash: string }>(
      'select token_hash from password_reset_tokens where user_id = $1',
      [user.userId],
    );
    expect(stored.map((row) => row.token_hash)).not.toContain(tokenOf(link));
  });

  it('finds the account by email and by NIM, case-insensitively by email', async () => {
    const user = await student('Siti.Rahma@Kampus.example');
    const before = sink.delivered.length;
    await requestReset('siti.rahma@kampus.example');
    await requestReset(user.nim!);
    const mails = (await sink.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => m.to[0]?.toLowerCase())).toEqual([
      'siti.rahma@kampus.example',
      'siti.rahma@kampus.example',
    ]);
  });

  it(`sends one account at most ${resetLinksPerAccountPerHour} links an hour, saying the same beyond`, async () => {
    const user = await student('rajin@kampus.example');
    const before = sink.delivered.length;
    for (let i = 0; i < resetLinksPerAccountPerHour + 2; i++) {
      expect((await requestReset(user.username)).json().data.pesan).toBe(passwordResetRequestedMessage);
    }
    await sink.waitFor(before + resetLinksPerAccountPerHour);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.delivered.slice(before).filter((m) => m.to[0] === 'rajin@kampus.example')).toHaveLength(
      resetLinksPerAccountPerHour,
    );
  });

  it('limits the requests of one address (429 with Retry-After)', async () => {
    const answers = [];
    // An address of its own: the other instances on this database count the usual one (shared limits).
    for (let i = 0; i < 3; i++) {
      answers.push(await requestReset(`siapa.saja.${i}`, limited, {}, '10.9.7.7'));
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]!.json().status).toEqual({
      code: 'reset_terlalu_sering',
      message: errorMessages.reset_terlalu_sering,
    });
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('says so when the college has no way to send mail', async () => {
    const res = await requestReset('mahasiswa', mailless);
    expect(res.statusCode).toBe(503);
    expect(res.json().status.code).toBe('email_belum_diatur');
  });

  it('validates the identity', async () => {
    const res = await requestReset('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().status.code).toBe('validation_failed');
  });
});

describe('following the link', () => {
  it('sets the password once, ends every session, and the old password stops working', async () => {
    const user = await student('ani@kampus.example');
    const session = await signIn(t.app, { username: user.username, collegeId: 'demo' });
    const before = sink.delivered.length;
    await requestReset(user.username);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    const token = tokenOf(linkIn(mail!.mail.text));

    const short = await reset(token, 'pendek');
    expect(short.statusCode).toBe(400);
    expect(short.json().detail.fields[0].field).toBe('body.password_baru');

    expect((await reset(token, 'Kata-sandi-baru-1')).statusCode).toBe(200);
    // Single use.
    const again = await reset(token, 'Kata-sandi-baru-2');
    expect(again.statusCode).toBe(400);
    expect(again.json().status).toEqual({
      code: 'tautan_reset_tidak_valid',
      message: errorMessages.tautan_reset_tidak_valid,
    });
    // Every session of the account ended: its access token and its refresh token.
    const me = await t.app.inject({ url: '/v2/user_info', headers: bearerHeaders(session.access_token) });
    expect(me.statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v2/access_token',
      headers: { 'college-id': 'demo' },
      payload: { grant_type: 'refresh_token', refresh_token: session.refresh_token, client_id: 'web' },
    });
    expect(refreshed.statusCode).toBe(401);
    await expect(signIn(t.app, { username: user.username, collegeId: 'demo' })).rejects.toThrow();
    await signIn(t.app, { username: user.username, collegeId: 'demo', password: 'Kata-sandi-baru-1' });
    const logged = await t.database.query<{ jenis: string }>(
      `select jenis from activity_logs where user_id = $1 and jenis = 'reset_password'`,
      [user.userId],
    );
    expect(logged).toHaveLength(1);
  });

  it('refuses an expired link, an unknown one and one of another college', async () => {
    const user = await student('lama@kampus.example');
    const before = sink.delivered.length;
    await requestReset(user.username);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    const token = tokenOf(linkIn(mail!.mail.text));
    const otherCollege = await t.app.inject({
      method: 'POST',
      url: '/v2/lupa_kata_sandi/reset',
      headers: { 'college-id': 'kampus-lain' },
      payload: { token, password_baru: 'Kata-sandi-baru-1', konfirmasi_password: 'Kata-sandi-baru-1' },
    });
    expect(otherCollege.statusCode).toBeGreaterThanOrEqual(400);
    await t.database.query(
      `update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
      [user.userId],
    );
    expect((await reset(token, 'Kata-sandi-baru-1')).json().status.code).toBe('tautan_reset_tidak_valid');
    expect((await reset('x'.repeat(43), 'Kata-sandi-baru-1')).json().status.code).toBe(
      'tautan_reset_tidak_valid',
    );
    await signIn(t.app, { username: user.username, collegeId: 'demo', password: factoryPassword });
    // The hourly cleanup deletes links a day after they expired.
    await t.database.query(
      `update password_reset_tokens set expires_at = now() - interval '25 hours' where user_id = $1`,
      [user.userId],
    );
    expect((await deleteExpiredTokens(t.app.db)).resetLinks).toBeGreaterThanOrEqual(1);
    const left = await t.database.query('select 1 from password_reset_tokens where user_id = $1', [
      user.userId,
    ]);
    expect(left).toHaveLength(0);
  });

  it('a new password spends the other open links of the account', async () => {
    const user = await student('dua.tautan@kampus.example');
    const before = sink.delivered.length;
    await requestReset(user.username);
    await sink.waitFor(before + 1);
    await requestReset(user.username);
    const [first, second] = (await sink.waitFor(before + 2)).slice(before);
    expect((await reset(tokenOf(linkIn(second!.mail.text)), 'Kata-sandi-baru-1')).statusCode).toBe(200);
    expect((await reset(tokenOf(linkIn(first!.mail.text)), 'Kata-sandi-baru-2')).statusCode).toBe(400);
  });
});

describe("the college's own SMTP server", () => {
  const operator = async (app: FastifyInstance, username = 'operator') =>
    bearerHeaders((await signIn(app, username)).access_token);

  it('refuses a loopback or private host unless the installation allows it', async () => {
    const headers = await operator(t.app);
    for (const host of ['127.0.0.1', '10.0.0.5', '169.254.169.254', 'localhost']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v2/lms/pengaturan/email',
        headers,
        payload: {
          host,
          port: 25,
          keamanan: 'tanpa',
          username: '',
          pengirim_email: 'lms@kampus.example',
          pengirim_nama: 'LMS',
        },
      });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().detail.fields[0].field).toBe('host');
    }
  });

  it('sends through the college server with its credentials; the password is never answered', async () => {
    const own = await startSmtpSink({ user: 'lms-kampus', password: 'rahasia-smtp' });
    try {
      const headers = await operator(limited);
      const saved = await limited.inject({
        method: 'PUT',
        url: '/v2/lms/pengaturan/email',
        headers,
        payload: {
          host: '127.0.0.1',
          port: own.port,
          keamanan: 'tanpa',
          username: 'lms-kampus',
          password: 'rahasia-smtp',
          pengirim_email: 'akademik@kampus.example',
          pengirim_nama: 'Akademik Kampus',
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.body).not.toContain('rahasia-smtp');
      expect(saved.json().data).toMatchObject({ password_tersimpan: true, host: '127.0.0.1' });
      const read = await limited.inject({ url: '/v2/lms/pengaturan/email', headers });
      expect(read.body).not.toContain('rahasia-smtp');
      // Saving without a password keeps the stored one.
      const kept = await limited.inject({
        method: 'PUT',
        url: '/v2/lms/pengaturan/email',
        headers,
        payload: { ...JSON.parse(saved.payload).data, password: '' },
      });
      expect(kept.json().data.password_tersimpan).toBe(true);

      const user = await student('pakai.smtp.kampus@kampus.example');
      // Another address than the per-address limit's test above.
      await requestReset(user.username, limited, {}, '10.9.0.2');
      const [mail] = await own.waitFor(1);
      expect(mail!.user).toBe('lms-kampus');
      expect(mail!.mail.from?.text).toBe('"Akademik Kampus" <akademik@kampus.example>');
      const log = await t.database.query<{ context: { perubahan: { field: string; baru: unknown }[] } }>(
        `select context from activity_logs where jenis = 'ubah_konfigurasi' and detail = 'Mengubah pengaturan email'`,
      );
      expect(JSON.stringify(log)).not.toContain('rahasia-smtp');
    } finally {
      await t.database.query('delete from college_email_settings');
      await own.close();
    }
  });

  it('reads and changes only for operators with konfigurasi', async () => {
    for (const who of ['mahasiswa', 'dosen']) {
      const res = await t.app.inject({
        url: '/v2/lms/pengaturan/email',
        headers: await operator(t.app, who),
      });
      expect(res.statusCode).toBe(403);
    }
    const viewer = await operator(t.app, 'operator.lihat');
    expect((await t.app.inject({ url: '/v2/lms/pengaturan/email', headers: viewer })).statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'PUT',
      url: '/v2/lms/pengaturan/email',
      headers: viewer,
      payload: {
        host: '',
        port: 587,
        keamanan: 'starttls',
        username: '',
        pengirim_email: '',
        pengirim_nama: '',
      },
    });
    expect(write.statusCode).toBe(403);
  });
});
