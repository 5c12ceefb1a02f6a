import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AttendanceMark } from '@lms/contract/attendance.rules';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { excludedColumns } from '../../db/excluded-columns.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { courses, periods } from '../../db/schema/academic.schema.ts';
import { attendanceProgress } from '../../db/schema/activity.schema.ts';
import { attendanceRecalculations, studentAttendance } from '../../db/schema/attendance.schema.ts';
import { classStudents, classTeachers, classes } from '../../db/schema/class.schema.ts';
import { students, users } from '../../db/schema/identity.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import { classOf, courseOfClass, sameClass } from '../../db/tenant-joins.ts';

const updater = alias(users, 'updater');

/** The columns of a student's mark in a meeting: progress, the stored mark and who set it. */
const markColumns = {
  completed: attendanceProgress.completed,
  required: attendanceProgress.required,
  computedAt: attendanceProgress.computedAt,
  presensi: studentAttendance.presensi,
  source: studentAttendance.source,
  markedAt: studentAttendance.updatedAt,
  markedByUsername: updater.username,
  markedByName: updater.nama,
};

const studentColumns = {
  mahasiswaId: users.id,
  nim: students.nim,
  nama: users.nama,
  avatarKey: users.avatarKey,
};

/** Join condition: the student's progress in the meeting (rows with `meetings` and `class_students`). */
const progressOfStudent = and(
  eq(attendanceProgress.pertemuanId, meetings.id),
  eq(attendanceProgress.mahasiswaId, classStudents.mahasiswaId),
)!;

/** Join condition: the student's stored mark in the meeting. */
const markOfStudent = and(
  eq(studentAttendance.pertemuanId, meetings.id),
  eq(studentAttendance.mahasiswaId, classStudents.mahasiswaId),
)!;

/**
 * The contract's effectiveMark "present" in SQL, so a page of meetings is counted in one statement: a
 * stored H, or no stored mark in a meeting whose attendance is computed (isComputedAttendanceMeeting and
 * hasMeetingStarted) with the progress at the college's minimum.
 */
function presentInSql(minProgressPercent: number | SQLWrapper): SQL {
  const computed = sql`(${meetings.jenis} <> 'offline' and exists (select 1 from jsonb_each(${meetings.parameterKehadiran}) p where p.value = 'true'::jsonb) and (${meetings.mulaiKuliah} is not null or ${meetings.waktuMulai} <= now()))`;
  return sql`(${studentAttendance.presensi} = 'H' or (${studentAttendance.presensi} is null and ${computed} and ${attendanceProgress.required} > 0 and ${attendanceProgress.completed} * 100 >= ${minProgressPercent} * ${attendanceProgress.required}))`;
}

/**
 * The enrolled students of a class with their progress and stored mark in each of the given meetings
 * (one row per student and meeting), ordered by nim then meeting number. One statement.
 */
export async function findMarksOfClass(
  db: Db,
  collegeId: string,
  kelasId: string,
  meetingIds: string[],
  onlyStudentId?: string,
) {
  if (meetingIds.length === 0) return [];
  return db
    .select({
      ...studentColumns,
      pertemuanId: meetings.id,
      ...markColumns,
    })
    .from(classStudents)
    .innerJoin(
      users,
      and(eq(users.collegeId, classStudents.collegeId), eq(users.id, classStudents.mahasiswaId)),
    )
    .innerJoin(students, eq(students.userId, users.id))
    .innerJoin(meetings, sameClass(meetings, classStudents))
    .leftJoin(attendanceProgress, progressOfStudent)
    .leftJoin(studentAttendance, markOfStudent)
    .leftJoin(updater, eq(updater.id, studentAttendance.updatedBy))
    .where(
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.kelasId, kelasId),
        inArray(meetings.id, meetingIds),
        onlyStudentId ? eq(classStudents.mahasiswaId, onlyStudentId) : undefined,
      ),
    )
    .orderBy(asc(students.nim), asc(meetings.nomor));
}
export type MarkRow = Awaited<ReturnType<typeof findMarksOfClass>>[number];

/**
 * The enrolled students of the given classes with their progress and stored mark in each of the given
 * meetings of their class (one row per student and meeting), in class, meeting number and nim order: the
 * meeting reports' list. One statement for any number of classes.
 */
