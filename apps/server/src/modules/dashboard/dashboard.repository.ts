import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import type { Db } from '../../db/database.ts';
import { courses, rooms } from '../../db/schema/academic.schema.ts';
import { classes } from '../../db/schema/class.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import { classAndCourseColumns, classOf, courseOfClass } from '../../db/tenant-joins.ts';

/** Whose classes the dashboard shows: a student's, a lecturer's, every class of the college, or none. */
export type DashboardScope = ClassScope | { kind: 'none' };

/** Meetings of the scope's classes overlapping [start, end), earliest first, at most `limit`; with the full count. */
export async function findMeetingsInRange(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  range: { start: Date; end: Date },
  limit: number,
) {
  const where = and(
    eq(meetings.collegeId, collegeId),
    lt(meetings.waktuMulai, range.end),
    gt(meetings.waktuSelesai, range.start),
    inClassScope(meetings.kelasId, collegeId, scope),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: meetings.id,
        nomor: meetings.nomor,
        judul: meetings.judul,
        kategori: meetings.kategori,
        jenis: meetings.jenis,
        status: meetings.status,
        waktuMulai: meetings.waktuMulai,
        waktuSelesai: meetings.waktuSelesai,
        ruangan: rooms.nama,
        ...classAndCourseColumns,
      })
      .from(meetings)
      .innerJoin(classes, classOf(meetings))
      .innerJoin(courses, courseOfClass())
      .leftJoin(rooms, eq(rooms.id, meetings.ruanganId))
      .where(where)
      .orderBy(asc(meetings.waktuMulai), asc(courses.nama), asc(meetings.id))
      .limit(limit),
    db.select({ n: count() }).from(meetings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type CalendarMeetingRow = Awaited<ReturnType<typeof findMeetingsInRange>>['rows'][number];
