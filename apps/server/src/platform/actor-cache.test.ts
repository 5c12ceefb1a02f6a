import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerHeaders, signIn } from '../testing/requests.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The cache as it runs in production (tests elsewhere read the caller's row on every request); a short
// bound keeps the test quick, the production bound is ACTOR_CACHE_SECONDS (≤ 5 s).
const boundMs = 600;
const afterBound = () => new Promise((r) => setTimeout(r, boundMs + 100));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ actorCacheMs: boundMs });
});
afterAll(async () => t.close());

const userInfo = (token: string) => t.app.inject({ url: '/v2/user_info', headers: bearerHeaders(token) });

describe('remembered callers (actor cache)', () => {
  it('refuses a deactivated user once the bound has passed', async () => {
    const { access_token } = await signIn(t.app, 'dosen');
    expect((await userInfo(access_token)).statusCode).toBe(200);
    await t.database.query(`update users set is_active = false where username = 'dosen'`);
    try {
      await afterBound();
      expect((await userInfo(access_token)).statusCode).toBe(401);
    } finally {
      await t.database.query(`update users set is_active = true where username = 'dosen'`);
      t.app.forgetActor();
    }
  });

  it('refuses at once on this instance when the server forgets the caller', async () => {
    const { access_token } = await signIn(t.app, 'dosen');
    expect((await userInfo(access_token)).statusCode).toBe(200);
    await t.database.query(`update users set is_active = false where username = 'dosen'`);
    try {
      t.app.forgetActor('demo');
      expect((await userInfo(access_token)).statusCode).toBe(401);
    } finally {
      await t.database.query(`update users set is_active = true where username = 'dosen'`);
      t.app.forgetActor();
    }
  });

  it('applies a change of operator rights within the bound', async () => {
    const { access_token } = await signIn(t.app, 'operator');
    const users = () => t.app.inject({ url: '/v2/lms/dosen', headers: bearerHeaders(access_token) });
    const before = (await users()).statusCode;
    expect(before).toBe(200);
    const rows = await t.database.query<{ operator_permissions: unknown }>(
      `select operator_permissions from users where username = 'operator'`,
    );
    await t.database.query(`update users set operator_permissions = '{}'::jsonb where username = 'operator'`);
    try {
      await afterBound();
      expect((await users()).statusCode).toBe(403);
    } finally {
      await t.database.query(`update users set operator_permissions = $1 where username = 'operator'`, [
        JSON.stringify(rows[0]!.operator_permissions),
      ]);
      t.app.forgetActor();
    }
  });

  it('refuses a token whose role no longer matches the user once the bound has passed', async () => {
    const { access_token } = await signIn(t.app, 'dosen');
    expect((await userInfo(access_token)).statusCode).toBe(200);
    await t.database.query(`update users set role = 'operator' where username = 'dosen'`);
    try {
      await afterBound();
      expect((await userInfo(access_token)).statusCode).toBe(401);
    } finally {
      await t.database.query(`update users set role = 'dosen' where username = 'dosen'`);
      t.app.forgetActor();
    }
  });

  it('never remembers a bad token', async () => {
    const { access_token } = await signIn(t.app, 'mahasiswa');
    const forged = `${access_token.slice(0, -4)}AAAA`;
    expect((await userInfo(forged)).statusCode).toBe(401);
    expect((await userInfo(access_token)).statusCode).toBe(200);
    expect((await userInfo(forged)).statusCode).toBe(401);
  });
});
