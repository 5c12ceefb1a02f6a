import { hash } from '@node-rs/argon2';
import type { Db } from '../database.ts';
import { areaModules } from '../../platform/area-modules.ts';
import { DemoCast } from './demo-cast.ts';
import { createDemoContext, insertDemoRows, type DemoUniversityRows } from './demo-seed.context.ts';

export const demoCollegeId = 'demo';
export const demoPassword = 'demo12345';
export const currentPeriod = 20261;
export const previousPeriod = 20252;

/**
 * The demo password hashed once with a fixed salt: argon2 is slow on purpose, and a fixed salt keeps
 * the seed byte-for-byte repeatable. Only for the public demo password.
 */
export async function hashDemoPassword(): Promise<string> {
  return hash(demoPassword, { salt: new TextEncoder().encode('lms-demo-salt-01') });
}

/** Loads the deterministic demo university: the same rows for the same `now` (default: the current time). */
export async function seedDemoUniversity(db: Db, options: { now?: Date } = {}): Promise<void> {
  const rows = buildDemoUniversity(options.now ?? new Date(), await hashDemoPassword());
  await db.transaction(async (tx) => {
    await insertDemoRows(tx as unknown as Db, rows);
    for (const area of areaModules) {
      await area.demoSeed?.afterRows?.(tx as unknown as Db, {
        collegeId: demoCollegeId,
        passwordHash: rows.users[0]!.passwordHash,
      });
    }
  });
}

/**
 * Builds every row of the demo university in memory, area by area in the order of `areaModules`; pure
 * apart from the inputs. The areas share one random stream, so their order is part of the data.
 */
export function buildDemoUniversity(now: Date, passwordHash: string): DemoUniversityRows {
  const ctx = createDemoContext({
    collegeId: demoCollegeId,
    seed: 20261,
    now,
    passwordHash,
    currentPeriod,
    previousPeriod,
  });
  const cast = new DemoCast();
  for (const area of areaModules) area.demoSeed?.addRows?.(ctx, cast);
  return ctx.rows;
}
