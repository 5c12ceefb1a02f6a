import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { courses } from './schema/academic.schema.ts';
import { classes } from './schema/class.schema.ts';
import { meetings } from './schema/meeting.schema.ts';

/*
 * Class and course ids come from SIAKAD and are unique per college only, so a join on the id alone
 * would pair a row with another college's class of the same id. These conditions join on the whole key.
 */

/** Join condition: the class of a child row (`college_id`, `kelas_id`). */
export function classOf(child: { collegeId: AnyPgColumn; kelasId: AnyPgColumn }): SQL {
  return and(eq(classes.collegeId, child.collegeId), eq(classes.id, child.kelasId))!;
}

/** Join condition: the course of the joined class. */
export function courseOfClass(): SQL {
  return and(eq(courses.collegeId, classes.collegeId), eq(courses.id, classes.mataKuliahId))!;
}

/** The class and course a row joined by `classOf` and `courseOfClass` is named by (calendars, lists). */
export const classAndCourseColumns = {
  kelasId: classes.id,
  kelasNama: classes.nama,
  mataKuliahId: courses.id,
  mataKuliahKode: courses.kode,
  mataKuliahNama: courses.nama,
};

/** Join condition: the meeting of a child row (`college_id`, `pertemuan_id`). */
export function meetingOf(child: { collegeId: AnyPgColumn; pertemuanId: AnyPgColumn }): SQL {
  return and(eq(meetings.collegeId, child.collegeId), eq(meetings.id, child.pertemuanId))!;
}

/** Join condition: two rows of the same class (both with `college_id`, `kelas_id`). */
export function sameClass(
  a: { collegeId: AnyPgColumn; kelasId: AnyPgColumn },
  b: { collegeId: AnyPgColumn; kelasId: AnyPgColumn },
): SQL {
  return and(eq(a.collegeId, b.collegeId), eq(a.kelasId, b.kelasId))!;
}
