import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** Opens a fresh copy of the migrated, seeded template database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const template = inject('templateDatabase');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const blob = new Blob([readFileSync(template)]);
    const database = await openDatabase({ loadDataDir: blob });
    return { database, drop: async () => undefined };
  }
  const name = `lms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Builds the app on a fresh database for one test file. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const config: AppConfig = {
    ...loadConfig({ TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123', JOBS: 'off' }),
    webDistDir: undefined,
    ...overrides,
  };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
