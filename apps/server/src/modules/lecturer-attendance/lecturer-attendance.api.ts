// What other areas may use of lecturer attendance: the recorded attendance of meetings (the meeting
// reports).
import type { Db } from '../../db/database.ts';
import {
  findLecturerAttendanceOfMeetings,
  type MeetingsLecturerAttendanceRow,
} from './lecturer-attendance.repository.ts';

export type { MeetingsLecturerAttendanceRow } from './lecturer-attendance.repository.ts';

/** Lecturers' recorded attendance in the given meetings, with their names and NIDN: one statement. */
export async function readLecturerAttendanceOfMeetings(
  db: Db,
  collegeId: string,
  meetingIds: string[],
): Promise<MeetingsLecturerAttendanceRow[]> {
  return findLecturerAttendanceOfMeetings(db, collegeId, meetingIds);
}