export async function findMarksOfClasses(
  db: Db,
  collegeId: string,
  kelasIds: string[],
  meetingIds: string[],
) {
  if (kelasIds.length === 0 || meetingIds.length === 0) return [];
  return db
    .select({
      kelasId: classStudents.kelasId,
      pertemuanId: meetings.id,
      ...studentColumns,
      ...markColumns,
    })
    .from(classStudents)
    .innerJoin(
      users,
      and(eq(users.collegeId, classStudents.collegeId), eq(users.id, classStudents.mahasiswaId)),
    )
    .innerJoin(students, eq(students.userId, users.id))
    .innerJoin(meetings, sameClass(meetings, classStudents))
    .leftJoin(attendanceProgress, progressOfStudent)
    .leftJoin(studentAttendance, markOfStudent)
    .leftJoin(updater, eq(updater.id, studentAttendance.updatedBy))
    .where(
      and(
        eq(classStudents.collegeId, collegeId),
        inArray(classStudents.kelasId, kelasIds),
        inArray(meetings.id, meetingIds),
      ),
    )
    .orderBy(asc(classStudents.kelasId), asc(meetings.nomor), asc(students.nim));
}
export type ClassesMarkRow = Awaited<ReturnType<typeof findMarksOfClasses>>[number];

/** The meetings of a class in number order (the recap's columns). */
export async function findMeetingsOfClass(db: Db, collegeId: string, kelasId: string) {
  return db
    .select({
      id: meetings.id,
      nomor: meetings.nomor,
      judul: meetings.judul,
      jenis: meetings.jenis,
      kategori: meetings.kategori,
      status: meetings.status,
      waktuMulai: meetings.waktuMulai,
      waktuSelesai: meetings.waktuSelesai,
      mulaiKuliah: meetings.mulaiKuliah,
      parameterKehadiran: meetings.parameterKehadiran,
    })
    .from(meetings)
    .where(and(eq(meetings.collegeId, collegeId), eq(meetings.kelasId, kelasId)))
    .orderBy(asc(meetings.nomor));
}
export type ClassMeetingRow = Awaited<ReturnType<typeof findMeetingsOfClass>>[number];

/** The class's enrolled students with the given nims: user id by nim. */
export async function findEnrolledByNim(db: Db, collegeId: string, kelasId: string, nims: string[]) {
  if (nims.length === 0) return [];
  return db
    .select({ mahasiswaId: classStudents.mahasiswaId, nim: students.nim })
    .from(classStudents)
    .innerJoin(
      students,
      and(eq(students.collegeId, classStudents.collegeId), eq(students.userId, classStudents.mahasiswaId)),
    )
    .where(
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.kelasId, kelasId),
        inArray(students.nim, nims),
      ),
    );
}

/** Whether a user is enrolled in the class, with their nim. */
export async function findEnrolledStudent(db: Db, collegeId: string, kelasId: string, mahasiswaId: string) {
  const [row] = await db
    .select(studentColumns)
    .from(classStudents)
    .innerJoin(
      users,
      and(eq(users.collegeId, classStudents.collegeId), eq(users.id, classStudents.mahasiswaId)),
    )
    .innerJoin(students, eq(students.userId, users.id))
    .where(
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.kelasId, kelasId),
        eq(classStudents.mahasiswaId, mahasiswaId),
      ),
    );
  return row;
}

/** The class's enrolled students by nim. */
export async function findEnrolledStudents(db: Db, collegeId: string, kelasId: string) {
  return db
    .select(studentColumns)
    .from(classStudents)
    .innerJoin(
      users,
      and(eq(users.collegeId, classStudents.collegeId), eq(users.id, classStudents.mahasiswaId)),
    )
    .innerJoin(students, eq(students.userId, users.id))
    .where(and(eq(classStudents.collegeId, collegeId), eq(classStudents.kelasId, kelasId)))
    .orderBy(asc(students.nim));
}

/** The user id of a student of the college by nim. */
export async function findStudentIdByNim(db: Db, collegeId: string, nim: string) {
  const [row] = await db
    .select({ mahasiswaId: students.userId })
    .from(students)
    .where(and(eq(students.collegeId, collegeId), eq(students.nim, nim)));
  return row?.mahasiswaId;
}

/** A student of the college by nim, with their name. */
export async function findStudentByNim(db: Db, collegeId: string, nim: string) {
  const [row] = await db
    .select({ mahasiswaId: students.userId, nim: students.nim, nama: users.nama })
    .from(students)
    .innerJoin(users, and(eq(users.collegeId, students.collegeId), eq(users.id, students.userId)))
    .where(and(eq(students.collegeId, collegeId), eq(students.nim, nim)));
  return row;
}

export interface MarkWrite {
  mahasiswaId: string;
  presensi: AttendanceMark;
}

