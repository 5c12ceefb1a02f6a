import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { campuses, courses, lectureSessions, rooms } from '../../db/schema/academic.schema.ts';
import {
  classSchedules,
  classStudents,
  classStudyPrograms,
  classTeachers,
  classes,
} from '../../db/schema/class.schema.ts';
import { lecturers, students, users } from '../../db/schema/identity.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';
import { courseOfClass } from '../../db/tenant-joins.ts';

export type { ClassScope } from '../../db/class-scope.ts';

export interface ClassFilters {
  periode?: number;
  mataKuliahId?: string;
  status?: 'akan_dimulai' | 'berlangsung' | 'selesai';
  search?: string;
  prodiMataKuliahId?: string;
  prodiKelasId?: string;
}

const classBaseColumns = {
  id: classes.id,
  collegeId: classes.collegeId,
  periode: classes.periode,
  nama: classes.nama,
  jenis: classes.jenis,
  status: classes.status,
  modeKuliah: classes.modeKuliah,
  lingkup: classes.lingkup,
  metodePengajaran: classes.metodePengajaran,
  kapasitas: classes.kapasitas,
  bannerKey: classes.bannerKey,
  bannerColorIdx: classes.bannerColorIdx,
  ketuaKelasNim: classes.ketuaKelasNim,
  course: {
    id: courses.id,
    kode: courses.kode,
    nama: courses.nama,
    sks: courses.sks,
    koordinatorDosenId: courses.koordinatorDosenId,
    pengembangRpsDosenId: courses.pengembangRpsDosenId,
  },
  courseProdi: { nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
  kampus: { id: campuses.id, nama: campuses.nama },
};

function filterConditions(collegeId: string, scope: ClassScope, f: ClassFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(classes.collegeId, collegeId),
    inClassScope(classes.id, collegeId, scope),
  ];
  if (f.periode !== undefined) conditions.push(eq(classes.periode, f.periode));
  if (f.mataKuliahId) conditions.push(eq(classes.mataKuliahId, f.mataKuliahId));
  if (f.status) conditions.push(eq(classes.status, f.status));
  if (f.prodiMataKuliahId) conditions.push(eq(courses.prodiId, f.prodiMataKuliahId));
  if (f.prodiKelasId) {
    conditions.push(
      inArray(
        classes.id,
        sql`(select ${classStudyPrograms.kelasId} from ${classStudyPrograms} where ${classStudyPrograms.collegeId} = ${collegeId} and ${classStudyPrograms.prodiId} = ${f.prodiKelasId})`,
      ),
    );
  }
  if (f.search) {
    const pattern = likePattern(f.search);
    conditions.push(
      or(
        ilike(courses.nama, pattern),
        ilike(courses.kode, pattern),
        ilike(classes.nama, pattern),
        ilike(classes.id, pattern),
        // Uncorrelated, so PostgreSQL runs it once (a hashed subplan): the college's lecturers whose
        // name matches, through the trigram index users_nama_trgm_idx and the role index, then their
        // classes through class_teachers_dosen_idx. The role filter keeps the estimate to lecturers,
        // not every user with that name. A correlated EXISTS joined every teacher row instead.
        inArray(
          classes.id,
          sql`(select ${classTeachers.kelasId} from ${classTeachers} where ${classTeachers.collegeId} = ${collegeId} and ${classTeachers.dosenId} in (
                 select ${users.id} from ${users}
                 where ${users.collegeId} = ${collegeId} and ${users.role} = 'dosen' and ${users.nama} ilike ${pattern}))`,
        ),
      ),
    );
  }
  return and(...conditions);
}

