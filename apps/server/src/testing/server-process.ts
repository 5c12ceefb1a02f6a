import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where a test file's server processes keep their data: `databaseUrl` is set once `beforeAll` has run. */
export interface EmptyDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
}

/**
 * An empty database for the file (what SEED=none leaves, before migrating): on PostgreSQL a new one on
 * the test server, else a new embedded data folder. Both go after the file's tests.
 */
export function useEmptyDatabase(prefix: string): EmptyDatabase {
  const place: EmptyDatabase = {
    dataDir: mkdtempSync(path.join(tmpdir(), `lms-${prefix}-`)),
    databaseUrl: undefined,
  };
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => undefined as void;
  beforeAll(async () => {
    if (!serverUrl) return;
    const name = `lms_${prefix}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    place.databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(place.dataDir, { recursive: true, force: true });
  });
  return place;
}

/**
 * Runs one of the server's entry points (`src/….ts` and its arguments) as its own process on `place`,
 * with `stdin` as its input; answers its exit code and output.
 */
export function runServerEntry(
  args: string[],
  place: EmptyDatabase,
  options: { env: Record<string, string>; stdin?: string },
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: place.dataDir,
      ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(options.stdin ?? '');
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
