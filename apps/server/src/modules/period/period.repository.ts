import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { periods } from '../../db/schema/academic.schema.ts';

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
