import { and, asc, countDistinct, desc, eq, exists, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { periods } from '../../db/schema/academic.schema.ts';
import { classStudents, classTeachers, classes } from '../../db/schema/class.schema.ts';
import { students, users } from '../../db/schema/identity.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';
import { classOf, sameClass } from '../../db/tenant-joins.ts';

function selectStudents(db: Db) {
  return db
    .select({
      userId: users.id,
      nama: users.nama,
      email: users.email,
      telepon: users.telepon,
      avatarKey: users.avatarKey,
      nim: students.nim,
      status: students.status,
      angkatan: students.angkatan,
      prodi: { id: studyPrograms.id, nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(studyPrograms, eq(studyPrograms.id, students.prodiId));
}

/** A student of the college by nim, with their account and study program. */
export async function findStudentByNim(db: Db, collegeId: string, nim: string) {
  const [row] = await selectStudents(db).where(and(eq(students.collegeId, collegeId), eq(students.nim, nim)));
  return row;
}

/** A student of the college by account id, as `findStudentByNim` answers. */
export async function findStudentByUserId(db: Db, collegeId: string, userId: string) {
  const [row] = await selectStudents(db).where(
    and(eq(students.collegeId, collegeId), eq(students.userId, userId)),
  );
  return row;
}
export type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudentByNim>>>;

/** Whether the lecturer teaches a class the student is enrolled in (one indexed semi-join). */
export async function teachesStudent(db: Db, collegeId: string, lecturerId: string, studentId: string) {
  const [row] = await db
    .select({ kelasId: classTeachers.kelasId })
    .from(classTeachers)
    .where(
      and(
        eq(classTeachers.collegeId, collegeId),
        eq(classTeachers.dosenId, lecturerId),
        exists(
          db
            .select({ one: classStudents.kelasId })
            .from(classStudents)
            .where(and(sameClass(classStudents, classTeachers), eq(classStudents.mahasiswaId, studentId))),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Periods the student has classes in, plus the college's current period; oldest first. */
export async function findStudentPeriods(db: Db, collegeId: string, studentId: string) {
  return db
    .select({ kode: periods.kode, label: periods.label, isCurrent: periods.isCurrent })
    .from(periods)
    .where(
      and(
        eq(periods.collegeId, collegeId),
        or(
          eq(periods.isCurrent, true),
          exists(
            db
              .select({ one: classStudents.kelasId })
              .from(classStudents)
              .innerJoin(classes, classOf(classStudents))
              .where(
                and(
                  eq(classStudents.mahasiswaId, studentId),
                  eq(classes.collegeId, periods.collegeId),
                  eq(classes.periode, periods.kode),
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(periods.kode));
}

/** Students enrolled in at least one class, per period of the college; newest period first. */
export async function countEnrolledStudentsPerPeriod(db: Db, collegeId: string) {
  return db
    .select({ kode: periods.kode, label: periods.label, n: countDistinct(classStudents.mahasiswaId) })
    .from(periods)
    .leftJoin(classes, and(eq(classes.collegeId, periods.collegeId), eq(classes.periode, periods.kode)))
    .leftJoin(classStudents, classOf(classStudents))
    .where(eq(periods.collegeId, collegeId))
    .groupBy(periods.kode, periods.label)
    .orderBy(desc(periods.kode));
}
