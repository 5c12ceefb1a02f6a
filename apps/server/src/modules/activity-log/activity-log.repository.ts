import type { Db } from '../../db/database.ts';
import { activityLogs } from '../../db/schema/activity-log.schema.ts';

export type NewActivityLog = typeof activityLogs.$inferInsert;

/** Appends one entry to the activity log. */
export async function insertActivityLog(db: Db, entry: NewActivityLog): Promise<void> {
  await db.insert(activityLogs).values(entry);
}
