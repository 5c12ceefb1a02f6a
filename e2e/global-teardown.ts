import { rmSync } from 'node:fs';

/**
 * Removes the run's temporary data folder. The server may still be writing to it (its jobs run until
 * Playwright stops it, after this teardown), so removal retries, and a folder left in /tmp fails no run.
 */
export default function globalTeardown(): void {
  const dir = process.env.LMS_E2E_DATA_DIR;
  if (!dir) return;
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch (error) {
    console.warn(`could not remove ${dir}: ${(error as Error).message}`);
  }
}
