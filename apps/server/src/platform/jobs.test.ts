import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../testing/test-app.ts';
import { JobQueue, PGBOSS_10_SCHEMA } from './job-queue.ts';

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  const [user] = await t.database.query<{ id: string }>(`select id from users where username = 'mahasiswa'`);
  userId = user!.id;
});
afterAll(async () => t.close());

async function insertCode(hash: string, expiresAt: string): Promise<void> {
  await t.database.query(
    `insert into auth_codes (code_hash, college_id, user_id, client_id, redirect_uri, expires_at)
     values ($1, 'demo', $2, 'web', 'http://localhost/oauth', ${expiresAt})`,
    [hash, userId],
  );
}

async function insertToken(
  hash: string,
  expiresAt: string,
  extra: { usedAt?: string; revokedAt?: string } = {},
) {
  await t.database.query(
    `insert into refresh_tokens (token_hash, family_id, college_id, user_id, client_id, expires_at, used_at, revoked_at)
     values ($1, gen_random_uuid(), 'demo', $2, 'web', ${expiresAt}, ${extra.usedAt ?? 'null'}, ${extra.revokedAt ?? 'null'})`,
    [hash, userId],
  );
}

describe('job queue', () => {
  it('schedules the token cleanup hourly once workers start', async () => {
    await t.app.jobs.start();
    const rows = await t.database.query<{ name: string; cron: string }>(
      'select name, cron from pgboss.schedule',
    );
    expect(rows).toContainEqual({ name: 'token-cleanup', cron: '17 * * * *' });
  });

  it('purges codes and refresh tokens that ended more than a day ago, and nothing else', async () => {
    await insertCode('code-old', "now() - interval '2 days'");
    await insertCode('code-fresh', "now() + interval '1 minute'");
    await insertCode('code-expired-recently', "now() - interval '1 hour'");
    await insertToken('token-old', "now() - interval '25 hours'", { usedAt: "now() - interval '30 hours'" });
    await insertToken('token-revoked-old', "now() + interval '1 hour'", {
      revokedAt: "now() - interval '2 days'",
    });
    // Spent but its family still lives: kept, so presenting it again is detected as reuse.
    await insertToken('token-spent-live', "now() + interval '12 hours'", {
      usedAt: "now() - interval '1 hour'",
    });
    await insertToken('token-live', "now() + interval '12 hours'");

    const id = await t.app.jobs.send('token-cleanup');
    const deadline = Date.now() + 15_000;
    let state: string | null = null;
    while (Date.now() < deadline) {
      state = await t.app.jobs.state('token-cleanup', id);
      if (state === 'completed' || state === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(state).toBe('completed');

    const codes = await t.database.query<{ code_hash: string }>(
      'select code_hash from auth_codes order by 1',
    );
    expect(codes.map((r) => r.code_hash)).toEqual(
      expect.arrayContaining(['code-expired-recently', 'code-fresh']),
    );
    expect(codes.map((r) => r.code_hash)).not.toContain('code-old');
    const tokens = (
      await t.database.query<{ token_hash: string }>('select token_hash from refresh_tokens')
    ).map((r) => r.token_hash);
    expect(tokens).toEqual(expect.arrayContaining(['token-spent-live', 'token-live']));
    expect(tokens).not.toContain('token-old');
    expect(tokens).not.toContain('token-revoked-old');
  });

  it('lets instances starting together create the same new queues (no deadlock on PostgreSQL)', async () => {
    const suffix = Date.now().toString(36);
    const errors: unknown[] = [];
    const instances = Array.from({ length: 3 }, () => {
      const queue = new JobQueue(t.database, { workers: true, onError: (error) => errors.push(error) });
      for (const kind of ['a', 'b', 'c', 'd']) {
        queue.define({ name: `bersama-${kind}-${suffix}`, async handler() {} });
      }
      return queue;
    });
    await Promise.all(instances.map((queue) => queue.start()));
    await Promise.all(instances.map((queue) => queue.stop()));
    const queues = await t.database.query<{ count: number }>(
      `select count(*)::int as count from pgboss.queue where name like $1`,
      [`bersama-%-${suffix}`],
    );
    expect(queues[0]?.count).toBe(4);
    expect(errors).toEqual([]);
  });

  it('starts on a new database when instances install pg-boss together, trying again after a failed start', async () => {
    const copy = await openTestDatabase();
    try {
      const { database } = copy;
      // pg-boss's schema install fails once, as the loser of the race does.
      let failures = 1;
      const flaky: typeof database = {
        ...database,
        execAll: async (text) => {
          if (failures > 0 && /create schema/i.test(text)) {
            failures--;
            throw new Error('duplicate key value violates unique constraint "pg_namespace_nspname_index"');
          }
          return database.execAll(text);
        },
      };
      const errors: unknown[] = [];
      // The embedded database is one connection of one instance: there, the failed start alone.
      const handles = database.kind === 'postgres' ? [flaky, database, database] : [flaky];
      const instances = handles.map((handle) => {
        const queue = new JobQueue(handle, { workers: true, onError: (error) => errors.push(error) });
        queue.define({ name: 'baru', async handler() {} });
        return queue;
      });
      await Promise.all(instances.map((queue) => queue.start()));
      await Promise.all(instances.map((queue) => queue.stop()));
      expect(failures).toBe(0);
      // The injected failure is reported (on PostgreSQL the real race may add its own, alike).
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(String(errors[0])).toMatch(/pg_namespace_nspname_index/);
      const [queue] = await database.query<{ count: number }>(
        `select count(*)::int as count from pgboss.queue where name = 'baru'`,
      );
      expect(queue?.count).toBe(1);
      await database.close();
    } finally {
      await copy.drop();
    }
  }, 60_000);

  it('forgets a start that failed every try, so the next send starts the queue', async () => {
    const copy = await openTestDatabase();
    try {
      const { database } = copy;
      let down = true;
      const queue = new JobQueue(
        {
          ...database,
          exec: async (text) => (down ? Promise.reject(new Error('database down')) : database.exec(text)),
        },
        { workers: false, onError: () => undefined },
      );
      queue.define({ name: 'nanti', async handler() {} });
      await expect(queue.start()).rejects.toThrow('database down');
      down = false;
      await expect(queue.send('nanti')).resolves.toMatch(/^[0-9a-f-]{36}$/);
      await queue.stop();
      await database.close();
    } finally {
      await copy.drop();
    }
  }, 60_000);

  it('refuses to send a job nobody defined', async () => {
    await expect(t.app.jobs.send('tidak-ada')).rejects.toThrow(/unknown job/);
  });

  it('runs a one-time job once for instances starting together, records it, and never queues it again', async () => {
    let runs = 0;
    const errors: unknown[] = [];
    const queueWithOnceJob = () => {
      const queue = new JobQueue(t.database, {
        workers: true,
        onError: (error) => errors.push(error),
        pollingIntervalSeconds: 0.5,
      });
      queue.define({
        name: 'sekali-uji',
        once: true,
        async handler() {
          runs++;
          await new Promise((r) => setTimeout(r, 300));
        },
      });
      return queue;
    };
    const completed = async () =>
      (await t.database.query(`select 1 from completed_once_jobs where name = 'sekali-uji'`)).length === 1;

    const first = [queueWithOnceJob(), queueWithOnceJob()];
    await Promise.all(first.map((queue) => queue.start()));
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && !(await completed())) await new Promise((r) => setTimeout(r, 200));
    expect(await completed()).toBe(true);
    // A second queued copy (an instance sending while the first ran) finds the record and does nothing.
    await new Promise((r) => setTimeout(r, 1_500));
    await Promise.all(first.map((queue) => queue.stop()));
    expect(runs).toBe(1);

    const later = queueWithOnceJob();
    await later.start();
    await new Promise((r) => setTimeout(r, 1_500));
    await later.stop();
    expect(runs).toBe(1);
    expect(errors).toEqual([]);
  });

  it('runs the exam answer files sweep as a one-time job', async () => {
    await t.app.jobs.start();
    const deadline = Date.now() + 15_000;
    let rows: unknown[] = [];
    while (Date.now() < deadline) {
      rows = await t.database.query(
        `select 1 from completed_once_jobs where name = 'exam-answer-files-private'`,
      );
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(rows).toHaveLength(1);
  });

  it('refuses a one-time job with a schedule', () => {
    const queue = new JobQueue(t.database, { workers: false, onError: () => undefined });
    expect(() =>
      queue.define({ name: 'sekali-terjadwal', once: true, cron: '* * * * *', handler: async () => {} }),
    ).toThrow(/one-time job/);
  });

  // A database that pg-boss 10 used: its schema (version 24) cannot be migrated by pg-boss 12. The
  // tables here hold only what the carry-over reads (pg-boss 10's own have more columns).
  it('moves a pg-boss 10 schema aside, queues its unfinished jobs again on pg-boss 12, then drops it', async () => {
    const copy = await openTestDatabase();
    try {
      const { database } = copy;
      await database.exec(`
        create schema pgboss;
        create table pgboss.version (version int primary key);
        insert into pgboss.version values (24);
        create table pgboss.job (name text, data jsonb, state text);
        insert into pgboss.job values
          ('lama', '{"n": 1}', 'created'), ('lama', '{"n": 2}', 'retry'),
          ('lama', '{"n": 3}', 'completed'), ('tak-dikenal', '{}', 'created');
      `);
      const seen: number[] = [];
      const errors: unknown[] = [];
      const queue = new JobQueue(database, {
        workers: true,
        onError: (error) => errors.push(error),
        pollingIntervalSeconds: 0.5,
      });
      queue.define<{ n: number }>({
        name: 'lama',
        async handler(data) {
          seen.push(data.n);
        },
      });
      await queue.start();
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && seen.length < 2) await new Promise((r) => setTimeout(r, 200));
      await queue.stop();

      expect(seen.sort()).toEqual([1, 2]);
      expect(errors).toEqual([]);
      const [version] = await database.query<{ version: number }>('select version from pgboss.version');
      expect(version!.version).toBeGreaterThanOrEqual(25);
      const aside = await database.query(`select 1 from pg_namespace where nspname = $1`, [PGBOSS_10_SCHEMA]);
      expect(aside).toEqual([]);
      await database.close();
    } finally {
      await copy.drop();
    }
  }, 60_000);
});
