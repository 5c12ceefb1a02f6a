import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { errorMessages } from '@lms/contract/error-messages';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, createPkcePair, signIn, testRedirectUri } from '../../testing/requests.ts';
import { createCollege } from '../../testing/factories.ts';

let t: TestApp;
const demo = { 'college-id': 'demo' };

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000, rateLimitTokenPerMinute: 1000 });
});
afterAll(async () => t.close());

async function authorize(username: string, password: string, challenge = createPkcePair().challenge) {
  return t.app.inject({
    method: 'POST',
    url: '/v2/authorize',
    headers: demo,
    payload: {
      username,
      password,
      client_id: 'web',
      redirect_uri: testRedirectUri,
      state: 'xyz',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    },
  });
}

async function exchangeCode(code: string, verifier: string, overrides: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/v2/access_token',
    headers: demo,
    payload: {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: 'web',
      redirect_uri: testRedirectUri,
      ...overrides,
    },
  });
}

async function refresh(refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v2/access_token',
    headers: demo,
    payload: { grant_type: 'refresh_token', client_id: 'web', refresh_token: refreshToken },
  });
}

async function newCode(username = 'mahasiswa') {
  const pkce = createPkcePair();
  const res = await authorize(username, 'demo12345', pkce.challenge);
  expect(res.statusCode).toBe(200);
  return { code: res.json().data.code as string, verifier: pkce.verifier };
}

async function userIdOf(username: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>('select id from users where username = $1', [
    username,
  ]);
  return row!.id;
}

