import { parsePeriodCode } from '@lms/contract/period.rules';
import type { CurrentSemester } from '@lms/contract/period.schema';
import type { Db } from '../../db/database.ts';
import { findCurrentPeriod, followCalendarPeriod, listCollegeIds } from './period.repository.ts';

/** GET /v1/semester_akademik_berjalan: the college's current period, or null when none is set. */
export async function getCurrentSemester(db: Db, collegeId: string): Promise<CurrentSemester | null> {
  const row = await findCurrentPeriod(db, collegeId);
  if (!row) return null;
  const { year, term } = parsePeriodCode(row.kode);
  return {
    tahun: year,
    semester: term,
    periode: row.kode,
    label: row.label,
    tanggal_mulai: row.tanggalMulai,
    tanggal_selesai: row.tanggalSelesai,
  };
}

/** The daily follow of the calendar: every college's current period becomes the one holding today. */
export async function followCalendarEverywhere(db: Db, now: Date): Promise<void> {
  for (const collegeId of await listCollegeIds(db)) await followCalendarPeriod(db, collegeId, now);
}
