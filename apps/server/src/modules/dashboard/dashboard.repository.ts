import { and, asc, count, eq, gt, lt, type SQL } from 'drizzle-orm';
import { inClassScope } from '../../db/class-scope.ts';
import type { Db } from '../../db/database.ts';
import { courses, rooms } from '../../db/schema/academic.schema.ts';
import { classes } from '../../db/schema/class.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import { classOf, courseOfClass } from '../../db/tenant-joins.ts';

/** Whose meetings a calendar shows: a student's classes, a lecturer's, every class, or none. */
export type CalendarScope =
  | { kind: 'student'; userId: string }
  | { kind: 'teacher'; userId: string }
  | { kind: 'all' }
  | { kind: 'none' };

function scopeCondition(collegeId: string, scope: CalendarScope): SQL | undefined {
  return scope.kind === 'none' ? undefined : inClassScope(meetings.kelasId, collegeId, scope);
}

/** Meetings in scope that overlap [start, end), earliest first, at most `limit`; with the full count. */
export async function findMeetingsInRange(
  db: Db,
  collegeId: string,
  scope: CalendarScope,
  range: { start: Date; end: Date },
  limit: number,
) {
  if (scope.kind === 'none') return { rows: [], total: 0 };
  const where = and(
    eq(meetings.collegeId, collegeId),
    lt(meetings.waktuMulai, range.end),
    gt(meetings.waktuSelesai, range.start),
    scopeCondition(collegeId, scope),
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
        kelasId: classes.id,
        kelasNama: classes.nama,
        mataKuliahId: courses.id,
        mataKuliahKode: courses.kode,
        mataKuliahNama: courses.nama,
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
