import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { pageByName } from '../../db/page-by-name.ts';
import { lecturers, students, users } from '../../db/schema/identity.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';

/** A user with their student record and study program, when a student. */
export async function findUserProfile(db: Db, collegeId: string, userId: string) {
  const [row] = await db
    .select({
      user: users,
      studentStatus: students.status,
      nim: students.nim,
      prodi: { id: studyPrograms.id, nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(studyPrograms, eq(studyPrograms.id, students.prodiId))
    .where(and(eq(users.collegeId, collegeId), eq(users.id, userId)));
  return row;
}
export type UserProfileRow = NonNullable<Awaited<ReturnType<typeof findUserProfile>>>;

/** One page of a college's students, optionally matching part of nim, username or name. */
export async function searchStudents(
  db: Db,
  collegeId: string,
  query: { search?: string; page: number; perPage: number },
) {
  const conditions: (SQL | undefined)[] = [eq(users.collegeId, collegeId), eq(users.role, 'mahasiswa')];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(ilike(users.nama, pattern), ilike(users.username, pattern), ilike(students.nim, pattern)),
    );
  }
  const where = and(...conditions);
  const matching = db
    .select({
      username: users.username,
      nama: users.nama,
      isActive: users.isActive,
      nim: students.nim,
      status: students.status,
      prodi: { nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(studyPrograms, eq(studyPrograms.id, students.prodiId))
    .where(where)
    .$dynamic();
  const rows = await pageByName(matching, query);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
export type StudentSearchRow = Awaited<ReturnType<typeof searchStudents>>['rows'][number];

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Directory search: part of the name (served by the users.nama trigram index), the whole number, or the
 * whole id (how a filter read back from a URL finds its label).
 */
function nameOrNumber(number: typeof students.nim | typeof lecturers.nidn, search: string | undefined) {
  if (!search) return undefined;
  return or(
    ilike(users.nama, likePattern(search)),
    eq(number, search),
    uuidPattern.test(search) ? eq(users.id, search) : undefined,
  );
}

/** One page of a college's lecturers by name, optionally matching part of the name or the whole nidn. */
export async function findLecturerPage(
  db: Db,
  collegeId: string,
  query: { search?: string; page: number; perPage: number },
) {
  const where = and(
    eq(lecturers.collegeId, collegeId),
    eq(users.collegeId, collegeId),
    nameOrNumber(lecturers.nidn, query.search),
  );
  const matching = db
    .select({
      id: users.id,
      nama: users.nama,
      nidn: lecturers.nidn,
      gelarDepan: lecturers.gelarDepan,
      gelarAkademik: lecturers.gelarAkademik,
      prodi: { id: studyPrograms.id, nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
    })
    .from(lecturers)
    .innerJoin(users, eq(users.id, lecturers.userId))
    .leftJoin(studyPrograms, eq(studyPrograms.id, lecturers.prodiId))
    .where(where)
    .$dynamic();
  const rows = await pageByName(matching, query);
  const [total] = await db
    .select({ n: count() })
    .from(lecturers)
    .innerJoin(users, eq(users.id, lecturers.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
export type LecturerDirectoryRow = Awaited<ReturnType<typeof findLecturerPage>>['rows'][number];

/** One page of a college's students by name, optionally matching part of the name or the whole nim. */
export async function findStudentPage(
  db: Db,
  collegeId: string,
  query: { search?: string; page: number; perPage: number },
) {
  const where = and(
    eq(students.collegeId, collegeId),
    eq(users.collegeId, collegeId),
    nameOrNumber(students.nim, query.search),
  );
  const matching = db
    .select({
      id: users.id,
      nama: users.nama,
      nim: students.nim,
      angkatan: students.angkatan,
      status: students.status,
      prodi: { id: studyPrograms.id, nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(studyPrograms, eq(studyPrograms.id, students.prodiId))
    .where(where)
    .$dynamic();
  const rows = await pageByName(matching, query);
  const [total] = await db
    .select({ n: count() })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
export type StudentDirectoryRow = Awaited<ReturnType<typeof findStudentPage>>['rows'][number];

/** Whether the user is a lecturer of the college. */
export async function isLecturerOfCollege(db: Db, collegeId: string, userId: string) {
  const [row] = await db
    .select({ id: lecturers.userId })
    .from(lecturers)
    .where(and(eq(lecturers.collegeId, collegeId), eq(lecturers.userId, userId)))
    .limit(1);
  return !!row;
}
