import { and, asc, count, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { courses, lectureSessions, rooms } from '../../db/schema/academic.schema.ts';
import { classStudents, classStudyPrograms, classTeachers, classes } from '../../db/schema/class.schema.ts';
import { lecturers, users } from '../../db/schema/identity.schema.ts';
import { meetingTeachers, meetings, type AttendanceParameters } from '../../db/schema/meeting.schema.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import { classOf, courseOfClass } from '../../db/tenant-joins.ts';

const meetingListColumns = {
  id: meetings.id,
  collegeId: meetings.collegeId,
  kelasId: meetings.kelasId,
  nomor: meetings.nomor,
  judul: meetings.judul,
  kategori: meetings.kategori,
  jenis: meetings.jenis,
  metode: meetings.metode,
  status: meetings.status,
  waktuMulai: meetings.waktuMulai,
  waktuSelesai: meetings.waktuSelesai,
  mulaiKuliah: meetings.mulaiKuliah,
  selesaiKuliah: meetings.selesaiKuliah,
  ruangan: { id: rooms.id, nama: rooms.nama, kapasitas: rooms.kapasitas },
  sesi: {
    id: lectureSessions.id,
    nama: lectureSessions.nama,
    jamMulai: lectureSessions.jamMulai,
    jamSelesai: lectureSessions.jamSelesai,
  },
  kelas: {
    id: classes.id,
    nama: classes.nama,
    jenis: classes.jenis,
    periode: classes.periode,
    modeKuliah: classes.modeKuliah,
    kampusId: classes.kampusId,
  },
  mataKuliah: { id: courses.id, kode: courses.kode, nama: courses.nama },
};

/** Joins every meeting list needs: class, course, room and session. */
function selectMeetings(db: Db, columns: typeof meetingListColumns) {
  return db
    .select(columns)
    .from(meetings)
    .innerJoin(classes, classOf(meetings))
    .innerJoin(courses, courseOfClass())
    .leftJoin(rooms, eq(rooms.id, meetings.ruanganId))
    .leftJoin(lectureSessions, eq(lectureSessions.id, meetings.sesiId));
}

/** One meeting of the college with its class, course, room and session, and its detail fields. */
export async function findMeetingById(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select({
      ...meetingListColumns,
      deskripsi: meetings.deskripsi,
      parameterKehadiran: meetings.parameterKehadiran,
      teks: meetings.teks,
      defaultDeadlineMateri: meetings.defaultDeadlineMateri,
      ruanganId: meetings.ruanganId,
      sesiId: meetings.sesiId,
    })
    .from(meetings)
    .innerJoin(classes, classOf(meetings))
    .innerJoin(courses, courseOfClass())
    .leftJoin(rooms, eq(rooms.id, meetings.ruanganId))
    .leftJoin(lectureSessions, eq(lectureSessions.id, meetings.sesiId))
    .where(and(eq(meetings.collegeId, collegeId), eq(meetings.id, id)));
  return row;
}
export type MeetingRow = NonNullable<Awaited<ReturnType<typeof findMeetingById>>>;
export type MeetingListRow = Awaited<ReturnType<typeof findMeetingsOfClass>>['rows'][number];

/** The class's teachers with whether each is ticked for this meeting. */
export function findMeetingTeachers(db: Db, collegeId: string, kelasId: string, pertemuanId: string) {
  return db
    .select({
      dosenId: classTeachers.dosenId,
      isUtama: classTeachers.isUtama,
      nama: users.nama,
      gelarDepan: lecturers.gelarDepan,
      gelarAkademik: lecturers.gelarAkademik,
      isPengajar: sql<boolean>`coalesce(${meetingTeachers.isPengajar}, false)`,
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
    .where(and(eq(classTeachers.collegeId, collegeId), eq(classTeachers.kelasId, kelasId)))
    .orderBy(asc(classTeachers.urutan), asc(users.nama));
}
export type MeetingTeacherRow = Awaited<ReturnType<typeof findMeetingTeachers>>[number];

/** Number of students enrolled in a class. */
export async function countStudentsOfClass(db: Db, collegeId: string, kelasId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(classStudents)
    .where(and(eq(classStudents.collegeId, collegeId), eq(classStudents.kelasId, kelasId)));
  return row?.n ?? 0;
}

/** One page of a class's meetings by number, optionally matching part of the title; and the total. */
export async function findMeetingsOfClass(
  db: Db,
  collegeId: string,
  kelasId: string,
  query: { search?: string; page: number; perPage: number },
) {
  const where = and(
    eq(meetings.collegeId, collegeId),
    eq(meetings.kelasId, kelasId),
    query.search ? ilike(meetings.judul, likePattern(query.search)) : undefined,
  );
  const rows = await selectMeetings(db, meetingListColumns)
    .where(where)
    .orderBy(asc(meetings.nomor))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await db.select({ n: count() }).from(meetings).where(where);
  return { rows, total: total?.n ?? 0 };
}

export interface TimetableFilters {
  periode?: number;
  mataKuliahId?: string;
  kelasId?: string;
  prodiId?: string;
  ruanganId?: string;
  dosenId?: string;
}

/**
 * Meetings in [start, end) in scope: a student's classes, the meetings a lecturer teaches (ticked, or
 * teaching the class), or every class; by start time.
 */
export async function findTimetable(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  range: { start: Date; end: Date },
  filters: TimetableFilters,
  page: { page: number; perPage: number },
) {
  const conditions: (SQL | undefined)[] = [
    eq(meetings.collegeId, collegeId),
    lt(meetings.waktuMulai, range.end),
    gt(meetings.waktuSelesai, range.start),
  ];
  conditions.push(inClassScope(meetings.kelasId, collegeId, scope));
  if (filters.periode !== undefined) conditions.push(eq(classes.periode, filters.periode));
  if (filters.mataKuliahId) conditions.push(eq(classes.mataKuliahId, filters.mataKuliahId));
  if (filters.kelasId) conditions.push(eq(meetings.kelasId, filters.kelasId));
  if (filters.ruanganId) conditions.push(eq(meetings.ruanganId, filters.ruanganId));
  if (filters.prodiId) {
    conditions.push(
      or(
        eq(courses.prodiId, filters.prodiId),
        inArray(
          meetings.kelasId,
          sql`(select ${classStudyPrograms.kelasId} from ${classStudyPrograms} where ${classStudyPrograms.collegeId} = ${collegeId} and ${classStudyPrograms.prodiId} = ${filters.prodiId})`,
        ),
      ),
    );
  }
  if (filters.dosenId) {
    conditions.push(
      inArray(
        meetings.id,
        sql`(select ${meetingTeachers.pertemuanId} from ${meetingTeachers}
             where ${meetingTeachers.collegeId} = ${collegeId} and ${meetingTeachers.dosenId} = ${filters.dosenId}
               and ${meetingTeachers.isPengajar})`,
      ),
    );
  }
  const where = and(...conditions);
  const rows = await selectMeetings(db, meetingListColumns)
    .where(where)
    .orderBy(asc(meetings.waktuMulai), asc(meetings.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(meetings)
    .innerJoin(classes, classOf(meetings))
    .innerJoin(courses, courseOfClass())
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Saves a meeting's edited fields and, when given, its teachers' ticks, in one transaction. */
export async function saveMeeting(
  db: Db,
  meeting: { id: string; collegeId: string },
  changes: {
    judul: string;
    deskripsi: string;
    kategori: 'kuliah' | 'uts' | 'uas';
    jenis: 'online' | 'offline' | 'campuran';
    metode?: string | null;
    teks?: string | null;
    waktuMulai: Date;
    waktuSelesai: Date;
    sesiId: string | null;
    ruanganId: string | null;
    parameterKehadiran: AttendanceParameters;
  },
  teachers: { dosenId: string; isPengajar: boolean }[] | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(meetings)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(meetings.collegeId, meeting.collegeId), eq(meetings.id, meeting.id)));
    if (!teachers?.length) return;
    await tx
      .insert(meetingTeachers)
      .values(
        teachers.map((t) => ({
          pertemuanId: meeting.id,
          dosenId: t.dosenId,
          collegeId: meeting.collegeId,
          isPengajar: t.isPengajar,
        })),
      )
      .onConflictDoUpdate({
        target: [meetingTeachers.pertemuanId, meetingTeachers.dosenId],
        set: { isPengajar: sql`excluded.is_pengajar` },
      });
  });
}

/** Sets a meeting's text block (teks); null removes it. */
export async function updateMeetingText(
  db: Db,
  meeting: { id: string; collegeId: string },
  teks: string | null,
) {
  await db
    .update(meetings)
    .set({ teks, updatedAt: new Date() })
    .where(and(eq(meetings.collegeId, meeting.collegeId), eq(meetings.id, meeting.id)));
}

/** Moves a meeting from one status to the next, recording when; false when it was not in `from`. */
export async function advanceMeetingStatus(
  db: Db,
  collegeId: string,
  id: string,
  step: { from: 'belum_dimulai' | 'berlangsung'; at: Date },
): Promise<boolean> {
  const set =
    step.from === 'belum_dimulai'
      ? { status: 'berlangsung' as const, mulaiKuliah: step.at, updatedAt: step.at }
      : { status: 'selesai' as const, selesaiKuliah: step.at, updatedAt: step.at };
  const rows = await db
    .update(meetings)
    .set(set)
    .where(and(eq(meetings.collegeId, collegeId), eq(meetings.id, id), eq(meetings.status, step.from)))
    .returning({ id: meetings.id });
  return rows.length > 0;
}
