import { and, eq, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../../db/database.ts';
import { periods } from '../../db/schema/academic.schema.ts';
import { colleges } from '../../db/schema/college.schema.ts';

/** The college's current period, or undefined. */
export async function findCurrentPeriod(db: Db, collegeId: string) {
  const [row] = await db
    .select({
      kode: periods.kode,
      label: periods.label,
      tanggalMulai: periods.tanggalMulai,
      tanggalSelesai: periods.tanggalSelesai,
    })
    .from(periods)
    .where(and(eq(periods.collegeId, collegeId), eq(periods.isCurrent, true)));
  return row;
}

/**
 * Makes the college's period whose dates hold `now`'s day in the college's time zone the current one
 * (the latest to start, when periods overlap), and answers its code; with no such period the current
 * one stays. The old flag is cleared first: at most one current period per college at every moment.
 */
export async function followCalendarPeriod(
  db: Db,
  collegeId: string,
  now: Date,
): Promise<number | undefined> {
  return inTransaction(db, async (tx) => {
    const [holding] = await tx
      .select({ kode: periods.kode, isCurrent: periods.isCurrent })
      .from(periods)
      .innerJoin(colleges, eq(colleges.id, periods.collegeId))
      .where(
        and(
          eq(periods.collegeId, collegeId),
          sql`(${now.toISOString()}::timestamptz at time zone ${colleges.timeZone})::date between ${periods.tanggalMulai} and ${periods.tanggalSelesai}`,
        ),
      )
      .orderBy(sql`${periods.tanggalMulai} desc`, sql`${periods.kode} desc`)
      .limit(1);
    if (!holding || holding.isCurrent) return holding?.kode;
    await tx
      .update(periods)
      .set({ isCurrent: false })
      .where(and(eq(periods.collegeId, collegeId), eq(periods.isCurrent, true)));
    await tx
      .update(periods)
      .set({ isCurrent: true })
      .where(and(eq(periods.collegeId, collegeId), eq(periods.kode, holding.kode)));
    return holding.kode;
  });
}

/** Every college's id (the daily follow of the calendar visits each). */
export async function listCollegeIds(db: Db): Promise<string[]> {
  return (await db.select({ id: colleges.id }).from(colleges)).map((row) => row.id);
}
