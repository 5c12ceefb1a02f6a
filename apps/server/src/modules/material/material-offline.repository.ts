import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { materialViews } from '../../db/schema/material.schema.ts';

/**
 * Adds playback recorded offline, in one statement: at most `seconds` (already bounded by the server
 * time since the keep), at most the server time since the later of the previous report and the keep
 * (so a batch sent twice, or beside online reports, never claims the same interval twice), and never
 * beyond the media's length. Answers the total credited so far.
 */
export async function addOfflinePlayback(
  db: Db,
  key: { collegeId: string; materiId: string; mahasiswaId: string },
  input: { seconds: number; keptAt: Date; now: Date; durationSeconds: number },
): Promise<number> {
  const nowParam = sql`${input.now.toISOString()}::timestamptz`;
  const keptParam = sql`${input.keptAt.toISOString()}::timestamptz`;
  const since = sql`greatest(coalesce(${materialViews.lastReportAt}, ${materialViews.openedAt}), ${keptParam})`;
  const elapsed = sql`greatest(0, extract(epoch from (${nowParam} - ${since})))`;
  const [row] = await db
    .insert(materialViews)
    .values({
      ...key,
      openedAt: input.now,
      lastReportAt: input.now,
      playedSeconds: Math.min(input.seconds, input.durationSeconds),
    })
    .onConflictDoUpdate({
      target: [materialViews.materiId, materialViews.mahasiswaId],
      set: {
        playedSeconds: sql`least(${input.durationSeconds}::real, ${materialViews.playedSeconds} + least(${input.seconds}::real, ${elapsed}))`,
        lastReportAt: sql`greatest(${materialViews.lastReportAt}, ${nowParam})`,
      },
      setWhere: and(
        eq(materialViews.collegeId, key.collegeId),
        eq(materialViews.mahasiswaId, key.mahasiswaId),
      ),
    })
    .returning({ playedSeconds: materialViews.playedSeconds });
  return row?.playedSeconds ?? 0;
}
