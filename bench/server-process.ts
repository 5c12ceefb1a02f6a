// What the benchmarks share: their clean-up and run, the demo database, the built server as a child
// process, and signing in to it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { startCluster } from './postgres-cluster.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const collegeHeaders = { 'college-id': 'demo' };

const cleanups: Array<() => Promise<void> | void> = [];

/** Adds a step for when the bench ends (a server, a cluster, a connection): the last added runs first. */
export function onCleanup(step: () => Promise<void> | void): void {
  cleanups.push(step);
}

/** Runs the added clean-up steps once, newest first. */
async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error('clean-up failed:', error);
    }
  }
}

/**
 * Runs a bench's main: its clean-up steps run when it ends, when it fails (exit code 1) and when it is
 * interrupted (SIGINT, SIGTERM: exit code 130).
 */
export async function runBench(main: () => Promise<void>): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cleanUp().then(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

/** The bench's database: BENCH_DATABASE_URL, or a throw-away cluster on `pgPort` (stopped at the end). */
export async function benchDatabaseUrl(pgPort: number): Promise<string> {
  return process.env.BENCH_DATABASE_URL ?? (await startCluster(pgPort, onCleanup)).url;
}

/** Migrates the database and seeds the demo university into it when it has no college yet. */
export async function prepareDemoDatabase(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    const [row] = await database.query<{ n: number }>('select count(*)::int as n from colleges');
    if (!row?.n) {
      const { seedDemoUniversity } = await import('../apps/server/src/db/seed/demo-university.seed.ts');
      await seedDemoUniversity(database.db);
      // Planner statistics, as an installation in use has them (autovacuum gathers them a minute or so
      // after a bulk load): without them prepared statements settle on plans that scan a college's rows.
      await database.query('analyze');
    }
  } finally {
    await database.close();
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the server bundle when it is missing or older than its sources. */
export function buildServerIfNeeded(): void {
  const bundle = path.join(root, 'apps/server/dist/main.js');
  const sources = ['apps/server/src', 'packages/contract/src'].map((d) => newestMtime(path.join(root, d)));
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= Math.max(...sources)) return;
  console.log('building the server …');
  execFileSync('npm', ['run', 'build', '-w', '@lms/server'], { cwd: root, stdio: 'inherit' });
}

/**
 * Starts the built server on `databaseUrl` at 127.0.0.1:`port` and waits until it is ready; its stop is
 * handed to `onCleanup`. `env` adds or overrides server variables.
 */
export async function startBuiltServer(
  databaseUrl: string,
  port: number,
  onCleanup: (step: () => Promise<void> | void) => void,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-bench-data-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const child = spawn(process.execPath, [...profile, 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // The sign-in workload signs in thousands of times from one address.
      RATE_LIMIT_LOGIN_PER_MINUTE: '10000000',
      RATE_LIMIT_TOKEN_PER_MINUTE: '10000000',
      RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '10000000',
      // The storm measures how fast sign-ins are served, not how many the hash cap turns away.
      PASSWORD_HASH_QUEUE: '10000',
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  onCleanup(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/health/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready within 60 s');
}

const codeVerifier = 'bench-code-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';
const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');

/** The sign-in request bodies and a one-shot sign-in against the server at `baseUrl`. */
export function signInHelpers(baseUrl: string) {
  const redirectUri = `${baseUrl}/oauth`;
  const authorizeBody = (username: string) =>
    JSON.stringify({
      username,
      password: 'demo12345',
      client_id: 'web',
      redirect_uri: redirectUri,
      state: 'bench',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
  const tokenBody = (code: string) =>
    JSON.stringify({
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      client_id: 'web',
      redirect_uri: redirectUri,
    });
  const jsonHeaders = { ...collegeHeaders, 'content-type': 'application/json' };

  /** Signs in once through /v2/authorize and /v2/access_token; undefined when the routes are missing. */
  async function signIn(username: string): Promise<string | undefined> {
    const authorize = await fetch(`${baseUrl}/v2/authorize`, {
      method: 'POST',
      headers: jsonHeaders,
      body: authorizeBody(username),
    });
    if (authorize.status === 404) return undefined;
    if (!authorize.ok)
      throw new Error(`POST /v2/authorize answered ${authorize.status}: ${await authorize.text()}`);
    const { data } = (await authorize.json()) as { data: { code: string } };
    const token = await fetch(`${baseUrl}/v2/access_token`, {
      method: 'POST',
      headers: jsonHeaders,
      body: tokenBody(data.code),
    });
    if (!token.ok) throw new Error(`POST /v2/access_token answered ${token.status}: ${await token.text()}`);
    return ((await token.json()) as { access_token: string }).access_token;
  }
  return { authorizeBody, tokenBody, jsonHeaders, signIn };
}
