import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { countAppliedMigrations, countShippedMigrations } from './db/migration-status.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-migrate-'));
const serverUrl = process.env.TEST_DATABASE_URL;
let databaseUrl: string | undefined;
let dropDatabase = async () => undefined as void;

/** Runs one of the server's entry points as its own process; answers its exit code and output. */
function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      TOKEN_SECRET: 'migrate-test-secret-migrate-test-secret',
      PORT: '0',
      HOST: '127.0.0.1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

beforeAll(async () => {
  // An empty database: on PostgreSQL a new one on the test server, else a new embedded data folder.
  if (!serverUrl) return;
  const name = `lms_migrate_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
});

afterAll(async () => {
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function appliedMigrations(): Promise<number> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    return await countAppliedMigrations(database);
  } finally {
    await database.close();
  }
}

describe('the migrate command', () => {
  it('a server told not to migrate refuses an unmigrated database; the command migrates it, then has nothing to do', async () => {
    const shipped = countShippedMigrations();

    const refused = await run('src/main.ts', { MIGRATE_ON_START: 'false' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `The database holds 0 of this build's ${shipped} migrations and MIGRATE_ON_START=false`,
    );
    expect(refused.output).not.toContain('Server listening');

    const first = await run('src/migrate-command.ts', {});
    expect(first.output.trim()).toBe(
      `Migrated: ${shipped} applied, the database now holds ${shipped} of ${shipped}.`,
    );
    expect(first.code).toBe(0);
    expect(await appliedMigrations()).toBe(shipped);

    const second = await run('src/migrate-command.ts', {});
    expect(second.output.trim()).toBe(
      `Nothing to migrate: the database holds all ${shipped} migrations of this build.`,
    );
    expect(second.code).toBe(0);
    expect(await appliedMigrations()).toBe(shipped);
  }, 300_000);

  it('stops with one line naming the variable when the configuration is invalid', async () => {
    const result = await run('src/migrate-command.ts', { DATABASE_POOL_MAX: 'banyak' });
    expect(result.code).toBe(1);
    expect(result.output.trim()).toMatch(/^Invalid configuration: DATABASE_POOL_MAX [^\n]+$/);
  }, 60_000);
});
