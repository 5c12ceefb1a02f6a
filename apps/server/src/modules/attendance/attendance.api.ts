// What other areas may use of the attendance area: its repository's reads and writes of the stored
// marks (student_attendance) with the activity progress beside them.
import type { Db } from '../../db/database.ts';
import {
  attendedLecturesInClassSql,
  findMarksOfClasses,
  insertQrMark,
  sumStudentAttendedLectures,
  type ClassesMarkRow,
} from './attendance.repository.ts';

export type { ClassesMarkRow } from './attendance.repository.ts';

/**
 * countAttendedLectures of one class as a column of the caller's own statement (a UTS/UAS start reads
 * it with the rest it decides on): a jsonb `{ held, attended }` of the values given as SQL.
 */
export { attendedLecturesInClassSql };

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
  return sumStudentAttendedLectures(
    db,
    collegeId,
    mahasiswaId,
    minProgressPercent,
    kelasId ? { kelasId } : { currentPeriod: true },
  );
}

/**
 * Every enrolled student of the given classes in each of the given meetings of their class, with the
 * activity progress, the stored mark and who gave it (the meeting reports): one statement.
 */
export async function readMarksOfClasses(
  db: Db,
  collegeId: string,
  kelasIds: string[],
  meetingIds: string[],
): Promise<ClassesMarkRow[]> {
  return findMarksOfClasses(db, collegeId, kelasIds, meetingIds);
}

/**
 * A QR check-in: marks the student present (source qr) unless a mark already stands, which it never
 * overwrites. Answers the standing mark and whether this call wrote it.
 */
export async function recordQrMark(
  db: Db,
  mark: { collegeId: string; pertemuanId: string; mahasiswaId: string; at: Date },
) {
  return insertQrMark(db, mark);
}
