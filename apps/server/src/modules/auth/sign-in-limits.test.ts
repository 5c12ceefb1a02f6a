import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@lms/contract/error-messages';
import { requestAuthorization } from '../../testing/requests.ts';
import { createUser } from '../../testing/factories.ts';
import { buildTestApp, createTestApp, type TestApp } from '../../testing/test-app.ts';

// Sign-in is bounded three ways: per address across usernames (password spraying), per account name
// across addresses (one account tried from many), and by a cap on concurrent password hashing.

const perAddress = 20;
let t: TestApp;
/** A second instance on the same database whose hash cap is one at a time with one waiting. */
let capped: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerAddressPerMinute: perAddress });
  capped = await buildTestApp(t.database, {
    passwordHashConcurrency: 1,
    passwordHashQueue: 1,
    rateLimitLoginPerAddressPerMinute: 1000,
    rateLimitLoginPerMinute: 1000,
  });
});
afterAll(async () => {
  await capped?.close();
  await t.close();
});

function authorize(username: string, password: string, address: string, app = t.app) {
  return requestAuthorization(app, { username, password, address });
}

describe('per address, across usernames', () => {
  it('limits 40 usernames tried from one address, and not the next address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await authorize(`semprot.${i}`, 'tebakan-salah', '10.1.0.1');
      answers.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().status).toEqual({
          code: 'login_terlalu_sering',
          message: errorMessages.login_terlalu_sering,
        });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(answers.slice(0, perAddress)).toEqual(Array(perAddress).fill(401));
    expect(answers.slice(perAddress)).toEqual(Array(40 - perAddress).fill(429));
    expect((await authorize('semprot.lain', 'tebakan-salah', '10.1.0.2')).statusCode).toBe(401);
  });

  it('lets a whole campus behind one NAT address sign in: only failures count', async () => {
    const users = await Promise.all(
      Array.from({ length: perAddress + 5 }, () =>
        createUser(t.database, { collegeId: 'demo', role: 'mahasiswa' }),
      ),
    );
    // A few typos on the way do not add up to a limit for everyone else.
    for (let i = 0; i < 3; i++) {
      expect((await authorize(`salah.ketik.${i}`, 'salah-ketik', '10.1.9.9')).statusCode).toBe(401);
    }
    for (const user of users) {
      const res = await authorize(user.username, user.password, '10.1.9.9');
      expect(res.statusCode, user.username).toBe(200);
    }
  });
});

describe('per account name, across addresses', () => {
  it('makes one account wait after five failures from many addresses, even for the right password', async () => {
    const user = await createUser(t.database, { collegeId: 'demo', role: 'dosen' });
    for (let i = 0; i < 6; i++) {
      const res = await authorize(user.username, 'tebakan-salah', `10.2.0.${i + 1}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const waiting = await authorize(user.username.toUpperCase(), user.password, '10.2.1.1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().status.code).toBe('login_ditunda');
    expect(waiting.json().status.message).toMatch(
      /^Terlalu banyak percobaan masuk yang gagal untuk akun ini\. Silakan coba lagi dalam \d+ detik\.$/,
    );
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);

    // After the wait the right password works and clears the count.
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await authorize(user.username, user.password, '10.2.1.2')).statusCode).toBe(200);
    const rows = await t.database.query(`select 1 from sign_in_failures where username = $1`, [
      user.username.toLowerCase(),
    ]);
    expect(rows).toEqual([]);
  });

  it('doubles the wait with each further failure, up to 15 minutes', async () => {
    const name = 'tidak.ada.akun';
    await t.database.query(
      `insert into sign_in_failures (college_id, username, failures, last_failed_at, locked_until)
       values ('demo', $1, 10, now(), now() - interval '1 second')`,
      [name],
    );
    expect((await authorize(name, 'tebakan-salah', '10.3.0.1')).statusCode).toBe(401);
    const [row] = await t.database.query<{ failures: number; wait: number }>(
      `select failures, extract(epoch from locked_until - now())::float as wait
         from sign_in_failures where username = $1`,
      [name],
    );
    expect(row!.failures).toBe(11);
    expect(row!.wait).toBeGreaterThan(60);
    expect(row!.wait).toBeLessThanOrEqual(64);
    const refused = await authorize(name, 'tebakan-salah', '10.3.0.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);

    await t.database.query(
      `update sign_in_failures set failures = 40, locked_until = null where username = $1`,
      [name],
    );
    await authorize(name, 'tebakan-salah', '10.3.0.3');
    const [capped15] = await t.database.query<{ wait: number }>(
      `select extract(epoch from locked_until - now())::float as wait from sign_in_failures where username = $1`,
      [name],
    );
    expect(capped15!.wait).toBeGreaterThan(890);
    expect(capped15!.wait).toBeLessThanOrEqual(900);
  });
});

describe('concurrent password hashing', () => {
  it('answers a burst beyond the cap with 503 and Retry-After at once instead of queueing it', async () => {
    const started = Date.now();
    const timed = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        authorize(`serbu.${i}`, 'tebakan-salah', `10.4.0.${i + 1}`, capped).then((res) => ({
          res,
          ms: Date.now() - started,
        })),
      ),
    );
    const busy = timed.filter(({ res }) => res.statusCode === 503);
    const checked = timed.filter(({ res }) => res.statusCode === 401);
    expect(busy.length + checked.length).toBe(16);
    // One hashing and one waiting at a time: most of the burst is turned away.
    expect(busy.length).toBeGreaterThanOrEqual(8);
    for (const { res } of busy) {
      expect(res.json().status).toEqual({ code: 'server_sibuk', message: errorMessages.server_sibuk });
      expect(res.headers['retry-after']).toBe('1');
    }
    // Turned away without waiting for the hashes ahead of them.
    const slowestCheck = Math.max(...checked.map(({ ms }) => ms));
    expect(Math.max(...busy.map(({ ms }) => ms))).toBeLessThan(slowestCheck);
    expect(capped.passwordHashing.load).toEqual({ running: 0, waiting: 0 });
  });
});
