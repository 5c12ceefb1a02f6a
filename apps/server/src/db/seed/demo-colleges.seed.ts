import type { Db } from '../database.ts';
import { currentPeriod, hashDemoPassword, seedDemoUniversity } from './demo-university.seed.ts';
import { seedSecondCollege } from './second-college.seed.ts';

/**
 * The whole demo database: the demo university (the default college), then the small second college
 * whose course and class ids collide with it (docs/demo-data.md).
 */
export async function seedDemoColleges(db: Db, options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  await seedDemoUniversity(db, { now });
  await seedSecondCollege(db, { now, passwordHash: await hashDemoPassword(), currentPeriod });
}