/** Stores people's marks for students of one meeting in one statement (the last one wins). */
export async function upsertMarks(
  db: Db,
  collegeId: string,
  pertemuanId: string,
  marks: MarkWrite[],
  by: { userId: string; source: 'manual' | 'qr' },
): Promise<void> {
  if (marks.length === 0) return;
  await db
    .insert(studentAttendance)
    .values(
      marks.map((m) => ({
        collegeId,
        pertemuanId,
        mahasiswaId: m.mahasiswaId,
        presensi: m.presensi,
        source: by.source,
        updatedBy: by.userId,
      })),
    )
    .onConflictDoUpdate({
      target: [studentAttendance.pertemuanId, studentAttendance.mahasiswaId],
      set: {
        ...excludedColumns(studentAttendance, ['presensi', 'source', 'updatedBy']),
        updatedAt: sql`now()`,
      },
    });
}

/** Removes people's marks (ada_presensi false): the students go back to the system's mark. */
export async function deleteMarks(
  db: Db,
  collegeId: string,
  pertemuanId: string,
  mahasiswaIds: string[],
): Promise<void> {
  if (mahasiswaIds.length === 0) return;
  await db
    .delete(studentAttendance)
    .where(
      and(
        eq(studentAttendance.collegeId, collegeId),
        eq(studentAttendance.pertemuanId, pertemuanId),
        inArray(studentAttendance.mahasiswaId, mahasiswaIds),
      ),
    );
}

/**
 * Records a student present by QR unless a mark already stands (a person's manual mark, or an earlier QR
 * check-in): a QR check-in never overwrites a stored mark. Answers the mark that stands afterwards and
 * whether this call wrote it.
 */
export async function insertQrMark(
  db: Db,
  mark: { collegeId: string; pertemuanId: string; mahasiswaId: string; at: Date },
) {
  const written = await db
    .insert(studentAttendance)
    .values({
      collegeId: mark.collegeId,
      pertemuanId: mark.pertemuanId,
      mahasiswaId: mark.mahasiswaId,
      presensi: 'H',
      source: 'qr',
      updatedBy: mark.mahasiswaId,
      updatedAt: mark.at,
    })
    .onConflictDoNothing()
    .returning({ presensi: studentAttendance.presensi });
  const [standing] = await db
    .select({ presensi: studentAttendance.presensi, source: studentAttendance.source })
    .from(studentAttendance)
    .where(
      and(
        eq(studentAttendance.collegeId, mark.collegeId),
        eq(studentAttendance.pertemuanId, mark.pertemuanId),
        eq(studentAttendance.mahasiswaId, mark.mahasiswaId),
      ),
    );
  return { written: written.length > 0, presensi: standing!.presensi, source: standing!.source };
}

/**
 * Whether a recalculation covering the class (or the whole college) is running; without a class,
 * whether any is running in the college.
 */
export async function isRecalculationRunning(
  db: Db,
  collegeId: string,
  kelasId: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(attendanceRecalculations)
    .where(
      and(
        eq(attendanceRecalculations.collegeId, collegeId),
        eq(attendanceRecalculations.status, 'processing'),
        kelasId === null
          ? undefined
          : or(
              eq(attendanceRecalculations.kelasId, kelasId),
              sql`${attendanceRecalculations.kelasId} is null`,
            ),
      ),
    );
  return (row?.n ?? 0) > 0;
}

export type NewRecalculation = typeof attendanceRecalculations.$inferInsert;

/** Records a recalculation request as processing. */
export async function insertRecalculation(db: Db, row: NewRecalculation) {
  const [created] = await db.insert(attendanceRecalculations).values(row).returning();
  return created!;
}

/** One recalculation request. */
export async function findRecalculation(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select()
    .from(attendanceRecalculations)
    .where(and(eq(attendanceRecalculations.collegeId, collegeId), eq(attendanceRecalculations.id, id)));
  return row;
}
export type RecalculationRow = NonNullable<Awaited<ReturnType<typeof findRecalculation>>>;

/** The latest recalculation of the college still processing (its progress for the list), or none. */
export async function findRunningRecalculation(db: Db, collegeId: string) {
  const [row] = await db
    .select()
    .from(attendanceRecalculations)
    .where(
      and(
        eq(attendanceRecalculations.collegeId, collegeId),
        eq(attendanceRecalculations.status, 'processing'),
      ),
    )
    .orderBy(desc(attendanceRecalculations.createdAt))
    .limit(1);
  return row;
}

