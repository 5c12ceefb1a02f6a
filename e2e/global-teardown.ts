import { rmSync } from 'node:fs';

/** Removes the run's temporary data folder. */
export default function globalTeardown(): void {
  const dir = process.env.LMS_E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