describe('sign-in with PKCE', () => {
  it('signs in through the whole flow, with a form-encoded token request, and logs it', async () => {
    const pkce = createPkcePair();
    const res = await authorize('mahasiswa', 'demo12345', pkce.challenge);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ code: expect.any(String), state: 'xyz' });

    const token = await t.app.inject({
      method: 'POST',
      url: '/v2/access_token',
      headers: { ...demo, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: res.json().data.code,
        code_verifier: pkce.verifier,
        client_id: 'web',
        redirect_uri: testRedirectUri,
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const body = token.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
    });
    const claims = decodeJwt(body.access_token);
    expect(claims.cid).toBe('demo');
    expect(claims.act).toBeUndefined();

    const info = await t.app.inject({ url: '/v2/user_info', headers: bearerHeaders(body.access_token) });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.username).toBe('mahasiswa');

    const logs = await t.database.query<{ jenis: string; detail: string; operator_user_id: string | null }>(
      `select jenis, detail, operator_user_id from activity_logs where user_id = $1 and jenis = 'login'`,
      [await userIdOf('mahasiswa')],
    );
    expect(logs.length).toBeGreaterThan(0);
    expect(logs[0]).toMatchObject({ detail: 'Login ke LMS', operator_user_id: null });
  });

  it('matches the username case-insensitively', async () => {
    expect((await authorize('MaHaSiSwA', 'demo12345')).statusCode).toBe(200);
  });

  it('gives one message for a wrong password and an unknown user', async () => {
    const wrongPassword = await authorize('mahasiswa', 'salah-sekali');
    const unknownUser = await authorize('tidak.ada', 'demo12345');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownUser.json());
    expect(wrongPassword.json().status).toEqual({
      code: 'invalid_credentials',
      message: errorMessages.invalid_credentials,
    });
  });

  it('refuses an inactive user', async () => {
    await t.database.query(`update users set is_active = false where username = 'dosen'`);
    try {
      const res = await authorize('dosen', 'demo12345');
      expect(res.statusCode).toBe(403);
      expect(res.json().status.code).toBe('account_inactive');
    } finally {
      await t.database.query(`update users set is_active = true where username = 'dosen'`);
    }
  });

  it('refuses a second exchange of the same code', async () => {
    const { code, verifier } = await newCode();
    expect((await exchangeCode(code, verifier)).statusCode).toBe(200);
    const again = await exchangeCode(code, verifier);
    expect(again.statusCode).toBe(401);
    expect(again.json().status.code).toBe('invalid_grant');
  });

  it('lets exactly one of two racing exchanges of one code win', async () => {
    const { code, verifier } = await newCode();
    const results = await Promise.all([exchangeCode(code, verifier), exchangeCode(code, verifier)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a wrong or missing verifier, another redirect_uri and an unknown client', async () => {
    const { code, verifier } = await newCode();
    const wrong = await exchangeCode(code, createPkcePair().verifier);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().status.code).toBe('invalid_grant');
    const noVerifier = await t.app.inject({
      method: 'POST',
      url: '/v2/access_token',
      headers: demo,
      payload: { grant_type: 'authorization_code', code, client_id: 'web', redirect_uri: testRedirectUri },
    });
    expect(noVerifier.json().status.code).toBe('invalid_grant');
    const otherRedirect = await exchangeCode(code, verifier, { redirect_uri: 'http://evil.example/oauth' });
    expect(otherRedirect.json().status.code).toBe('invalid_grant');
    const otherClient = await exchangeCode(code, verifier, { client_id: 'lain' });
    expect(otherClient.statusCode).toBe(401);
    expect(otherClient.json().status.code).toBe('invalid_client');
    // Failed attempts do not spend the code: the rightful holder still gets in.
    expect((await exchangeCode(code, verifier)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { code, verifier } = await newCode();
    await t.database.query(
      `update auth_codes set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const res = await exchangeCode(code, verifier);
    expect(res.statusCode).toBe(401);
    expect(res.json().status.code).toBe('invalid_grant');
  });

  it('answers an unknown grant type, bad input and an unknown college', async () => {
    const grant = await t.app.inject({
      method: 'POST',
      url: '/v2/access_token',
      headers: demo,
      payload: { grant_type: 'password', client_id: 'web' },
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().status).toEqual({
      code: 'unsupported_grant_type',
      message: errorMessages.unsupported_grant_type,
    });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/authorize',
      headers: demo,
      payload: { username: 'mahasiswa', client_id: 'web' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.code).toBe('validation_failed');
    expect(bad.json().detail.fields.map((f: { field: string }) => f.field)).toContain('body.password');

    const college = await t.app.inject({
      method: 'POST',
      url: '/v2/authorize',
      headers: { 'college-id': 'tidak-ada' },
      payload: { username: 'mahasiswa', password: 'demo12345' },
    });
    expect(college.statusCode).toBe(400);
    expect(college.json().status.code).toBe('unknown_college');
  });

  it('refuses a client other than web at /v2/authorize', async () => {
    const pkce = createPkcePair();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/authorize',
      headers: demo,
      payload: {
        username: 'mahasiswa',
        password: 'demo12345',
        client_id: 'siakad',
        redirect_uri: testRedirectUri,
        state: 's',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.code).toBe('invalid_client');
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh gives new tokens in the same session with the same end', async () => {
    const first = await signIn(t.app, 'dosen');
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).sid).toBe(decodeJwt(first.access_token).sid);
    const ends = await t.database.query<{ n: number }>(
      `select count(distinct expires_at)::int as n from refresh_tokens where family_id = $1`,
      [decodeJwt(first.access_token).sid],
    );
    expect(ends[0]!.n).toBe(1);
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token is reused', async () => {
    const first = await signIn(t.app, 'dosen');
    const second = (await refresh(first.refresh_token)).json();
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().status.code).toBe('invalid_grant');
    // The newest token of the family is dead too.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('lets exactly one of two racing refreshes win; the loser counts as reuse', async () => {
    const first = await signIn(t.app, 'dosen');
    const results = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect((await refresh(winner.refresh_token)).statusCode).toBe(401);
  });

  it('refuses refresh of another client, an expired family, and an unknown token', async () => {
    const tokens = await signIn(t.app, 'dosen');
    const otherClient = await t.app.inject({
      method: 'POST',
      url: '/v2/access_token',
      headers: demo,
      payload: { grant_type: 'refresh_token', client_id: 'siakad', refresh_token: tokens.refresh_token },
    });
    expect(otherClient.json().status.code).toBe('invalid_client');
    await t.database.query(
      `update refresh_tokens set expires_at = now() - interval '1 second' where family_id = $1`,
      [decodeJwt(tokens.access_token).sid],
    );
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    expect((await refresh('tidak-ada')).statusCode).toBe(401);
  });

  it('ends the session when the user was deactivated', async () => {
    const tokens = await signIn(t.app, 'operator.lihat');
    await t.database.query(`update users set is_active = false where username = 'operator.lihat'`);
    try {
      expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
      const info = await t.app.inject({ url: '/v2/user_info', headers: bearerHeaders(tokens.access_token) });
      expect(info.statusCode).toBe(401);
    } finally {
      await t.database.query(`update users set is_active = true where username = 'operator.lihat'`);
    }
  });

  it('revokes a session with /v2/revoke and always answers 200', async () => {
    const tokens = await signIn(t.app, 'dosen');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/revoke',
      headers: demo,
      payload: { token: tokens.refresh_token, client_id: 'web' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: {} });
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v2/revoke',
      headers: demo,
      payload: { token: 'tidak-ada', client_id: 'web' },
    });
    expect(unknown.statusCode).toBe(200);
  });
});

describe('tenancy of tokens', () => {
  it('refuses a demo token with another college id (401) and an unknown college (400)', async () => {
    const { collegeId: otherCollegeId } = await createCollege(t.database);
    const tokens = await signIn(t.app, 'mahasiswa');
    const other = await t.app.inject({
      url: '/v2/user_info',
      headers: bearerHeaders(tokens.access_token, otherCollegeId),
    });
    expect(other.statusCode).toBe(401);
    const refreshElsewhere = await t.app.inject({
      method: 'POST',
      url: '/v2/access_token',
      headers: { 'college-id': otherCollegeId },
      payload: { grant_type: 'refresh_token', client_id: 'web', refresh_token: tokens.refresh_token },
    });
    expect(refreshElsewhere.statusCode).toBe(401);
    // Not spent by the failed attempt elsewhere.
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(200);
    const unknown = await t.app.inject({
      url: '/v2/user_info',
      headers: bearerHeaders(tokens.access_token, 'tidak-ada'),
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('session activity', () => {
  it('logs logout and leaving to SIAKAD', async () => {
    const tokens = await signIn(t.app, 'dosen');
    // Leaving for SIAKAD keeps the session; signing out ends it (so it comes last).
    for (const path of ['keluar_ke_sikad', 'logout']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v2/lms/log_aktivitas/${path}`,
        headers: bearerHeaders(tokens.access_token),
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await t.database.query<{ jenis: string }>(
      `select jenis from activity_logs where user_id = $1 and jenis in ('logout', 'keluar_ke_sikad')`,
      [await userIdOf('dosen')],
    );
    expect(rows.map((r) => r.jenis).sort()).toEqual(['keluar_ke_sikad', 'logout']);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/log_aktivitas/logout',
      headers: demo,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('acting for a student (Login Akun Lain)', () => {
  async function actAs(operatorToken: string, username = 'mahasiswa') {
    const pkce = createPkcePair();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/authorize/akun_lain',
      headers: bearerHeaders(operatorToken),
      payload: {
        username,
        client_id: 'web',
        redirect_uri: testRedirectUri,
        state: 'akun-lain',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      },
    });
    return { res, verifier: pkce.verifier };
  }

  it('lets an operator with write on kelas_kuliah act for a student, naming both', async () => {
    const operator = await signIn(t.app, 'operator');
    const { res, verifier } = await actAs(operator.access_token);
    expect(res.statusCode).toBe(200);
    const exchanged = await exchangeCode(res.json().data.code, verifier);
    expect(exchanged.statusCode).toBe(200);
    const acting = exchanged.json();
    const operatorId = await userIdOf('operator');
    const studentId = await userIdOf('mahasiswa');
    const claims = decodeJwt(acting.access_token);
    expect(claims).toMatchObject({ sub: studentId, role: 'mahasiswa', act: { sub: operatorId } });

    const info = await t.app.inject({ url: '/v2/user_info', headers: bearerHeaders(acting.access_token) });
    expect(info.json().data).toMatchObject({
      username: 'mahasiswa',
      role: 'mahasiswa',
      acting_operator: { id: operatorId, username: 'operator', nama: expect.any(String) },
    });

    // Operator-only routes refuse the acting session.
    const list = await t.app.inject({
      url: '/v2/lms/akun_lain/mahasiswa',
      headers: bearerHeaders(acting.access_token),
    });
    expect(list.statusCode).toBe(403);
    const again = await actAs(acting.access_token);
    expect(again.res.statusCode).toBe(403);

    // The refreshed acting session still names both.
    const refreshed = (await refresh(acting.refresh_token)).json();
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ sub: studentId, act: { sub: operatorId } });

    const back = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/log_aktivitas/kembali_ke_akun_operator',
      headers: bearerHeaders(refreshed.access_token),
    });
    expect(back.statusCode).toBe(200);
    const logs = await t.database.query<{
      jenis: string;
      role: string;
      operator_user_id: string;
      detail: string;
    }>(
      `select jenis, role, operator_user_id, detail from activity_logs
        where user_id = $1 and jenis in ('login_akun_lain', 'kembali_ke_akun_operator') order by id`,
      [studentId],
    );
    expect(logs).toEqual([
      {
        jenis: 'login_akun_lain',
        role: 'mahasiswa',
        operator_user_id: operatorId,
        detail: expect.stringMatching(/^Login sebagai .+ \(.+\)$/),
      },
      {
        jenis: 'kembali_ke_akun_operator',
        role: 'mahasiswa',
        operator_user_id: operatorId,
        detail: expect.stringMatching(/^Kembali ke akun operator dari /),
      },
    ]);

    // The operator's own session goes on: the client refreshes it to go back.
    expect((await refresh(operator.refresh_token)).statusCode).toBe(200);
  });

  it('refuses operator.lihat, dosen and students', async () => {
    for (const username of ['operator.lihat', 'dosen', 'mahasiswa']) {
      const tokens = await signIn(t.app, username);
      const { res } = await actAs(tokens.access_token);
      expect(res.statusCode).toBe(403);
      expect(res.json().status.code).toBe('forbidden');
    }
  });

  it('answers 404 for an unknown student and refuses to act for a non-student', async () => {
    const operator = await signIn(t.app, 'operator');
    expect((await actAs(operator.access_token, 'tidak.ada')).res.statusCode).toBe(404);
    expect((await actAs(operator.access_token, 'dosen')).res.statusCode).toBe(404);
  });

  it('refuses going back from a session that is not acting', async () => {
    const operator = await signIn(t.app, 'operator');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/log_aktivitas/kembali_ke_akun_operator',
      headers: bearerHeaders(operator.access_token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().status.code).toBe('not_acting');
  });
});

