import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@lms/contract/error-messages';
import { openDatabase, type Database } from '../db/database.ts';
import { requestAuthorization } from '../testing/requests.ts';
import { buildTestApp, openTestDatabase } from '../testing/test-app.ts';
import { countRequest, readRequestCount } from './rate-limit-store.ts';
import { deleteExpiredTokens } from './token-cleanup.repository.ts';

// Two instances on one database count against the same limits. On PostgreSQL the second instance has
// its own connection pool, as a second process would; PGlite is one process's embedded database, so
// there the two apps share its one connection (the counters are still only in the database).

const limits = {
  rateLimitLoginPerMinute: 3,
  rateLimitLoginPerAddressPerMinute: 4,
  rateLimitTokenPerMinute: 2,
};
let database: Database;
let secondDatabase: Database | undefined;
let drop: () => Promise<void>;
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  const opened = await openTestDatabase();
  ({ database, drop } = opened);
  if (opened.url) secondDatabase = await openDatabase({ databaseUrl: opened.url });
  first = await buildTestApp(database, limits);
  second = await buildTestApp(secondDatabase ?? database, limits);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await secondDatabase?.close();
  await database?.close();
  await drop?.();
});

/** The instance of the `i`-th request: they alternate, as behind a round-robin proxy. */
const instance = (i: number) => (i % 2 === 0 ? first : second);

function authorize(app: FastifyInstance, username: string, address: string) {
  return requestAuthorization(app, { username, password: 'tebakan-salah', address });
}

describe('two instances on one database', () => {
  it('share the sign-in limit per address and username', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await authorize(instance(i), 'bergantian', '10.20.0.1'));
    expect(answers.map((res) => res.statusCode)).toEqual([401, 401, 401, 429, 429]);
    expect(answers[3]!.json().status).toEqual({ code: 'rate_limited', message: errorMessages.rate_limited });
    for (const res of answers.slice(3)) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another username from the same address is counted apart.
    expect((await authorize(second, 'lainnya', '10.20.0.1')).statusCode).toBe(401);
  });

  it('share the count of failed sign-ins per address across usernames', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await authorize(instance(i), `semprot.${i}`, '10.20.1.1'));
    expect(answers.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(answers[4]!.json().status).toEqual({
      code: 'login_terlalu_sering',
      message: errorMessages.login_terlalu_sering,
    });
    expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await authorize(first, 'semprot.lain', '10.20.1.2')).statusCode).toBe(401);
  });

  it('share the token endpoint limit', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await instance(i).inject({
          method: 'POST',
          url: '/v2/revoke',
          headers: { 'college-id': 'demo' },
          remoteAddress: '10.20.2.1',
          payload: { token: 'bukan-token', client_id: 'web' },
        }),
      );
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 429]);
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the counters', () => {
  it('start a new window once the old one ended, and the hourly cleanup removes ended ones', async () => {
    expect(await countRequest(database, 'test', 'a', 60_000)).toMatchObject({ count: 1 });
    const second = await countRequest(database, 'test', 'a', 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(59_000);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    await database.query(`update rate_limit_counters set expires_at = now() - interval '1 second'`);
    expect(await readRequestCount(database, 'test', 'a')).toEqual({ count: 0, ttlMs: 0 });
    expect((await deleteExpiredTokens(first.db)).rateLimitCounters).toBeGreaterThanOrEqual(1);
    expect(await database.query(`select 1 from rate_limit_counters`)).toEqual([]);
    expect(await countRequest(database, 'test', 'a', 60_000)).toMatchObject({ count: 1 });
  });

  it('count concurrent requests once each', async () => {
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countRequest(secondDatabase ?? database, 'test', 'serentak', 60_000)),
    );
    expect(counts.map(({ count }) => count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('add little time to a sign-in: one count of the route and one read of the address failures', async () => {
    const signIns = 300;
    const started = performance.now();
    for (let i = 0; i < signIns; i++) {
      await countRequest(database, 'POST /v2/authorize', `10.30.${i >> 8}.${i & 255}|ukur`, 60_000);
      await readRequestCount(database, 'sign-in-failures-per-address', `10.30.${i >> 8}.${i & 255}`);
    }
    const perSignInMs = (performance.now() - started) / signIns;
    console.info(`rate limit counters: ${perSignInMs.toFixed(2)} ms per sign-in over ${signIns}`);
    expect(perSignInMs).toBeLessThan(20);
  });
});
