// What other areas may use of the attendance area. Repository reads only: the meeting and access
// areas use this, and the attendance service itself reads meetings (no import cycle).
import type { Db } from '../../db/database.ts';
import { findStudentClassTotals } from './attendance.repository.ts';

/**
 * A student's lectures held so far in the current period's classes and how many of them they attended
 * (a person's H or a QR check-in, else the system's H by activity); for the exam-attendance restriction.
 */
export async function countAttendedLectures(
  db: Db,
  collegeId: string,
  mahasiswaId: string,
  minProgressPercent: number,
): Promise<{ held: number; attended: number }> {
  const rows = await findStudentClassTotals(db, collegeId, mahasiswaId, minProgressPercent, {
    currentPeriod: true,
  });
  return {
    held: rows.reduce((sum, r) => sum + r.held, 0),
    attended: rows.reduce((sum, r) => sum + r.attended, 0),
  };
}
