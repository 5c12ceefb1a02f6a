import { and, asc, count, eq, gt, gte, ilike, inArray, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { campuses, courses, lectureSessions, periods, rooms } from '../../db/schema/academic.schema.ts';
import { classSchedules, classTeachers, classes } from '../../db/schema/class.schema.ts';
import { lecturers, users } from '../../db/schema/identity.schema.ts';
import { meetingTeachers, meetings } from '../../db/schema/meeting.schema.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { classOf, courseOfClass, meetingOf, sameClass } from '../../db/tenant-joins.ts';

/** The college's lecture sessions by start time. */
export function findSessions(db: Db, collegeId: string) {
  return db
    .select({
      id: lectureSessions.id,
      nama: lectureSessions.nama,
      jamMulai: lectureSessions.jamMulai,
      jamSelesai: lectureSessions.jamSelesai,
    })
    .from(lectureSessions)
    .where(eq(lectureSessions.collegeId, collegeId))
    .orderBy(asc(lectureSessions.jamMulai), asc(lectureSessions.nama));
}

/** One session of the college. */
export async function findSessionById(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select({
      id: lectureSessions.id,
      nama: lectureSessions.nama,
      jamMulai: lectureSessions.jamMulai,
      jamSelesai: lectureSessions.jamSelesai,
    })
    .from(lectureSessions)
    .where(and(eq(lectureSessions.collegeId, collegeId), eq(lectureSessions.id, id)));
  return row;
}

const roomColumns = {
  id: rooms.id,
  nama: rooms.nama,
  kapasitas: rooms.kapasitas,
  isAvailable: rooms.isAvailable,
  kampus: { id: campuses.id, nama: campuses.nama },
};

/** Rooms of the college by name; a page, or all of them when `page` is undefined. */
export async function findRooms(
  db: Db,
  collegeId: string,
  filters: { kampusId?: string; search?: string },
  page: { page: number; perPage: number } | undefined,
) {
  const conditions: (SQL | undefined)[] = [eq(rooms.collegeId, collegeId)];
  if (filters.kampusId) conditions.push(eq(rooms.kampusId, filters.kampusId));
  if (filters.search) conditions.push(ilike(rooms.nama, likePattern(filters.search)));
  const where = and(...conditions);
  const query = db
    .select(roomColumns)
    .from(rooms)
    .leftJoin(campuses, eq(campuses.id, rooms.kampusId))
    .where(where)
    .orderBy(asc(rooms.nama), asc(rooms.id));
  const rows = page ? await query.limit(page.perPage).offset((page.page - 1) * page.perPage) : await query;
  const [total] = await db.select({ n: count() }).from(rooms).where(where);
  return { rows, total: total?.n ?? 0 };
}
export type RoomRow = Awaited<ReturnType<typeof findRooms>>['rows'][number];

/** One room of the college. */
export async function findRoomById(db: Db, collegeId: string, id: string): Promise<RoomRow | undefined> {
  const [row] = await db
    .select(roomColumns)
    .from(rooms)
    .leftJoin(campuses, eq(campuses.id, rooms.kampusId))
    .where(and(eq(rooms.collegeId, collegeId), eq(rooms.id, id)));
  return row;
}

/** Meetings overlapping [start, end), except one (the meeting being edited). */
function overlapping(start: Date, end: Date, excludeMeetingId: string | undefined): SQL | undefined {
  return and(
    lt(meetings.waktuMulai, end),
    gt(meetings.waktuSelesai, start),
    excludeMeetingId ? ne(meetings.id, excludeMeetingId) : undefined,
  );
}

/** Which of the given rooms a meeting occupies in the range. */
export async function findBookedRoomIds(
  db: Db,
  collegeId: string,
  roomIds: string[],
  range: { start: Date; end: Date; excludeMeetingId?: string },
): Promise<Set<string>> {
  if (roomIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ ruanganId: meetings.ruanganId })
    .from(meetings)
    .where(
      and(
        eq(meetings.collegeId, collegeId),
        inArray(meetings.ruanganId, roomIds),
        overlapping(range.start, range.end, range.excludeMeetingId),
      ),
    );
  return new Set(rows.map((r) => r.ruanganId!));
}

