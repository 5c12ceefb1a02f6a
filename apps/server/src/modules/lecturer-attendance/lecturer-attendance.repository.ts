import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { lecturerAttendance } from '../../db/schema/attendance.schema.ts';
import { classTeachers } from '../../db/schema/class.schema.ts';
import { lecturers, users } from '../../db/schema/identity.schema.ts';
import { meetingTeachers } from '../../db/schema/meeting.schema.ts';

const updater = alias(users, 'updater');

/**
 * The class's teachers with their role, whether each teaches this meeting, and their attendance in it
 * (null columns when none is recorded), in the class's teacher order.
 */
export function findMeetingLecturers(db: Db, collegeId: string, kelasId: string, pertemuanId: string) {
  return db
    .select({
      dosenId: classTeachers.dosenId,
      peran: classTeachers.peran,
      isPengajar: sql<boolean>`coalesce(${meetingTeachers.isPengajar}, false)`,
      nama: users.nama,
      avatarKey: users.avatarKey,
      gelarDepan: lecturers.gelarDepan,
      gelarAkademik: lecturers.gelarAkademik,
      isHadir: lecturerAttendance.isHadir,
      isValid: lecturerAttendance.isValid,
      mulaiKuliah: lecturerAttendance.mulaiKuliah,
      selesaiKuliah: lecturerAttendance.selesaiKuliah,
      updatedAt: lecturerAttendance.updatedAt,
      updaterUsername: updater.username,
      updaterNama: updater.nama,
    })
    .from(classTeachers)
    .innerJoin(users, eq(users.id, classTeachers.dosenId))
    .innerJoin(lecturers, eq(lecturers.userId, classTeachers.dosenId))
    .leftJoin(
      meetingTeachers,
      and(
        eq(meetingTeachers.collegeId, collegeId),
        eq(meetingTeachers.pertemuanId, pertemuanId),
        eq(meetingTeachers.dosenId, classTeachers.dosenId),
      ),
    )
    .leftJoin(
      lecturerAttendance,
      and(
        eq(lecturerAttendance.collegeId, collegeId),
        eq(lecturerAttendance.pertemuanId, pertemuanId),
        eq(lecturerAttendance.dosenId, classTeachers.dosenId),
      ),
    )
    .leftJoin(updater, eq(updater.id, lecturerAttendance.updatedBy))
    .where(and(eq(classTeachers.collegeId, collegeId), eq(classTeachers.kelasId, kelasId)))
    .orderBy(asc(classTeachers.urutan), asc(users.nama));
}
export type MeetingLecturerRow = Awaited<ReturnType<typeof findMeetingLecturers>>[number];

/** One lecturer's attendance as it is written. */
export interface LecturerAttendanceWrite {
  collegeId: string;
  pertemuanId: string;
  dosenId: string;
  isHadir: boolean;
  mulaiKuliah: Date | null;
  selesaiKuliah: Date | null;
  isValid: boolean;
  validatedBy: string | null;
  validatedAt: Date | null;
  updatedBy: string;
}

/** Creates or replaces a lecturer's attendance in a meeting. */
export async function upsertLecturerAttendance(db: Db, row: LecturerAttendanceWrite): Promise<void> {
  const { collegeId: _college, pertemuanId: _meeting, dosenId: _lecturer, ...changes } = row;
  await db
    .insert(lecturerAttendance)
    .values({ ...row, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [lecturerAttendance.pertemuanId, lecturerAttendance.dosenId],
      set: { ...changes, updatedAt: sql`now()` },
      setWhere: eq(lecturerAttendance.collegeId, row.collegeId),
    });
}

/** Sets the operator's validation of a stored attendance; answers whether one was stored. */
export async function updateLecturerValidation(
  db: Db,
  collegeId: string,
  key: { pertemuanId: string; dosenId: string },
  validation: { isValid: boolean; validatedBy: string | null; validatedAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(lecturerAttendance)
    .set(validation)
    .where(
      and(
        eq(lecturerAttendance.collegeId, collegeId),
        eq(lecturerAttendance.pertemuanId, key.pertemuanId),
        eq(lecturerAttendance.dosenId, key.dosenId),
      ),
    )
    .returning({ dosenId: lecturerAttendance.dosenId });
  return rows.length > 0;
}

/** Lecturers' attendance in the given meetings, with their names and NIDN. */
export function findLecturerAttendanceOfMeetings(db: Db, collegeId: string, meetingIds: string[]) {
  if (meetingIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      pertemuanId: lecturerAttendance.pertemuanId,
      dosenId: lecturerAttendance.dosenId,
      isHadir: lecturerAttendance.isHadir,
      isValid: lecturerAttendance.isValid,
      mulaiKuliah: lecturerAttendance.mulaiKuliah,
      selesaiKuliah: lecturerAttendance.selesaiKuliah,
      nama: users.nama,
      nidn: lecturers.nidn,
      gelarDepan: lecturers.gelarDepan,
      gelarAkademik: lecturers.gelarAkademik,
    })
    .from(lecturerAttendance)
    .innerJoin(users, eq(users.id, lecturerAttendance.dosenId))
    .innerJoin(lecturers, eq(lecturers.userId, lecturerAttendance.dosenId))
    .where(
      and(eq(lecturerAttendance.collegeId, collegeId), inArray(lecturerAttendance.pertemuanId, meetingIds)),
    )
    .orderBy(asc(users.nama));
}
export type MeetingsLecturerAttendanceRow = Awaited<
  ReturnType<typeof findLecturerAttendanceOfMeetings>
>[number];
