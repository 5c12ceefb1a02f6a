import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { periods } from '../db/schema/academic.schema.ts';
import { activities, activityFacts } from '../db/schema/activity.schema.ts';
import { activityLogs } from '../db/schema/activity-log.schema.ts';
import { classes } from '../db/schema/class.schema.ts';
import { colleges } from '../db/schema/college.schema.ts';

/** Every college's id: retention runs college by college, so each statement names its college. */
export async function listCollegeIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: colleges.id }).from(colleges).orderBy(colleges.id);
  return rows.map((row) => row.id);
}

/**
 * Deletes up to `limit` of a college's activity-log entries older than `before`; answers how many. The
 * (college_id, waktu) index finds them, so a batch reads only what it deletes.
 */
export async function deleteActivityLogsBefore(
  db: Db,
  collegeId: string,
  before: Date,
  limit: number,
): Promise<number> {
  const batch = db
    .select({ id: activityLogs.id })
    .from(activityLogs)
    .where(and(eq(activityLogs.collegeId, collegeId), lt(activityLogs.waktu, before)))
    .orderBy(activityLogs.waktu)
    .limit(limit);
  const deleted = await db
    .delete(activityLogs)
    .where(and(eq(activityLogs.collegeId, collegeId), inArray(activityLogs.id, batch)))
    .returning({ id: activityLogs.id });
  return deleted.length;
}

/**
 * Deletes up to `limit` of a college's activity facts that are only traces, in classes of periods that
 * ended before `endedBefore` (a date, `YYYY-MM-DD`) and are not the current period; answers how many.
 * A trace is a fact nothing is computed from: not completed (attendance counts completions), no score
 * and not graded (the grade recap), no hand-in, attempt or post (the recap's "worked" counts). What is
 * left to lose is the reading and viewing evidence (opened, downloaded, watched, read seconds).
 */
export async function deleteTraceFactsOfEndedPeriods(
  db: Db,
  collegeId: string,
  endedBefore: string,
  limit: number,
): Promise<number> {
  const batch = db
    .select({ activityId: activityFacts.activityId, mahasiswaId: activityFacts.mahasiswaId })
    .from(activityFacts)
    .innerJoin(
      activities,
      and(eq(activities.collegeId, activityFacts.collegeId), eq(activities.id, activityFacts.activityId)),
    )
    .innerJoin(classes, and(eq(classes.collegeId, activities.collegeId), eq(classes.id, activities.kelasId)))
    .innerJoin(periods, and(eq(periods.collegeId, classes.collegeId), eq(periods.kode, classes.periode)))
    .where(
      and(
        eq(activityFacts.collegeId, collegeId),
        eq(periods.isCurrent, false),
        lt(periods.tanggalSelesai, endedBefore),
        eq(activityFacts.completed, false),
        isNull(activityFacts.score),
        eq(activityFacts.graded, false),
        isNull(activityFacts.submittedAt),
        isNull(activityFacts.attemptedAt),
        sql`coalesce(${activityFacts.postCount}, 0) = 0`,
      ),
    )
    .limit(limit);
  const deleted = await db
    .delete(activityFacts)
    .where(
      and(
        eq(activityFacts.collegeId, collegeId),
        sql`(${activityFacts.activityId}, ${activityFacts.mahasiswaId}) in ${batch}`,
      ),
    )
    .returning({ activityId: activityFacts.activityId });
  return deleted.length;
}