/** Other meetings of the same class in the range (class clash). */
export function findClassClashes(
  db: Db,
  collegeId: string,
  kelasId: string,
  range: { start: Date; end: Date; excludeMeetingId?: string },
) {
  return db
    .select({
      id: meetings.id,
      nomor: meetings.nomor,
      judul: meetings.judul,
      waktuMulai: meetings.waktuMulai,
      waktuSelesai: meetings.waktuSelesai,
      sesi: { id: lectureSessions.id, nama: lectureSessions.nama },
    })
    .from(meetings)
    .leftJoin(lectureSessions, eq(lectureSessions.id, meetings.sesiId))
    .where(
      and(
        eq(meetings.collegeId, collegeId),
        eq(meetings.kelasId, kelasId),
        overlapping(range.start, range.end, range.excludeMeetingId),
      ),
    )
    .orderBy(asc(meetings.waktuMulai));
}

const clashMeetingColumns = {
  id: meetings.id,
  nomor: meetings.nomor,
  waktuMulai: meetings.waktuMulai,
  waktuSelesai: meetings.waktuSelesai,
  kelas: { id: classes.id, nama: classes.nama, jenis: classes.jenis },
  mataKuliah: { id: courses.id, kode: courses.kode, nama: courses.nama },
};

/** Meetings in the room during the range (room clash). */
export function findRoomClashes(
  db: Db,
  collegeId: string,
  ruanganId: string,
  range: { start: Date; end: Date; excludeMeetingId?: string },
) {
  return db
    .select(clashMeetingColumns)
    .from(meetings)
    .innerJoin(classes, classOf(meetings))
    .innerJoin(courses, courseOfClass())
    .where(
      and(
        eq(meetings.collegeId, collegeId),
        eq(meetings.ruanganId, ruanganId),
        overlapping(range.start, range.end, range.excludeMeetingId),
      ),
    )
    .orderBy(asc(meetings.waktuMulai));
}

/** Meetings the given lecturers teach during the range (teacher clash), one row per lecturer and meeting. */
export function findTeacherClashes(
  db: Db,
  collegeId: string,
  dosenIds: string[],
  range: { start: Date; end: Date; excludeMeetingId?: string },
) {
  if (dosenIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      ...clashMeetingColumns,
      dosen: {
        id: meetingTeachers.dosenId,
        nama: users.nama,
        gelarDepan: lecturers.gelarDepan,
        gelarAkademik: lecturers.gelarAkademik,
      },
    })
    .from(meetingTeachers)
    .innerJoin(meetings, meetingOf(meetingTeachers))
    .innerJoin(classes, classOf(meetings))
    .innerJoin(courses, courseOfClass())
    .innerJoin(users, eq(users.id, meetingTeachers.dosenId))
    .innerJoin(lecturers, eq(lecturers.userId, meetingTeachers.dosenId))
    .where(
      and(
        eq(meetingTeachers.collegeId, collegeId),
        inArray(meetingTeachers.dosenId, dosenIds),
        eq(meetingTeachers.isPengajar, true),
        overlapping(range.start, range.end, range.excludeMeetingId),
      ),
    )
    .orderBy(asc(users.nama), asc(meetings.waktuMulai));
}

