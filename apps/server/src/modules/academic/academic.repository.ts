import { aliasedTable, and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { classes } from '../../db/schema/class.schema.ts';
import {
  campuses,
  courseEvaluationPlans,
  courseLearningPlans,
  courses,
  periods,
} from '../../db/schema/academic.schema.ts';
import { users } from '../../db/schema/identity.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';
import { likePattern } from '../../db/like-pattern.ts';

const coordinator = aliasedTable(users, 'coordinator');
const rpsDeveloper = aliasedTable(users, 'rps_developer');

/** A course of the college with its program, coordinator, RPS developer and syllabus. */
export async function findCourse(db: Db, collegeId: string, courseId: string) {
  const [row] = await db
    .select({
      id: courses.id,
      kode: courses.kode,
      nama: courses.nama,
      namaInggris: courses.namaInggris,
      sks: courses.sks,
      semester: courses.semester,
      prodi: { id: studyPrograms.id, nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
      koordinatorDosenId: courses.koordinatorDosenId,
      pengembangRpsDosenId: courses.pengembangRpsDosenId,
      namaKoordinator: coordinator.nama,
      namaPengembangRps: rpsDeveloper.nama,
      silabusTeks: courses.silabusTeks,
      silabusFileKey: courses.silabusFileKey,
      silabusFileName: courses.silabusFileName,
      silabusFileSize: courses.silabusFileSize,
    })
    .from(courses)
    .innerJoin(studyPrograms, eq(studyPrograms.id, courses.prodiId))
    .leftJoin(coordinator, eq(coordinator.id, courses.koordinatorDosenId))
    .leftJoin(rpsDeveloper, eq(rpsDeveloper.id, courses.pengembangRpsDosenId))
    .where(and(eq(courses.collegeId, collegeId), eq(courses.id, courseId)));
  return row;
}
export type CourseRow = NonNullable<Awaited<ReturnType<typeof findCourse>>>;

/** The course's learning plan (RPS) by meeting number. */
export function findLearningPlan(db: Db, collegeId: string, courseId: string) {
  return db
    .select()
    .from(courseLearningPlans)
    .where(and(eq(courseLearningPlans.collegeId, collegeId), eq(courseLearningPlans.mataKuliahId, courseId)))
    .orderBy(asc(courseLearningPlans.pertemuan));
}

/** The course's evaluation plan, heaviest component last as entered (by weight, then id). */
export function findEvaluationPlan(db: Db, collegeId: string, courseId: string) {
  return db
    .select()
    .from(courseEvaluationPlans)
    .where(
      and(eq(courseEvaluationPlans.collegeId, collegeId), eq(courseEvaluationPlans.mataKuliahId, courseId)),
    )
    .orderBy(asc(courseEvaluationPlans.bobot), asc(courseEvaluationPlans.komponenId));
}

/** Replaces the course's learning plan. */
export async function replaceLearningPlan(
  db: Db,
  collegeId: string,
  courseId: string,
  rows: { pertemuan: number; materi: string; materiInggris: string | null }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(courseLearningPlans)
      .where(
        and(eq(courseLearningPlans.collegeId, collegeId), eq(courseLearningPlans.mataKuliahId, courseId)),
      );
    if (rows.length) {
      await tx
        .insert(courseLearningPlans)
        .values(rows.map((r) => ({ ...r, collegeId, mataKuliahId: courseId })));
    }
  });
}

/** Replaces the course's evaluation plan. */
export async function replaceEvaluationPlan(
  db: Db,
  collegeId: string,
  courseId: string,
  rows: { komponenId: string; komponenNama: string; bobot: number }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(courseEvaluationPlans)
      .where(
        and(eq(courseEvaluationPlans.collegeId, collegeId), eq(courseEvaluationPlans.mataKuliahId, courseId)),
      );
    await tx
      .insert(courseEvaluationPlans)
      .values(rows.map((r) => ({ ...r, collegeId, mataKuliahId: courseId })));
  });
}

/** Sets the course's syllabus text and file. */
export async function updateSyllabus(
  db: Db,
  collegeId: string,
  courseId: string,
  changes: {
    silabusTeks?: string | null;
    silabusFileKey?: string | null;
    silabusFileName?: string | null;
    silabusFileSize?: number | null;
  },
): Promise<void> {
  await db
    .update(courses)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(courses.collegeId, collegeId), eq(courses.id, courseId)));
}

/** A page of the college's courses (v1/makul_ref). */
export async function findCourseRefs(
  db: Db,
  collegeId: string,
  query: { search?: string; prodiId?: string; page: number; perPage: number },
) {
  const conditions: (SQL | undefined)[] = [eq(courses.collegeId, collegeId)];
  if (query.prodiId) conditions.push(eq(courses.prodiId, query.prodiId));
  if (query.search) {
    const p = likePattern(query.search);
    conditions.push(or(ilike(courses.nama, p), ilike(courses.kode, p)));
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      id: courses.id,
      kode: courses.kode,
      nama: courses.nama,
      sks: courses.sks,
      prodiId: courses.prodiId,
    })
    .from(courses)
    .where(where)
    .orderBy(asc(courses.kode))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await db.select({ n: count() }).from(courses).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A page of the college's study programs (v1/prodi_ref). */
export async function findStudyProgramRefs(
  db: Db,
  collegeId: string,
  query: { search?: string; page: number; perPage: number },
) {
  const where = and(
    eq(studyPrograms.collegeId, collegeId),
    query.search ? ilike(studyPrograms.nama, likePattern(query.search)) : undefined,
  );
  const rows = await db
    .select({
      id: studyPrograms.id,
      kode: studyPrograms.kode,
      nama: studyPrograms.nama,
      jenjang: studyPrograms.jenjang,
    })
    .from(studyPrograms)
    .where(where)
    .orderBy(asc(studyPrograms.nama))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await db.select({ n: count() }).from(studyPrograms).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The distinct class names or class kinds in use at the college, sorted (v1/label_kelas_ref, v1/jenis_kelas_ref). */
export async function findDistinctClassValues(db: Db, collegeId: string, column: 'nama' | 'jenis') {
  const value = column === 'nama' ? classes.nama : classes.jenis;
  return db
    .selectDistinct({ nama: value })
    .from(classes)
    .where(eq(classes.collegeId, collegeId))
    .orderBy(asc(value));
}

/** A page of the college's periods, newest first (v1/periode_ref). */
export async function findPeriodRefs(db: Db, collegeId: string, query: { page: number; perPage: number }) {
  const where = eq(periods.collegeId, collegeId);
  const rows = await db
    .select()
    .from(periods)
    .where(where)
    .orderBy(desc(periods.kode))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await db.select({ n: count() }).from(periods).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The college's campuses by name (GET /v2/lms/kampus). */
export function findCampuses(db: Db, collegeId: string) {
  return db
    .select({ id: campuses.id, nama: campuses.nama, alamat: campuses.alamat })
    .from(campuses)
    .where(eq(campuses.collegeId, collegeId))
    .orderBy(asc(campuses.nama), asc(campuses.id));
}