describe('SIAKAD single sign-on', () => {
  async function siakadCode(accessToken: string, redirectUri: string) {
    return t.app.inject({
      method: 'POST',
      url: '/v2/authorize/sikad',
      headers: { ...bearerHeaders(accessToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        response_type: 'code',
        client_id: 'web',
        state: 'sso-state',
        redirect_uri: redirectUri,
        as_role: 'mahasiswa',
      }).toString(),
    });
  }

  it('issues a code SIAKAD can exchange once, and keeps redirects on the SIAKAD host', async () => {
    const tokens = await signIn(t.app, 'mahasiswa');
    const siakad = new URL(t.config.siakadUrl);
    const wanted = `${siakad.origin}/pesan/index.php`;
    const res = await siakadCode(tokens.access_token, wanted);
    expect(res.statusCode).toBe(200);
    const { code, state, redirect_url } = res.json().data;
    expect(state).toBe('sso-state');
    const redirect = new URL(redirect_url);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(wanted);
    expect(redirect.searchParams.get('code')).toBe(code);
    expect(redirect.searchParams.get('state')).toBe('sso-state');

    const exchange = () =>
      t.app.inject({
        method: 'POST',
        url: '/v2/access_token',
        headers: demo,
        payload: { grant_type: 'authorization_code', code, client_id: 'siakad', redirect_uri: wanted },
      });
    const first = await exchange();
    expect(first.statusCode).toBe(200);
    const info = await t.app.inject({
      url: '/v2/user_info',
      headers: bearerHeaders(first.json().access_token),
    });
    expect(info.json().data.username).toBe('mahasiswa');
    expect((await exchange()).statusCode).toBe(401);

    // The web client cannot exchange a SIAKAD code.
    const other = (await siakadCode(tokens.access_token, wanted)).json().data.code;
    const asWeb = await t.app.inject({
      method: 'POST',
      url: '/v2/access_token',
      headers: demo,
      payload: { grant_type: 'authorization_code', code: other, client_id: 'web', redirect_uri: wanted },
    });
    expect(asWeb.statusCode).toBe(401);
  });

  it('ignores a redirect_uri on another host (no open redirect)', async () => {
    const tokens = await signIn(t.app, 'dosen');
    const res = await siakadCode(tokens.access_token, 'https://evil.example/curi');
    const redirect = new URL(res.json().data.redirect_url);
    expect(redirect.origin).toBe(new URL(t.config.siakadUrl).origin);
  });
});