/** One page of classes in scope with their course, course program and campus; and the total. */
export async function findClassPage(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filters: ClassFilters,
  page: { page: number; perPage: number },
) {
  const where = filterConditions(collegeId, scope, filters);
  const rows = await db
    .select(classBaseColumns)
    .from(classes)
    .innerJoin(courses, courseOfClass())
    .innerJoin(studyPrograms, eq(studyPrograms.id, courses.prodiId))
    .leftJoin(campuses, eq(campuses.id, classes.kampusId))
    .where(where)
    .orderBy(desc(classes.periode), asc(courses.nama), asc(classes.nama), asc(classes.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(classes)
    .innerJoin(courses, courseOfClass())
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
export type ClassBaseRow = Awaited<ReturnType<typeof findClassPage>>['rows'][number];

/**
 * The ids of the classes in scope that match the list's filters, in id order after `afterId` (keyset
 * paging), at most `limit`: walks a whole filter (the period's BAP zip) in short statements.
 */
export async function findClassIdsOfFilter(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filters: ClassFilters,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(courses, courseOfClass())
    .where(and(filterConditions(collegeId, scope, filters), afterId ? gt(classes.id, afterId) : undefined))
    .orderBy(asc(classes.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** One class of the college by id, with course, course program and campus. */
export async function findClassById(
  db: Db,
  collegeId: string,
  kelasId: string,
): Promise<ClassBaseRow | undefined> {
  const [row] = await db
    .select(classBaseColumns)
    .from(classes)
    .innerJoin(courses, courseOfClass())
    .innerJoin(studyPrograms, eq(studyPrograms.id, courses.prodiId))
    .leftJoin(campuses, eq(campuses.id, classes.kampusId))
    .where(and(eq(classes.collegeId, collegeId), eq(classes.id, kelasId)));
  return row;
}

/** The classes with these ids in the college, in one statement. */
export async function findClassesByIds(
  db: Db,
  collegeId: string,
  kelasIds: readonly string[],
): Promise<ClassBaseRow[]> {
  if (kelasIds.length === 0) return [];
  return db
    .select(classBaseColumns)
    .from(classes)
    .innerJoin(courses, courseOfClass())
    .innerJoin(studyPrograms, eq(studyPrograms.id, courses.prodiId))
    .leftJoin(campuses, eq(campuses.id, classes.kampusId))
    .where(and(eq(classes.collegeId, collegeId), inArray(classes.id, [...kelasIds])));
}

/** Teachers of the given classes, in display order. */
export async function findTeachersOfClasses(db: Db, collegeId: string, kelasIds: string[]) {
  if (kelasIds.length === 0) return [];
  return db
    .select({
      kelasId: classTeachers.kelasId,
      dosenId: classTeachers.dosenId,
      peran: classTeachers.peran,
      isUtama: classTeachers.isUtama,
      nama: users.nama,
      avatarKey: users.avatarKey,
      nidn: lecturers.nidn,
      gelarDepan: lecturers.gelarDepan,
      gelarAkademik: lecturers.gelarAkademik,
      prodi: { nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
    })
    .from(classTeachers)
    .innerJoin(users, eq(users.id, classTeachers.dosenId))
    .innerJoin(lecturers, eq(lecturers.userId, classTeachers.dosenId))
    .leftJoin(studyPrograms, eq(studyPrograms.id, lecturers.prodiId))
    .where(and(eq(classTeachers.collegeId, collegeId), inArray(classTeachers.kelasId, kelasIds)))
    .orderBy(asc(classTeachers.kelasId), asc(classTeachers.urutan), asc(users.nama));
}
export type ClassTeacherRow = Awaited<ReturnType<typeof findTeachersOfClasses>>[number];

/** Weekly slots of the given classes with room and session. */
export async function findSchedulesOfClasses(db: Db, collegeId: string, kelasIds: string[]) {
  if (kelasIds.length === 0) return [];
  return db
    .select({
      kelasId: classSchedules.kelasId,
      hari: classSchedules.hari,
      jamMulai: classSchedules.jamMulai,
      jamSelesai: classSchedules.jamSelesai,
      ruangan: { id: rooms.id, nama: rooms.nama },
      sesi: { id: lectureSessions.id, nama: lectureSessions.nama },
    })
    .from(classSchedules)
    .leftJoin(rooms, eq(rooms.id, classSchedules.ruanganId))
    .leftJoin(lectureSessions, eq(lectureSessions.id, classSchedules.sesiId))
    .where(and(eq(classSchedules.collegeId, collegeId), inArray(classSchedules.kelasId, kelasIds)))
    .orderBy(asc(classSchedules.hari), asc(classSchedules.jamMulai));
}
export type ClassScheduleRow = Awaited<ReturnType<typeof findSchedulesOfClasses>>[number];

/** Study programs the given classes are offered to. */
export async function findProgramsOfClasses(db: Db, collegeId: string, kelasIds: string[]) {
  if (kelasIds.length === 0) return [];
  return db
    .select({ kelasId: classStudyPrograms.kelasId, nama: studyPrograms.nama, jenjang: studyPrograms.jenjang })
    .from(classStudyPrograms)
    .innerJoin(studyPrograms, eq(studyPrograms.id, classStudyPrograms.prodiId))
    .where(and(eq(classStudyPrograms.collegeId, collegeId), inArray(classStudyPrograms.kelasId, kelasIds)))
    .orderBy(asc(studyPrograms.nama));
}

/** Participant and meeting counts of the given classes. */
export async function countClassMembers(db: Db, collegeId: string, kelasIds: string[]) {
  const peserta = new Map<string, number>();
  const pertemuan = new Map<string, number>();
  if (kelasIds.length === 0) return { peserta, pertemuan };
  const [studentCounts, meetingCounts] = await Promise.all([
    db
      .select({ kelasId: classStudents.kelasId, n: count() })
      .from(classStudents)
      .where(and(eq(classStudents.collegeId, collegeId), inArray(classStudents.kelasId, kelasIds)))
      .groupBy(classStudents.kelasId),
    db
      .select({ kelasId: meetings.kelasId, n: count() })
      .from(meetings)
      .where(and(eq(meetings.collegeId, collegeId), inArray(meetings.kelasId, kelasIds)))
      .groupBy(meetings.kelasId),
  ]);
  for (const r of studentCounts) peserta.set(r.kelasId, r.n);
  for (const r of meetingCounts) pertemuan.set(r.kelasId, r.n);
  return { peserta, pertemuan };
}

/** Syllabus of a course. */
export async function findCourseSyllabus(db: Db, collegeId: string, mataKuliahId: string) {
  const [row] = await db
    .select({
      teks: courses.silabusTeks,
      fileKey: courses.silabusFileKey,
      fileName: courses.silabusFileName,
      fileSize: courses.silabusFileSize,
    })
    .from(courses)
    .where(and(eq(courses.collegeId, collegeId), eq(courses.id, mataKuliahId)));
  return row;
}

/** Students of a class, optionally matching part of the nim or name; by name. */
export async function findStudentsOfClass(db: Db, collegeId: string, kelasId: string, search?: string) {
  const conditions: (SQL | undefined)[] = [
    eq(classStudents.collegeId, collegeId),
    eq(classStudents.kelasId, kelasId),
  ];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(or(ilike(students.nim, pattern), ilike(users.nama, pattern)));
  }
  return db
    .select({
      id: users.id,
      nim: students.nim,
      nama: users.nama,
      avatarKey: users.avatarKey,
      angkatan: students.angkatan,
      prodi: { nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
    })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.mahasiswaId))
    .innerJoin(students, eq(students.userId, classStudents.mahasiswaId))
    .leftJoin(studyPrograms, eq(studyPrograms.id, students.prodiId))
    .where(and(...conditions))
    .orderBy(asc(users.nama), asc(students.nim));
}
export type ClassStudentRow = Awaited<ReturnType<typeof findStudentsOfClass>>[number];

/** Whether a user is enrolled in a class. */
export async function isStudentOfClass(
  db: Db,
  collegeId: string,
  kelasId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(classStudents)
    .where(
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.kelasId, kelasId),
        eq(classStudents.mahasiswaId, userId),
      ),
    );
  return !!row;
}

/** Which of these classes the student is enrolled in, in one statement. */
export async function findClassesOfStudent(
  db: Db,
  collegeId: string,
  kelasIds: readonly string[],
  userId: string,
): Promise<Set<string>> {
  if (kelasIds.length === 0) return new Set();
  const rows = await db
    .select({ kelasId: classStudents.kelasId })
    .from(classStudents)
    .where(
      and(
        eq(classStudents.collegeId, collegeId),
        inArray(classStudents.kelasId, [...kelasIds]),
        eq(classStudents.mahasiswaId, userId),
      ),
    );
  return new Set(rows.map((row) => row.kelasId));
}

/** The enrolled student with this nim, if any. */
export async function findStudentOfClassByNim(db: Db, collegeId: string, kelasId: string, nim: string) {
  const [row] = await db
    .select({ userId: students.userId, nim: students.nim })
    .from(classStudents)
    .innerJoin(students, eq(students.userId, classStudents.mahasiswaId))
    .where(
      and(eq(classStudents.collegeId, collegeId), eq(classStudents.kelasId, kelasId), eq(students.nim, nim)),
    );
  return row;
}

/** Whether a campus belongs to the college. */
export async function campusExists(db: Db, collegeId: string, kampusId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: campuses.id })
    .from(campuses)
    .where(and(eq(campuses.collegeId, collegeId), eq(campuses.id, kampusId)));
  return !!row;
}

/** Changes a class's data fields. */
export async function updateClass(
  db: Db,
  collegeId: string,
  kelasId: string,
  changes: Partial<
    Pick<
      typeof classes.$inferInsert,
      | 'modeKuliah'
      | 'kapasitas'
      | 'lingkup'
      | 'metodePengajaran'
      | 'kampusId'
      | 'bannerKey'
      | 'bannerColorIdx'
      | 'ketuaKelasNim'
    >
  >,
): Promise<void> {
  await db
    .update(classes)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(classes.collegeId, collegeId), eq(classes.id, kelasId)));
}

/** Sets a teacher's role in a class; answers whether the lecturer teaches it. */
export async function updateTeacherRole(
  db: Db,
  collegeId: string,
  kelasId: string,
  dosenId: string,
  peran: 'koordinator' | 'dosen' | 'asisten',
): Promise<boolean> {
  const updated = await db
    .update(classTeachers)
    .set({ peran })
    .where(
      and(
        eq(classTeachers.collegeId, collegeId),
        eq(classTeachers.kelasId, kelasId),
        eq(classTeachers.dosenId, dosenId),
      ),
    )
    .returning({ dosenId: classTeachers.dosenId });
  return updated.length > 0;
}

/** Students enrolled in each class. */
export async function countStudentsOfClasses(db: Db, collegeId: string, classIds: string[]) {
  if (classIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ kelasId: classStudents.kelasId, n: count() })
    .from(classStudents)
    .where(and(eq(classStudents.collegeId, collegeId), inArray(classStudents.kelasId, classIds)))
    .groupBy(classStudents.kelasId);
  return new Map(rows.map((r) => [r.kelasId, r.n] as const));
}
