// What other areas may use of the attendance area. Repository reads only: the meeting and access
// areas use this, and the attendance service itself reads meetings (no import cycle).
import type { Db } from '../../db/database.ts';
import { findStudentClassTotals } from './attendance.repository.ts';

/**
 * A student's lectures held so far and how many of them they attended (a person's H or a QR check-in,
 * else the system's H by activity); for the exam-attendance restriction. With `kelasId`, in that class
 * only (an exam's own class); without, pooled over the current period's classes (check_pembatasan
 * asked without a class).
 */
export async function countAttendedLectures(
  db: Db,
  collegeId: string,
  mahasiswaId: string,
  minProgressPercent: number,
  kelasId?: string,
): Promise<{ held: number; attended: number }> {
  const rows = await findStudentClassTotals(
    db,
    collegeId,
    mahasiswaId,
    minProgressPercent,
    kelasId ? { kelasId } : { currentPeriod: true },
  );
  return {
    held: rows.reduce((sum, r) => sum + r.held, 0),
    attended: rows.reduce((sum, r) => sum + r.attended, 0),
  };
}
