import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { signIn } from '../testing/requests.ts';
import { streamKey } from './event-hub.ts';
import { openSseClient } from '../testing/sse-client.ts';
import { buildTestApp, openTestDatabase } from '../testing/test-app.ts';

// Two server instances on one PostgreSQL database, as behind a load balancer. PGlite is one process's
// database, so this runs only against a server (TEST_DATABASE_URL, e.g. scripts/with-postgres.sh).
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let first: Awaited<ReturnType<typeof openTestDatabase>>;
  let secondDatabase: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    first = await openTestDatabase();
    secondDatabase = await openDatabase({ databaseUrl: first.url! });
    a = await buildTestApp(first.database);
    b = await buildTestApp(secondDatabase);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await secondDatabase?.close();
    await first?.database.close();
    await first?.drop();
  });

  it('delivers an event published through A to an SSE client of B', async () => {
    await b.listen({ port: 0, host: '127.0.0.1' });
    // A real account: every request loads its caller afresh, so a token for a user that does not exist
    // is refused.
    const token = (await signIn(b, 'mahasiswa')).access_token;
    const port = (b.server.address() as AddressInfo).port;
    const client = await openSseClient(
      `http://127.0.0.1:${port}/v2/lms/events?stream=sistem&access_token=${token}&college-id=demo`,
    );
    try {
      await client.next((m) => m.event === 'time');
      await a.events.publish(streamKey('demo', 'sistem'), 'pengumuman', { id: 'dari-a' });
      const message = await client.next((m) => m.event === 'pengumuman');
      expect(JSON.parse(message.data!)).toEqual({ id: 'dari-a' });
    } finally {
      client.close();
    }
  });

  it('keeps delivering after the LISTEN connection is cut (it reconnects)', async () => {
    const received: unknown[] = [];
    const unsubscribe = b.events.subscribe(streamKey('demo', 'sistem'), (_event, data) =>
      received.push(data),
    );
    try {
      const cut = await first.database.query<{ pid: number }>(
        `select pg_terminate_backend(pid) as pid from pg_stat_activity
         where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      expect(cut.length).toBeGreaterThanOrEqual(1);
      // Publish until B has reconnected (first retry after 0.5 s).
      const deadline = Date.now() + 15_000;
      while (received.length === 0 && Date.now() < deadline) {
        await a.events.publish(streamKey('demo', 'sistem'), 'uji', { after: 'reconnect' });
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(received[0]).toEqual({ after: 'reconnect' });
    } finally {
      unsubscribe();
    }
  });

  it('refuses on B a refresh token already rotated on A', async () => {
    const tokens = await signIn(a, 'mahasiswa');
    const refresh = (app: FastifyInstance, refreshToken: string) =>
      app.inject({
        method: 'POST',
        url: '/v2/access_token',
        headers: { 'college-id': 'demo' },
        payload: { grant_type: 'refresh_token', client_id: 'web', refresh_token: refreshToken },
      });
    const rotated = await refresh(a, tokens.refresh_token);
    expect(rotated.statusCode).toBe(200);

    const reused = await refresh(b, tokens.refresh_token);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().status.code).toBe('invalid_grant');
    // Reuse revoked the family: the token A handed out last is dead on both instances too.
    expect((await refresh(a, rotated.json().refresh_token)).statusCode).toBe(401);
  });

  it('lets two instances starting together migrate an empty database once', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `lms_migrate_${randomUUID().slice(0, 8)}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const both = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url.toString() })));
    try {
      await Promise.all(both.map((database) => database.migrate()));
      const [row] = await both[0]!.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(row!.n).toBeGreaterThan(0);
    } finally {
      await Promise.all(both.map((database) => database.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
