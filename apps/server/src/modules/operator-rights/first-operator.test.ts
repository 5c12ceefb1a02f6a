import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorRights } from '@lms/contract/operator-rights.schema';
import { openDatabase } from '../../db/database.ts';
import { authedRequest, signIn } from '../../testing/requests.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { fullRights } from './first-operator.service.ts';

// The command on an empty database (what SEED=none leaves), then a sign-in through the app.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-first-operator-'));
const serverUrl = process.env.TEST_DATABASE_URL;
let databaseUrl: string | undefined;
let dropDatabase = async () => undefined as void;
const password = 'kata-sandi-pertama-1';

function run(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/create-operator-command.ts', ...args], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      TOKEN_SECRET: 'first-operator-test-secret-first-operator',
      PUBLIC_URL: 'https://lms.kampus-a.ac.id',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(options.stdin ?? '');
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

beforeAll(async () => {
  if (!serverUrl) return;
  const name = `lms_first_${randomBytes(6).toString('hex')}`;
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

describe('the create-operator command', () => {
  it('makes the college and its first operator on an empty database, who then signs in with every right', async () => {
    const args = ['--college', 'kampus-a', '--nama', 'Universitas Kampus A', '--username', 'admin'];
    const noPassword = await run(args);
    expect(noPassword.code).toBe(1);
    expect(noPassword.output).toContain('the password is not valid');

    const created = await run(args, { stdin: `${password}\n` });
    expect(created.output).toContain('Created college kampus-a and its operator admin.');
    expect(created.output).toContain('Sign in at https://lms.kampus-a.ac.id/login as admin');
    expect(created.output).not.toContain(password);
    expect(created.code).toBe(0);

    // Again: refused, nothing changes (the password from the environment this time).
    const again = await run(args, { env: { LMS_OPERATOR_PASSWORD: password } });
    expect(again.code).toBe(1);
    expect(again.output).toContain('Refused: college kampus-a already has a user admin');

    const database = await openDatabase({ databaseUrl, dataDir });
    const app = await buildTestApp(database);
    try {
      // No college-id header: the only college is the default.
      const [college] = await database.query<{ id: string; is_default: boolean }>(
        `select id, is_default from colleges`,
      );
      expect(college).toEqual({ id: 'kampus-a', is_default: true });
      const tokens = await signIn(app, { username: 'admin', collegeId: 'kampus-a', password });
      const res = await authedRequest<{ data: OperatorRights[] }>(app, tokens.access_token, {
        url: '/v2/lms/hak-akses-operator',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toEqual([
        expect.objectContaining({
          username: 'admin',
          is_active: true,
          lingkup: 'A:T',
          hak_akses: fullRights,
        }),
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  }, 300_000);

  it('refuses a password given as an argument', async () => {
    const result = await run(['--college', 'kampus-b', '--username', 'admin', '--password', 'rahasia123']);
    expect(result.code).toBe(1);
    expect(result.output).toContain("Unknown option '--password'");
  }, 60_000);
});