/** Ticked teachers (is_pengajar) of the given meetings with their names. */
export async function findTickedTeachersOfMeetings(db: Db, collegeId: string, meetingIds: string[]) {
  if (meetingIds.length === 0) return [];
  return db
    .select({
      pertemuanId: meetingTeachers.pertemuanId,
      nama: users.nama,
      gelarDepan: lecturers.gelarDepan,
      gelarAkademik: lecturers.gelarAkademik,
    })
    .from(meetingTeachers)
    .innerJoin(users, eq(users.id, meetingTeachers.dosenId))
    .innerJoin(lecturers, eq(lecturers.userId, meetingTeachers.dosenId))
    .where(
      and(
        eq(meetingTeachers.collegeId, collegeId),
        inArray(meetingTeachers.pertemuanId, meetingIds),
        eq(meetingTeachers.isPengajar, true),
      ),
    )
    .orderBy(asc(users.nama));
}

/** Which weekly slots a clash check looks at: weekdays of its local dates, and those dates' span. */
export interface TimetableWindow {
  hari: number[];
  /** First and last local date (`YYYY-MM-DD`) of the checked range. */
  fromDate: string;
  toDate: string;
  /** The class being scheduled: its own weekly slots are where its meetings belong, never a clash. */
  excludeKelasId: string;
}

const timetableSlotColumns = {
  kelasId: classSchedules.kelasId,
  hari: classSchedules.hari,
  jamMulai: classSchedules.jamMulai,
  jamSelesai: classSchedules.jamSelesai,
  periodeMulai: periods.tanggalMulai,
  periodeSelesai: periods.tanggalSelesai,
  kelas: { id: classes.id, nama: classes.nama, jenis: classes.jenis },
  mataKuliah: { id: courses.id, kode: courses.kode, nama: courses.nama },
};

function timetableConditions(window: TimetableWindow): SQL | undefined {
  return and(
    inArray(classSchedules.hari, window.hari),
    ne(classes.id, window.excludeKelasId),
    // The slot only takes place while its class's period runs.
    lte(periods.tanggalMulai, window.toDate),
    gte(periods.tanggalSelesai, window.fromDate),
  );
}

/** Other classes' weekly slots in a room on the window's weekdays (candidates of a room clash). */
export function findRoomTimetableSlots(
  db: Db,
  collegeId: string,
  ruanganId: string,
  window: TimetableWindow,
) {
  if (window.hari.length === 0) return Promise.resolve([]);
  return db
    .select(timetableSlotColumns)
    .from(classSchedules)
    .innerJoin(classes, classOf(classSchedules))
    .innerJoin(courses, courseOfClass())
    .innerJoin(periods, and(eq(periods.collegeId, classes.collegeId), eq(periods.kode, classes.periode)))
    .where(
      and(
        eq(classSchedules.collegeId, collegeId),
        eq(classSchedules.ruanganId, ruanganId),
        timetableConditions(window),
      ),
    )
    .orderBy(asc(classSchedules.jamMulai), asc(classes.id));
}

/** Weekly slots of other classes the given lecturers teach, on the window's weekdays (teacher clashes). */
export function findTeacherTimetableSlots(
  db: Db,
  collegeId: string,
  dosenIds: string[],
  window: TimetableWindow,
) {
  if (dosenIds.length === 0 || window.hari.length === 0) return Promise.resolve([]);
  return db
    .select({
      ...timetableSlotColumns,
      dosen: {
        id: classTeachers.dosenId,
        nama: users.nama,
        gelarDepan: lecturers.gelarDepan,
        gelarAkademik: lecturers.gelarAkademik,
      },
    })
    .from(classTeachers)
    .innerJoin(classSchedules, sameClass(classSchedules, classTeachers))
    .innerJoin(classes, classOf(classTeachers))
    .innerJoin(courses, courseOfClass())
    .innerJoin(periods, and(eq(periods.collegeId, classes.collegeId), eq(periods.kode, classes.periode)))
    .innerJoin(users, eq(users.id, classTeachers.dosenId))
    .innerJoin(lecturers, eq(lecturers.userId, classTeachers.dosenId))
    .where(
      and(
        eq(classTeachers.collegeId, collegeId),
        inArray(classTeachers.dosenId, dosenIds),
        timetableConditions(window),
      ),
    )
    .orderBy(asc(users.nama), asc(classSchedules.jamMulai));
}
