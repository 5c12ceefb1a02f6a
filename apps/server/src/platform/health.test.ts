import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countShippedMigrations } from '../db/migration-status.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('/health/ready', () => {
  it('is ready when every shipped migration is applied', async () => {
    const res = await t.app.inject('/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', migrations: countShippedMigrations() });
  });

  it('is not ready while a migration is missing', async () => {
    const [last] = await t.database.query<{ id: number; hash: string; created_at: string }>(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *',
    );
    const res = await t.app.inject('/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', reason: 'migrations' });
    await t.database.query(
      'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
      [last!.id, last!.hash, last!.created_at],
    );
    expect((await t.app.inject('/health/ready')).statusCode).toBe(200);
  });

  it('is not ready when the database does not answer, while still live', async () => {
    await t.database.close();
    const res = await t.app.inject('/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', reason: 'database' });
    expect((await t.app.inject('/health/live')).statusCode).toBe(200);
  });
});
