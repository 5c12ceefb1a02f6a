import { rmSync } from 'node:fs';

/**
 * Removes the run's temporary data folder and its claims (tests/test-data.ts). The server may still be writing to it (its jobs run until
 * Playwright stops it, after this teardown), so removal retries, and a folder left in /tmp fails no run.
 */
export default function globalTeardown(): void {
  const dir = process.env.LMS_E2E_DATA_DIR;
  if (!dir) return;
  for (const folder of [dir, `${dir}-claims`]) {
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch (error) {
      console.warn(`could not remove ${folder}: ${(error as Error).message}`);
    }
  }
}
