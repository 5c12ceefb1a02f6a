import type { Db } from '../db/database.ts';
import {
  deleteActivityLogsBefore,
  deleteTraceFactsOfEndedPeriods,
  listCollegeIds,
} from './retention.repository.ts';

/** How long to keep what retention may remove; 0 keeps it forever. */
export interface RetentionSettings {
  /** Days an activity-log entry is kept after it was written. */
  activityLogDays: number;
  /** Days after a period's end that its classes' trace facts are kept. */
  factDays: number;
}

export interface RetentionResult {
  activityLogs: number;
  facts: number;
  /** Delete statements run: each removes at most one batch, so locks are short and undo is small. */
  batches: number;
}

const dayMs = 86_400_000;

/**
 * Removes what is past its retention, batch by batch and college by college, until a batch comes back
 * short. Each batch is its own statement (its own transaction): a run that stops midway has removed
 * whole batches, and the next run carries on.
 */
export async function pruneExpiredRecords(
  db: Db,
  settings: RetentionSettings,
  options: { batchSize?: number; now?: Date } = {},
): Promise<RetentionResult> {
  const result: RetentionResult = { activityLogs: 0, facts: 0, batches: 0 };
  if (settings.activityLogDays <= 0 && settings.factDays <= 0) return result;
  const batchSize = options.batchSize ?? 5_000;
  const now = options.now ?? new Date();
  for (const collegeId of await listCollegeIds(db)) {
    if (settings.activityLogDays > 0) {
      const before = new Date(now.getTime() - settings.activityLogDays * dayMs);
      for (;;) {
        const deleted = await deleteActivityLogsBefore(db, collegeId, before, batchSize);
        result.batches++;
        result.activityLogs += deleted;
        if (deleted < batchSize) break;
      }
    }
    if (settings.factDays > 0) {
      // A period's end is a calendar date; a period ending on that date is kept until the day after.
      const endedBefore = new Date(now.getTime() - settings.factDays * dayMs).toISOString().slice(0, 10);
      for (;;) {
        const deleted = await deleteTraceFactsOfEndedPeriods(db, collegeId, endedBefore, batchSize);
        result.batches++;
        result.facts += deleted;
        if (deleted < batchSize) break;
      }
    }
  }
  return result;
}
