import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './testing/test-app.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `src/main.ts` as the real process would run, with its own environment. */
function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor<T>(
  find: () => T | undefined,
  timeoutMs: number,
  what: string,
  out: () => string,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`${what} did not happen; output:\n${out()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the server process', () => {
  // The project brings Node 24 (root optionalDependencies link node_modules/.bin/node); on a machine whose
  // own Node is older, this fails if npm's scripts did not pick it up.
  it('runs on Node 24 or newer', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it('stops on invalid configuration with one line naming the variable', async () => {
    const server = startServer({ PORT: 'delapan', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(/^Invalid configuration: PORT [^\n]+$/);
  }, 30_000);

  // SEED unset loads no demo data (and keeps the start short); the streams' end on close is tested on the app (events.test.ts),
  // here an open stream would need a college, so a kept-alive connection stands in for a client.
  it('shuts down cleanly on SIGTERM with job workers running: exit code 0', async () => {
    // On PostgreSQL a copy of the test template; on PGlite a new data folder (its first start creates
    // the embedded cluster, which is the slow part of this test on a busy machine).
    const copy = process.env.TEST_DATABASE_URL ? await openTestDatabase() : undefined;
    await copy?.database.close();
    const server = startServer({
      ...(copy ? { DATABASE_URL: copy.url! } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TOKEN_SECRET: 'shutdown-test-secret-shutdown-test-secret',
      LOG_LEVEL: 'info',
      JOBS: 'on',
    });
    try {
      const base = await waitFor(
        () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1],
        180_000,
        'listening',
        server.output,
      );
      await waitFor(
        () => (server.output().includes('job workers started') ? true : undefined),
        30_000,
        'jobs',
        server.output,
      );
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      expect(server.output()).not.toContain('demo university loaded');
      // The start-up line names the Node it runs on: the same one as the tests (process.execPath).
      await waitFor(
        () => (server.output().includes(`"node":"${process.version}"`) ? true : undefined),
        10_000,
        'ready line with the Node version',
        server.output,
      );

      // Without a token (and on PGlite without a college) the stream answers at once; the connection
      // stays open (keep-alive) and must not hold the shutdown up.
      const refused = await fetch(`${base}/v2/lms/events?stream=sistem&access_token=rahasia-di-url`);
      expect([400, 401]).toContain(refused.status);
      // A token in an event stream's URL is kept out of the request log.
      expect(server.output()).not.toContain('rahasia-di-url');

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5_000);
      expect(server.output()).toContain('"msg":"stopped"');
    } finally {
      server.child.kill('SIGKILL');
      await copy?.drop();
    }
  }, 240_000);
});
