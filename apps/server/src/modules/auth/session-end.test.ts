import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerHeaders, createPkcePair, signIn, testRedirectUri } from '../../testing/requests.ts';
import { openSseClient } from '../../testing/sse-client.ts';
import { buildTestApp, createTestApp, type TestApp } from '../../testing/test-app.ts';

// An ended session (sign-out, refresh-token reuse, going back to the operator's account) must refuse its
// access tokens and close its event streams, not keep working until the token's 15 minutes are up. Two
// app instances share the database, each with its own actor cache, as behind a load balancer.

let t: TestApp;
/** A second instance whose cache remembers callers for the full production bound. */
let other: FastifyInstance;
/** A third instance with a short bound, to show the bound holds when no notice arrives. */
let bounded: FastifyInstance;
const boundMs = 600;

beforeAll(async () => {
  const limits = { rateLimitLoginPerMinute: 1000, rateLimitTokenPerMinute: 1000 };
  t = await createTestApp({ ...limits, actorCacheMs: 5000 });
  other = await buildTestApp(t.database, { ...limits, actorCacheMs: 5000 });
  bounded = await buildTestApp(t.database, { ...limits, actorCacheMs: boundMs });
});
afterAll(async () => {
  await bounded?.close();
  await other?.close();
  await t.close();
});

const userInfo = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/v2/user_info', headers: bearerHeaders(token) });

const post = (app: FastifyInstance, url: string, token: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: bearerHeaders(token), ...(payload ? { payload } : {}) });

const revoke = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/revoke',
    headers: { 'college-id': 'demo' },
    payload: { token: refreshToken, client_id: 'web' },
  });

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/access_token',
    headers: { 'college-id': 'demo' },
    payload: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'web' },
  });

/** Every instance answered 200 first, so each has the caller's live session in its cache. */
async function warm(token: string) {
  for (const app of [t.app, other, bounded]) expect((await userInfo(app, token)).statusCode).toBe(200);
}

/** The instance that ended the session and the one that heard of it refuse at once; the last within its bound. */
async function expectRefusedEverywhere(token: string) {
  expect((await userInfo(t.app, token)).statusCode).toBe(401);
  await expect.poll(async () => (await userInfo(other, token)).statusCode, { timeout: 1000 }).toBe(401);
  await expect.poll(async () => (await userInfo(bounded, token)).statusCode, { timeout: 2000 }).toBe(401);
}

describe('an ended session refuses its access token', () => {
  it('after sign-out (the log call ends it, revoke too)', async () => {
    const session = await signIn(t.app, 'dosen');
    await warm(session.access_token);
    expect((await post(t.app, '/v2/lms/log_aktivitas/logout', session.access_token)).statusCode).toBe(200);
    expect((await revoke(session.refresh_token)).statusCode).toBe(200);
    await expectRefusedEverywhere(session.access_token);
    const res = await userInfo(other, session.access_token);
    expect(res.json().status.code).toBe('unauthorized');
  });

  it('after revoking the refresh token alone', async () => {
    const session = await signIn(t.app, 'dosen');
    await warm(session.access_token);
    expect((await revoke(session.refresh_token)).statusCode).toBe(200);
    await expectRefusedEverywhere(session.access_token);
  });

  it('after refresh-token reuse revoked the family, for the old and the new access token', async () => {
    const session = await signIn(t.app, 'mahasiswa');
    const rotated = await refresh(session.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    await warm(session.access_token);
    await warm(next.access_token);
    // The spent token presented again: someone else holds the family.
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    await expectRefusedEverywhere(session.access_token);
    await expectRefusedEverywhere(next.access_token);
  });

  it('after going back to the operator account, while the operator session goes on', async () => {
    const operator = await signIn(t.app, 'operator');
    const pkce = createPkcePair();
    const code = await post(t.app, '/v2/authorize/akun_lain', operator.access_token, {
      username: 'mahasiswa',
      client_id: 'web',
      redirect_uri: testRedirectUri,
      state: 's',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    expect(code.statusCode).toBe(200);
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/v2/access_token',
      headers: { 'college-id': 'demo' },
      payload: {
        grant_type: 'authorization_code',
        code: code.json().data.code,
        code_verifier: pkce.verifier,
        client_id: 'web',
        redirect_uri: testRedirectUri,
      },
    });
    const acting = exchanged.json();
    await warm(acting.access_token);
    const back = await post(t.app, '/v2/lms/log_aktivitas/kembali_ke_akun_operator', acting.access_token);
    expect(back.statusCode).toBe(200);
    await expectRefusedEverywhere(acting.access_token);
    // The acting family is gone: its refresh token gives nothing either.
    expect((await refresh(acting.refresh_token)).statusCode).toBe(401);
    expect((await userInfo(other, operator.access_token)).statusCode).toBe(200);
  });

  it('refuses within the bound when the session is revoked without a notice', async () => {
    const session = await signIn(t.app, 'dosen');
    await warm(session.access_token);
    await t.database.query(
      `update refresh_tokens set revoked_at = now()
        where family_id = (select family_id from refresh_tokens where user_id = (select id from users where username = 'dosen') order by created_at desc limit 1)`,
    );
    // Remembered a moment, then read again.
    const started = Date.now();
    await expect
      .poll(async () => (await userInfo(bounded, session.access_token)).statusCode, { timeout: 3000 })
      .toBe(401);
    expect(Date.now() - started).toBeLessThan(boundMs + 1500);
  });

  it('refuses a token whose session id names no session', async () => {
    const [user] = await t.database.query<{ id: string }>(`select id from users where username = 'dosen'`);
    const token = await t.app.tokens.sign({
      userId: user!.id,
      collegeId: 'demo',
      role: 'dosen',
      sessionId: '',
      actorUserId: null,
    });
    expect((await userInfo(t.app, token)).statusCode).toBe(401);
    const unknown = await t.app.tokens.sign({
      userId: user!.id,
      collegeId: 'demo',
      role: 'dosen',
      sessionId: '00000000-0000-4000-8000-000000000000',
      actorUserId: null,
    });
    expect((await userInfo(t.app, unknown)).statusCode).toBe(401);
  });
});

describe('an ended session closes its event streams', () => {
  it('closes the stream of the signed-out session on another instance, and keeps the others', async () => {
    await other.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.server.address() as AddressInfo).port;
    const open = async (token: string) => {
      const client = await openSseClient(
        `http://127.0.0.1:${port}/v2/lms/events?stream=sistem&access_token=${token}&college-id=demo`,
      );
      await client.next((m) => m.event === 'time');
      return client;
    };
    const leaving = await signIn(t.app, 'mahasiswa');
    const staying = await signIn(t.app, 'mahasiswa');
    const closing = await open(leaving.access_token);
    const kept = await open(staying.access_token);
    try {
      let ended = false;
      void closing.ended.then(() => (ended = true));
      expect((await post(t.app, '/v2/lms/log_aktivitas/logout', leaving.access_token)).statusCode).toBe(200);
      await expect.poll(() => ended, { timeout: 2000 }).toBe(true);
      // Reconnecting with the ended session's token is refused.
      const again = await other.inject(
        `/v2/lms/events?stream=sistem&access_token=${leaving.access_token}&college-id=demo`,
      );
      expect(again.statusCode).toBe(401);
      await kept.next((m) => m.event === 'time');
    } finally {
      closing.close();
      kept.close();
    }
  });
});