describe('with a low sign-in limit and a SIAKAD secret', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ rateLimitLoginPerMinute: 3, siakadClientSecret: 'rahasia-siakad-0123' });
  });
  afterAll(async () => strict.close());

  it('answers 429 with the Indonesian message once the limit is reached', async () => {
    const attempt = (username: string) =>
      strict.app.inject({
        method: 'POST',
        url: '/v2/authorize',
        headers: demo,
        payload: {
          username,
          password: 'salah-sekali',
          client_id: 'web',
          redirect_uri: testRedirectUri,
          state: 's',
          code_challenge: createPkcePair().challenge,
          code_challenge_method: 'S256',
        },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('mahasiswa')).statusCode).toBe(401);
    const limited = await attempt('MAHASISWA');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().status).toEqual({ code: 'rate_limited', message: errorMessages.rate_limited });
    // Another account from the same address is not locked out.
    expect((await attempt('dosen')).statusCode).toBe(401);
  });

  it('requires the SIAKAD client secret when one is configured', async () => {
    const tokens = await signIn(strict.app, 'operator');
    const target = strict.config.siakadUrl;
    const res = await strict.app.inject({
      method: 'POST',
      url: '/v2/authorize/sikad',
      headers: bearerHeaders(tokens.access_token),
      payload: { response_type: 'code', client_id: 'web', state: 's', redirect_uri: target },
    });
    const code = res.json().data.code;
    const redirectUri = new URL(res.json().data.redirect_url);
    redirectUri.search = '';
    const exchange = (secret?: string) =>
      strict.app.inject({
        method: 'POST',
        url: '/v2/access_token',
        headers: demo,
        payload: {
          grant_type: 'authorization_code',
          code,
          client_id: 'siakad',
          redirect_uri: redirectUri.toString(),
          ...(secret ? { client_secret: secret } : {}),
        },
      });
    expect((await exchange()).json().status.code).toBe('invalid_client');
    expect((await exchange('salah-salah-salah-0')).json().status.code).toBe('invalid_client');
    expect((await exchange('rahasia-siakad-0123')).statusCode).toBe(200);
  });
});
