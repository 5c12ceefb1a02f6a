import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { students, users } from '../../db/schema/identity.schema.ts';
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

/** Escapes LIKE wildcards so a search for "50%" means the text. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}

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
  const rows = await db
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
    .orderBy(asc(users.nama), asc(users.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
export type StudentSearchRow = Awaited<ReturnType<typeof searchStudents>>['rows'][number];
