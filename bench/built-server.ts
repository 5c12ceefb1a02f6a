// Starts the built server (apps/server/dist/main.js) for the browser benches: demo data in a throw-away
// data folder, removed again when it stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the built server with the demo seed on `port`; resolves once it is ready with its stop function
 * and its process id (to read its memory). `niceness` lowers its CPU priority (as `nice` does; 0 keeps it).
 */
export async function startBuiltServer(
  port: number,
  env: Record<string, string> = {},
  niceness = 0,
): Promise<{ stop: () => Promise<void>; pid: number }> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-bench-data-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      JOBS: 'off',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_TOKEN_PER_MINUTE: '5000',
      RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '5000',
      ...env,
    },
  });
  if (niceness && child.pid !== undefined) os.setPriority(child.pid, niceness);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/health/ready`)).ok) return { stop, pid: child.pid! };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('server did not become ready within 120 s');
}
