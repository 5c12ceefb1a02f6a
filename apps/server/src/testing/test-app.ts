import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createTenantGuard } from '../db/tenant-guard.ts';
import { schemaTables } from '../platform/area-modules.ts';
import { testFileStoreConfig } from './s3-test-server.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The statements the ORM sent while `run` ran: holds a route to the reads it needs. */
  statementsDuring(run: () => Promise<unknown>): Promise<string[]>;
  close(): Promise<void>;
}

type StatementListener = (statement: string) => void;

/** Opens a fresh copy of the migrated, seeded template database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function openTestDatabase(onStatement?: StatementListener): Promise<{
  database: Database;
  /** PostgreSQL only: the copy's address, to open it a second time (a second server instance). */
  url?: string;
  drop(): Promise<void>;
}> {
  const template = inject('templateDatabase');
  const guard = createTenantGuard(schemaTables());
  const checkStatement = (statement: string, params: readonly unknown[]) => {
    guard(statement, params);
    onStatement?.(statement);
  };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const blob = new Blob([readFileSync(template)]);
    const database = await openDatabase({ loadDataDir: blob, checkStatement });
    return { database, drop: async () => undefined };
  }
  const name = `lms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), checkStatement });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface TestAppOptions {
  /** Adds test-only routes or hooks before the app is ready. */
  extend?(app: FastifyInstance): void | Promise<void>;
}

/** The configuration tests run with: fixed token secret, no job workers, no web app. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123', JOBS: 'off', SEED: 'demo' }),
    webDistDir: undefined,
    // Tests change users with SQL and expect the next request to see it; the cache has its own tests.
    actorCacheMs: 0,
    // Every test signs in from one address; the per-address sign-in limit has its own tests.
    rateLimitLoginPerAddressPerMinute: 100_000,
    // A busy test machine must not shed a suite's requests; load shedding has its own tests.
    pressureMaxEventLoopDelayMs: 0,
    pressureMaxHeapBytes: 0,
    pressureMaxRequestsInFlight: 0,
    pressureMaxQueueMs: 0,
    pressureLatencyTargetMs: 0,
    // TEST_FILE_STORE=s3: the files in s3rver's bucket (s3-global-setup.ts), else on local disk.
    s3: testFileStoreConfig(),
    ...overrides,
  };
}

/** Builds and readies the app on a database the caller opened (a second instance on a shared one). */
export async function buildTestApp(
  database: Database,
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  await options.extend?.(app);
  await app.ready();
  return app;
}

/** Builds the app on a fresh database for one test file. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  let recording: string[] | undefined;
  const { database, drop } = await openTestDatabase((statement) => recording?.push(statement));
  const config = testConfig(overrides);
  const app = await buildTestApp(database, config, options);
  return {
    app,
    database,
    config,
    async statementsDuring(run) {
      recording = [];
      try {
        await run();
        return recording;
      } finally {
        recording = undefined;
      }
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** Turns a college's unpaid-fee restriction (Pembatasan Akses › tunggakan biaya) on or off, as the operator's setting does. */
export async function setFeeRestriction(t: TestApp, collegeId: string, aktif: boolean): Promise<void> {
  await t.database.query(
    `update colleges set settings = jsonb_set(settings, '{pembatasan_akses}',
       coalesce(settings->'pembatasan_akses', '{}'::jsonb) || $1::jsonb) where id = $2`,
    [JSON.stringify({ tunggakan_biaya: { aktif } }), collegeId],
  );
  t.app.invalidateCollegeCache();
}