/** Records how many classes a running recalculation has done. */
export async function recordRecalculationProgress(
  db: Db,
  collegeId: string,
  id: string,
  classDone: number,
): Promise<void> {
  await db
    .update(attendanceRecalculations)
    .set({ classDone })
    .where(
      and(
        eq(attendanceRecalculations.collegeId, collegeId),
        eq(attendanceRecalculations.id, id),
        eq(attendanceRecalculations.status, 'processing'),
      ),
    );
}

/** Ends a recalculation request (completed or failed); only a processing one changes. */
export async function finishRecalculation(
  db: Db,
  collegeId: string,
  id: string,
  outcome: { status: 'completed' | 'failed'; meetingCount?: number; error?: string },
): Promise<void> {
  await db
    .update(attendanceRecalculations)
    .set({
      status: outcome.status,
      meetingCount: outcome.meetingCount ?? null,
      error: outcome.error ?? null,
      finishedAt: sql`now()`,
    })
    .where(
      and(
        eq(attendanceRecalculations.collegeId, collegeId),
        eq(attendanceRecalculations.id, id),
        eq(attendanceRecalculations.status, 'processing'),
      ),
    );
}

/** Filters of the attendance list and of recalculations (the class-level ones and the dates). */
export interface AttendanceFilter {
  periode?: number;
  mataKuliahId?: string;
  kelasId?: string;
  /** Study program of the class's course. */
  prodiId?: string;
  /** A lecturer teaching the class. */
  dosenId?: string;
  /** Meetings starting at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
  status?: 'belum_dimulai' | 'berlangsung' | 'selesai';
  jenis?: 'online' | 'offline' | 'campuran';
  search?: string;
}

/** The class-level conditions of a filter (on `classes` joined with `courses`). */
function classConditions(collegeId: string, filter: AttendanceFilter): (SQL | undefined)[] {
  return [
    filter.periode !== undefined ? eq(classes.periode, filter.periode) : undefined,
    filter.mataKuliahId ? eq(classes.mataKuliahId, filter.mataKuliahId) : undefined,
    filter.kelasId ? eq(classes.id, filter.kelasId) : undefined,
    filter.prodiId ? eq(courses.prodiId, filter.prodiId) : undefined,
    // Uncorrelated: the lecturer's classes once, through class_teachers_dosen_idx.
    filter.dosenId
      ? inArray(
          classes.id,
          sql`(select ${classTeachers.kelasId} from ${classTeachers} where ${classTeachers.collegeId} = ${collegeId} and ${classTeachers.dosenId} = ${filter.dosenId})`,
        )
      : undefined,
  ];
}

/** The meeting-date conditions of a filter. */
function dateConditions(filter: AttendanceFilter): (SQL | undefined)[] {
  return [
    filter.from ? gte(meetings.waktuMulai, filter.from) : undefined,
    filter.to ? lt(meetings.waktuMulai, filter.to) : undefined,
  ];
}

function filterConditions(collegeId: string, scope: ClassScope, filter: AttendanceFilter): SQL | undefined {
  const pattern = filter.search ? likePattern(filter.search) : undefined;
  return and(
    eq(meetings.collegeId, collegeId),
    inClassScope(meetings.kelasId, collegeId, scope),
    ...classConditions(collegeId, filter),
    ...dateConditions(filter),
    filter.status ? eq(meetings.status, filter.status) : undefined,
    filter.jenis ? eq(meetings.jenis, filter.jenis) : undefined,
    pattern
      ? or(ilike(meetings.judul, pattern), ilike(courses.nama, pattern), ilike(courses.kode, pattern))
      : undefined,
  );
}

/** The ids of the classes a filter selects, in id order, one page of `limit` after `afterId`. */
export async function findClassIdsOfFilter(
  db: Db,
  collegeId: string,
  filter: AttendanceFilter,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(courses, courseOfClass())
    .where(
      and(
        eq(classes.collegeId, collegeId),
        ...classConditions(collegeId, filter),
        afterId ? sql`${classes.id} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(classes.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * What a recalculation of the filter covers: its classes, their distinct enrolled students and their
 * meetings (within the dates): three small counts.
 */
export async function countRecalculationScope(db: Db, collegeId: string, filter: AttendanceFilter) {
  const classIds = db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(courses, courseOfClass())
    .where(and(eq(classes.collegeId, collegeId), ...classConditions(collegeId, filter)));
  const [[classCount], [studentCount], [meetingCount]] = await Promise.all([
    db
      .select({ n: count() })
      .from(classes)
      .innerJoin(courses, courseOfClass())
      .where(and(eq(classes.collegeId, collegeId), ...classConditions(collegeId, filter))),
    db
      .select({ n: countDistinct(classStudents.mahasiswaId) })
      .from(classStudents)
      .where(and(eq(classStudents.collegeId, collegeId), inArray(classStudents.kelasId, classIds))),
    db
      .select({ n: count() })
      .from(meetings)
      .where(
        and(
          eq(meetings.collegeId, collegeId),
          inArray(meetings.kelasId, classIds),
          ...dateConditions(filter),
        ),
      ),
  ]);
  return { classes: classCount?.n ?? 0, students: studentCount?.n ?? 0, meetings: meetingCount?.n ?? 0 };
}

/** The names a recalculation's scope text shows: the study program, the class, the course, the lecturer. */
export async function findScopeNames(
  db: Db,
  collegeId: string,
  ids: { prodiId?: string; kelasId?: string; mataKuliahId?: string; dosenId?: string },
) {
  const [prodi, kelas, course, dosen] = await Promise.all([
    ids.prodiId
      ? db
          .select({ nama: studyPrograms.nama, jenjang: studyPrograms.jenjang })
          .from(studyPrograms)
          .where(and(eq(studyPrograms.collegeId, collegeId), eq(studyPrograms.id, ids.prodiId)))
      : [],
    ids.kelasId
      ? db
          .select({ nama: classes.nama, kode: courses.kode, mataKuliah: courses.nama })
          .from(classes)
          .innerJoin(courses, courseOfClass())
          .where(and(eq(classes.collegeId, collegeId), eq(classes.id, ids.kelasId)))
      : [],
    ids.mataKuliahId
      ? db
          .select({ kode: courses.kode, nama: courses.nama })
          .from(courses)
          .where(and(eq(courses.collegeId, collegeId), eq(courses.id, ids.mataKuliahId)))
      : [],
    ids.dosenId
      ? db
          .select({ nama: users.nama })
          .from(users)
          .where(and(eq(users.collegeId, collegeId), eq(users.id, ids.dosenId), eq(users.role, 'dosen')))
      : [],
  ]);
  return { prodi: prodi[0], kelas: kelas[0], course: course[0], dosen: dosen[0] };
}

/** The meeting ids of the given classes (starting within the filter's dates, when it has them). */
export async function findMeetingIdsOfClasses(
  db: Db,
  collegeId: string,
  kelasIds: string[],
  dates: Pick<AttendanceFilter, 'from' | 'to'> = {},
) {
  if (kelasIds.length === 0) return [];
  const rows = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(eq(meetings.collegeId, collegeId), inArray(meetings.kelasId, kelasIds), ...dateConditions(dates)),
    );
  return rows.map((r) => r.id);
}

const listColumns = {
  id: meetings.id,
  nomor: meetings.nomor,
  judul: meetings.judul,
  jenis: meetings.jenis,
  status: meetings.status,
  waktuMulai: meetings.waktuMulai,
  waktuSelesai: meetings.waktuSelesai,
  mulaiKuliah: meetings.mulaiKuliah,
  selesaiKuliah: meetings.selesaiKuliah,
  parameterKehadiran: meetings.parameterKehadiran,
  kelas: { id: classes.id, nama: classes.nama, jenis: classes.jenis, periode: classes.periode },
  mataKuliah: { id: courses.id, kode: courses.kode, nama: courses.nama },
};

/** Where a read of the attendance list stopped: the last meeting's start (full precision) and id. */
export type AttendanceListKey = { started: boolean; waktuMulai: string; id: string };

/**
 * The list's order against a clock fixed for the whole read (an export that runs for a minute must not
 * see a meeting move from upcoming to started between its pages): started meetings first, the latest on
 * top (where attendance is being taken), then upcoming ones soonest first.
 */
function listOrder(now: Date) {
  return [
    sql`(${meetings.waktuMulai} > ${now})`,
    sql`case when ${meetings.waktuMulai} <= ${now} then ${meetings.waktuMulai} end desc`,
    asc(meetings.waktuMulai),
    asc(meetings.id),
  ];
}

/** The meetings that come after `key` in `listOrder(now)`. */
function afterKey(key: AttendanceListKey | null, now: Date) {
  if (!key) return undefined;
  const start = sql`${key.waktuMulai}::timestamptz`;
  const sameStartLaterId = sql`(${meetings.waktuMulai} = ${start} and ${meetings.id} > ${key.id})`;
  return key.started
    ? sql`(${meetings.waktuMulai} > ${now} or ${meetings.waktuMulai} < ${start} or ${sameStartLaterId})`
    : sql`(${meetings.waktuMulai} > ${start} or ${sameStartLaterId})`;
}

/**
 * The figures of the chosen meetings: enrolled students, present students (a person's H or QR, else the
 * system's mark where attendance is computed and the meeting has started), average progress and the
 * last update, aggregated in SQL for those meetings only. The meetings are chosen in a subquery: with
 * OFFSET on this query, PostgreSQL would evaluate the counting subqueries for every skipped row too.
 */
function selectListRows(
  db: Db,
  collegeId: string,
  pageIds: SQLWrapper,
  now: Date,
  minProgressPercent: number,
) {
  const enrolled = sql<number>`(select count(*) from ${classStudents} where ${sameClass(classStudents, meetings)})`;
  const present = sql<number>`(select count(*) from ${classStudents}
    left join ${attendanceProgress} on ${progressOfStudent}
    left join ${studentAttendance} on ${markOfStudent}
    where ${sameClass(classStudents, meetings)} and ${presentInSql(minProgressPercent)})`;
  const averageProgress = sql<
    number | null
  >`(select avg(${attendanceProgress.completed}::float / ${attendanceProgress.required}) filter (where ${attendanceProgress.required} > 0) from ${attendanceProgress} where ${attendanceProgress.collegeId} = ${meetings.collegeId} and ${attendanceProgress.pertemuanId} = ${meetings.id})`;
  const lastUpdate = sql<
    string | null
  >`(select max(${attendanceProgress.computedAt}) from ${attendanceProgress} where ${attendanceProgress.collegeId} = ${meetings.collegeId} and ${attendanceProgress.pertemuanId} = ${meetings.id})`;
  return db
    .select({
      ...listColumns,
      enrolled: enrolled.mapWith(Number),
      present: present.mapWith(Number),
      averageProgress: averageProgress.mapWith((v) => (v === null ? null : Number(v))),
      lastUpdate: lastUpdate.mapWith((v) => (v === null ? null : new Date(v))),
      // The key as the database holds it: a JS Date would drop the microseconds.
      keyStart: sql<string>`${meetings.waktuMulai}::text`,
      keyStarted: sql<boolean>`(${meetings.waktuMulai} <= ${now})`,
    })
    .from(meetings)
    .innerJoin(classes, classOf(meetings))
    .innerJoin(courses, courseOfClass())
    .where(and(eq(meetings.collegeId, collegeId), inArray(meetings.id, pageIds)))
    .orderBy(...listOrder(now));
}

/** Meetings of the filter in the scope (and after a key), as a query to choose a page from. */
function filteredMeetings(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filter: AttendanceFilter,
  after?: SQL,
) {
  return db
    .select({ id: meetings.id })
    .from(meetings)
    .innerJoin(classes, classOf(meetings))
    .innerJoin(courses, courseOfClass())
    .where(and(filterConditions(collegeId, scope, filter), after));
}

/** A page of the attendance list (see `selectListRows`) and the number of meetings of the filter. */
export async function findAttendanceList(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filter: AttendanceFilter,
  page: { offset: number; limit: number },
  minProgressPercent: number,
  now = new Date(),
) {
  const pageIds = filteredMeetings(db, collegeId, scope, filter)
    .orderBy(...listOrder(now))
    .offset(page.offset)
    .limit(page.limit);
  const [rows, [total]] = await Promise.all([
    selectListRows(db, collegeId, pageIds, now, minProgressPercent),
    db.select({ n: count() }).from(filteredMeetings(db, collegeId, scope, filter).as('m')),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The `limit` meetings after `key` (from the start when null), without the total: the export reads
 * the whole list this way, so a late page costs what the first does, unlike OFFSET.
 */
export async function findAttendanceListAfter(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filter: AttendanceFilter,
  page: { after: AttendanceListKey | null; limit: number; now: Date },
  minProgressPercent: number,
) {
  const pageIds = filteredMeetings(db, collegeId, scope, filter, afterKey(page.after, page.now))
    .orderBy(...listOrder(page.now))
    .limit(page.limit);
  const rows = await selectListRows(db, collegeId, pageIds, page.now, minProgressPercent);
  const last = rows[rows.length - 1];
  const next: AttendanceListKey | null = last
    ? { started: last.keyStarted, waktuMulai: last.keyStart, id: last.id }
    : null;
  return { rows, next };
}
export type AttendanceListDbRow = Awaited<ReturnType<typeof findAttendanceList>>['rows'][number];

/** Which of a student's classes a count covers: all, the current period's, or one. */
type ClassTotalsScope = 'all' | 'currentPeriod' | 'class';

const heldInSql = sql`(${meetings.waktuSelesai} <= now() or ${meetings.status} = 'selesai')`;

/** Who and where a student's counts are of: a prepared statement's placeholders, or another's values. */
export interface StudentScopeValues {
  collegeId: SQL;
  mahasiswaId: SQL;
  kelasId: SQL;
  minProgressPercent: SQL;
}

const placeholderValues: StudentScopeValues = {
  collegeId: sql`${sql.placeholder('collegeId')}`,
  mahasiswaId: sql`${sql.placeholder('mahasiswaId')}`,
  kelasId: sql`${sql.placeholder('kelasId')}`,
  minProgressPercent: sql`${sql.placeholder('minProgressPercent')}`,
};

/** A student's classes limited to the scope (the rows of class_students kept). */
function studentClassesInScope(scope: ClassTotalsScope, values: StudentScopeValues = placeholderValues) {
  const currentPeriod = sql`exists (select 1 from ${classes} join ${periods} on ${periods.collegeId} = ${classes.collegeId} and ${periods.kode} = ${classes.periode} where ${classes.collegeId} = ${classStudents.collegeId} and ${classes.id} = ${classStudents.kelasId} and ${periods.isCurrent})`;
  return and(
    eq(classStudents.collegeId, values.collegeId),
    eq(classStudents.mahasiswaId, sql`${values.mahasiswaId}::uuid`),
    scope === 'currentPeriod' ? currentPeriod : undefined,
    scope === 'class' ? eq(classStudents.kelasId, values.kelasId) : undefined,
  );
}

/**
 * findStudentClassTotals per scope, prepared once per database handle (named: parsed once per
 * connection; PostgreSQL still plans this one at each call, ~1.5 ms for its six tables).
 */
const preparedClassTotals = new WeakMap<Db, Map<ClassTotalsScope, ReturnType<typeof prepareClassTotals>>>();

function prepareClassTotals(db: Db, scope: ClassTotalsScope) {
  const minProgressPercent = sql.placeholder('minProgressPercent');
  return db
    .select({
      kelas: { id: classes.id, nama: classes.nama, periode: classes.periode },
      mataKuliah: { id: courses.id, kode: courses.kode, nama: courses.nama },
      total: sql<number>`count(${meetings.id})`.mapWith(Number),
      held: sql<number>`count(${meetings.id}) filter (where ${heldInSql})`.mapWith(Number),
      attended:
        sql<number>`count(${meetings.id}) filter (where ${heldInSql} and ${presentInSql(minProgressPercent)})`.mapWith(
          Number,
        ),
    })
    .from(classStudents)
    .innerJoin(classes, classOf(classStudents))
    .innerJoin(courses, courseOfClass())
    .leftJoin(meetings, and(sameClass(meetings, classStudents), eq(meetings.kategori, 'kuliah')))
    .leftJoin(attendanceProgress, progressOfStudent)
    .leftJoin(studentAttendance, markOfStudent)
    .where(studentClassesInScope(scope))
    .groupBy(classes.id, classes.nama, classes.periode, courses.id, courses.kode, courses.nama)
    .orderBy(desc(classes.periode), asc(courses.nama), asc(classes.nama))
    .prepare(`student_class_totals_${scope}`);
}

const scopeOf = (options: { currentPeriod?: boolean; kelasId?: string }): ClassTotalsScope =>
  options.kelasId ? 'class' : options.currentPeriod ? 'currentPeriod' : 'all';

/** Prepared statements per database handle and scope (a WeakMap: a handle gone takes its own along). */
function preparedPerScope<T>(
  cache: WeakMap<Db, Map<ClassTotalsScope, T>>,
  db: Db,
  scope: ClassTotalsScope,
  make: () => T,
) {
  let byScope = cache.get(db);
  if (!byScope) cache.set(db, (byScope = new Map()));
  let prepared = byScope.get(scope);
  if (!prepared) byScope.set(scope, (prepared = make()));
  return prepared;
}

/**
 * A student's classes with their meetings held, meetings in all, and meetings attended (a person's H or
 * QR, else the system's H where attendance is computed), for /kehadiran.
 */
export async function findStudentClassTotals(
  db: Db,
  collegeId: string,
  mahasiswaId: string,
  minProgressPercent: number,
  options: { currentPeriod?: boolean; kelasId?: string } = {},
) {
  const scope = scopeOf(options);
  const prepared = preparedPerScope(preparedClassTotals, db, scope, () => prepareClassTotals(db, scope));
  return prepared.execute({ collegeId, mahasiswaId, minProgressPercent, kelasId: options.kelasId });
}

/**
 * The same meetings held and attended, summed over the scope's classes, without the classes' names: a
 * UTS/UAS start counts them for its attendance minimum (issue 42). Four tables and no grouping, so
 * planning it (at each call, as PostgreSQL does for this statement) costs a fraction of the totals'.
 */
const preparedAttendedSums = new WeakMap<Db, Map<ClassTotalsScope, ReturnType<typeof prepareAttendedSums>>>();

function selectAttendedSums(db: Db, scope: ClassTotalsScope, values: StudentScopeValues = placeholderValues) {
  const held = sql`count(*) filter (where ${heldInSql})`;
  const attended = sql`count(*) filter (where ${heldInSql} and ${presentInSql(values.minProgressPercent)})`;
  return db
    .select({
      held: sql<number>`${held}`.mapWith(Number).as('held'),
      attended: sql<number>`${attended}`.mapWith(Number).as('attended'),
    })
    .from(classStudents)
    .innerJoin(meetings, and(sameClass(meetings, classStudents), eq(meetings.kategori, 'kuliah')))
    .leftJoin(attendanceProgress, progressOfStudent)
    .leftJoin(studentAttendance, markOfStudent)
    .where(studentClassesInScope(scope, values));
}

function prepareAttendedSums(db: Db, scope: ClassTotalsScope) {
  return selectAttendedSums(db, scope).prepare(`student_attended_sums_${scope}`);
}

/**
 * The same sums in one class as a column of another statement (a UTS/UAS start's read), a jsonb
 * `{ held, attended }`: the start reads them without a statement of their own.
 */
export function attendedLecturesInClassSql(
  db: Db,
  values: StudentScopeValues,
): SQL<{ held: number; attended: number }> {
  return sql`(select jsonb_build_object('held', "sums"."held", 'attended', "sums"."attended") from (${selectAttendedSums(db, 'class', values)}) "sums")`;
}

export async function sumStudentAttendedLectures(
  db: Db,
  collegeId: string,
  mahasiswaId: string,
  minProgressPercent: number,
  options: { currentPeriod?: boolean; kelasId?: string } = {},
): Promise<{ held: number; attended: number }> {
  const scope = scopeOf(options);
  const prepared = preparedPerScope(preparedAttendedSums, db, scope, () => prepareAttendedSums(db, scope));
  const [row] = await prepared.execute({
    collegeId,
    mahasiswaId,
    minProgressPercent,
    kelasId: options.kelasId,
  });
  return { held: row?.held ?? 0, attended: row?.attended ?? 0 };
}

/**
 * One student's marks in every meeting of their classes in the scope (a lecturer: the classes they
 * teach), of a period or all: the class, its course, the meeting and the mark columns, ordered by
 * period (latest first), course, class and meeting number. One statement.
 */
export async function findStudentMarksAcrossClasses(
  db: Db,
  collegeId: string,
  mahasiswaId: string,
  scope: ClassScope,
  periode?: number,
) {
  return db
    .select({
      kelas: { id: classes.id, nama: classes.nama, jenis: classes.jenis, periode: classes.periode },
      mataKuliah: { kode: courses.kode, nama: courses.nama },
      meeting: {
        id: meetings.id,
        nomor: meetings.nomor,
        judul: meetings.judul,
        jenis: meetings.jenis,
        kategori: meetings.kategori,
        waktuMulai: meetings.waktuMulai,
        mulaiKuliah: meetings.mulaiKuliah,
        parameterKehadiran: meetings.parameterKehadiran,
      },
      ...markColumns,
    })
    .from(classStudents)
    .innerJoin(classes, classOf(classStudents))
    .innerJoin(courses, courseOfClass())
    .innerJoin(meetings, sameClass(meetings, classStudents))
    .leftJoin(attendanceProgress, progressOfStudent)
    .leftJoin(studentAttendance, markOfStudent)
    .leftJoin(updater, eq(updater.id, studentAttendance.updatedBy))
    .where(
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.mahasiswaId, mahasiswaId),
        inClassScope(classStudents.kelasId, collegeId, scope),
        periode !== undefined ? eq(classes.periode, periode) : undefined,
      ),
    )
    .orderBy(desc(classes.periode), asc(courses.nama), asc(classes.nama), asc(meetings.nomor))
    .limit(5000);
}
export type StudentMarkRow = Awaited<ReturnType<typeof findStudentMarksAcrossClasses>>[number];
