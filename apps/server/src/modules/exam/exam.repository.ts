import { and, asc, count, desc, eq, gt, ilike, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { courses } from '../../db/schema/academic.schema.ts';
import { classes, classStudents } from '../../db/schema/class.schema.ts';
import { colleges } from '../../db/schema/college.schema.ts';
import { examAnswers, examAttempts, examQuestions, exams } from '../../db/schema/exam.schema.ts';
import { students, users } from '../../db/schema/identity.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import { classOf, courseOfClass, meetingOf } from '../../db/tenant-joins.ts';

export type NewExamRow = typeof exams.$inferInsert;

/**
 * The exam has a question: students see no exam without one (a quiz shown and running before its
 * questions are written would offer Mulai on nothing). The outer "exams" is named in full because
 * Drizzle leaves a lone table's columns unqualified, and inside this subquery they would be the question's.
 */
export const examHasQuestions = sql<boolean>`exists (select 1 from "exam_questions" "q" where "q"."college_id" = "exams"."college_id" and "q"."ujian_id" = "exams"."id")`;

/** The exam row's columns, as every exam area reads it (with selectExams' joins). */
export const examColumns = {
  id: exams.id,
  collegeId: exams.collegeId,
  kelasId: exams.kelasId,
  pertemuanId: exams.pertemuanId,
  ujianUtamaId: exams.ujianUtamaId,
  judul: exams.judul,
  deskripsi: exams.deskripsi,
  jenis: exams.jenis,
  sifat: exams.sifat,
  durasi: exams.durasi,
  gunakanBatasWaktu: exams.gunakanBatasWaktu,
  acakSoal: exams.acakSoal,
  ditampilkan: exams.ditampilkan,
  tampilkanKunciJawaban: exams.tampilkanKunciJawaban,
  waktuTampilKunci: exams.waktuTampilKunci,
  waktuMulai: exams.waktuMulai,
  waktuSelesai: exams.waktuSelesai,
  pesertaRemedial: exams.pesertaRemedial,
  isTampilkanNilai: exams.isTampilkanNilai,
  rescoreRequestedAt: exams.rescoreRequestedAt,
  hasQuestions: examHasQuestions,
  nomor: meetings.nomor,
  kelasNama: classes.nama,
  mataKuliahId: courses.id,
  kodeMataKuliah: courses.kode,
  namaMataKuliah: courses.nama,
  creatorNama: users.nama,
  creatorUsername: users.username,
};

function selectExams(db: Db) {
  return selectExamsWith(db, {});
}

/** selectExams with more columns beside the exam's. */
function selectExamsWith<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra) {
  return db
    .select({ ...examColumns, ...extra })
    .from(exams)
    .innerJoin(meetings, meetingOf(exams))
    .innerJoin(classes, classOf(exams))
    .innerJoin(courses, courseOfClass())
    .leftJoin(users, eq(users.id, exams.createdBy));
}

/** One exam of the college. */
export async function findExamById(db: Db, collegeId: string, id: string) {
  const [row] = await selectExams(db).where(and(eq(exams.collegeId, collegeId), eq(exams.id, id)));
  return row;
}
export type ExamRow = NonNullable<Awaited<ReturnType<typeof findExamById>>>;

/** A student's exam check, prepared once per database handle (named: planned once per connection). */
const preparedStudentExams = new WeakMap<Db, ReturnType<typeof prepareStudentExam>>();

function prepareStudentExam(db: Db) {
  const collegeId = sql.placeholder('collegeId');
  const userId = sql.placeholder('userId');
  // Subqueries aliased and qualified by hand, each naming its college (the tenant guard reads that).
  return selectExamsWith(db, {
    isMember: sql<boolean>`exists (select 1 from "class_students" "cs" where "cs"."college_id" = ${collegeId} and "cs"."kelas_id" = ${exams.kelasId} and "cs"."mahasiswa_id" = ${userId}::uuid)`,
    nim: sql<
      string | null
    >`(select "s"."nim" from "students" "s" where "s"."college_id" = ${collegeId} and "s"."user_id" = ${userId}::uuid)`,
  })
    .where(and(eq(exams.collegeId, sql`${collegeId}`), eq(exams.id, sql`${sql.placeholder('id')}::uuid`)))
    .prepare('exam_of_student');
}

/**
 * One exam of the college with whether `userId` is a student of its class and their NIM: what a
 * student's exam check decides on, in one prepared statement (an exam start storm's first read).
 */
export async function findExamOfStudent(db: Db, collegeId: string, id: string, userId: string) {
  let prepared = preparedStudentExams.get(db);
  if (!prepared) preparedStudentExams.set(db, (prepared = prepareStudentExam(db)));
  const [row] = await prepared.execute({ collegeId, id, userId });
  if (!row) return undefined;
  const { isMember, nim, ...exam } = row;
  return { exam: exam as ExamRow, isMember, nim };
}

/** A meeting's exams by start. */
export function findMeetingExams(db: Db, collegeId: string, pertemuanId: string) {
  return selectExams(db)
    .where(and(eq(exams.collegeId, collegeId), eq(exams.pertemuanId, pertemuanId)))
    .orderBy(asc(exams.waktuMulai), asc(exams.id));
}

export interface ExamFilters {
  status?: 'belum_dimulai' | 'berlangsung' | 'selesai';
  now: Date;
  periode?: number;
  mataKuliahId?: string;
  kelasId?: string;
  pertemuanId?: string;
  search?: string;
  /** Students see shown exams with questions only. */
  shownOnly: boolean;
  excludeKelasId?: string;
}

/** Exams of the classes in scope, newest start first. */
export async function findExamPage(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filter: ExamFilters,
  page: { page: number; perPage: number },
) {
  const conditions: SQL[] = [eq(exams.collegeId, collegeId)];
  const inScope = inClassScope(exams.kelasId, collegeId, scope);
  if (inScope) conditions.push(inScope);
  if (filter.status === 'belum_dimulai') conditions.push(gt(exams.waktuMulai, filter.now));
  if (filter.status === 'berlangsung')
    conditions.push(lte(exams.waktuMulai, filter.now), sql`${exams.waktuSelesai} >= ${filter.now}`);
  if (filter.status === 'selesai') conditions.push(lt(exams.waktuSelesai, filter.now));
  if (filter.periode) conditions.push(eq(classes.periode, filter.periode));
  if (filter.mataKuliahId) conditions.push(eq(classes.mataKuliahId, filter.mataKuliahId));
  if (filter.kelasId) conditions.push(eq(exams.kelasId, filter.kelasId));
  if (filter.excludeKelasId) conditions.push(ne(exams.kelasId, filter.excludeKelasId));
  if (filter.pertemuanId) conditions.push(eq(exams.pertemuanId, filter.pertemuanId));
  if (filter.search) conditions.push(ilike(exams.judul, likePattern(filter.search)));
  if (filter.shownOnly) conditions.push(eq(exams.ditampilkan, true), examHasQuestions);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectExams(db)
      .where(where)
      .orderBy(desc(exams.waktuMulai), asc(exams.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(exams).innerJoin(classes, classOf(exams)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Attempts, ungraded attempts, questions and remedials of the given exams, by exam id. */
export async function countExamFigures(db: Db, collegeId: string, ids: string[]) {
  const figures = new Map<
    string,
    { attempts: number; ungraded: number; questions: number; remedials: number }
  >();
  for (const id of ids) figures.set(id, { attempts: 0, ungraded: 0, questions: 0, remedials: 0 });
  if (ids.length === 0) return figures;
  const [attempts, questions, remedials] = await Promise.all([
    db
      .select({
        id: examAttempts.ujianId,
        attempts: count(),
        ungraded: sql<number>`count(*) filter (where not ${examAttempts.sudahDinilai})::int`,
      })
      .from(examAttempts)
      .where(and(eq(examAttempts.collegeId, collegeId), inArray(examAttempts.ujianId, ids)))
      .groupBy(examAttempts.ujianId),
    db
      .select({ id: examQuestions.ujianId, n: count() })
      .from(examQuestions)
      .where(and(eq(examQuestions.collegeId, collegeId), inArray(examQuestions.ujianId, ids)))
      .groupBy(examQuestions.ujianId),
    db
      .select({ id: exams.ujianUtamaId, n: count() })
      .from(exams)
      .where(and(eq(exams.collegeId, collegeId), inArray(exams.ujianUtamaId, ids)))
      .groupBy(exams.ujianUtamaId),
  ]);
  for (const a of attempts) Object.assign(figures.get(a.id)!, { attempts: a.attempts, ungraded: a.ungraded });
  for (const q of questions) figures.get(q.id)!.questions = q.n;
  for (const r of remedials) if (r.id) figures.get(r.id)!.remedials = r.n;
  return figures;
}

/** The student's nim, or undefined for a user who is not a student of the college. */
export async function findStudentNim(db: Db, collegeId: string, userId: string) {
  const [row] = await db
    .select({ nim: students.nim, nama: users.nama })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.collegeId, collegeId), eq(students.userId, userId)));
  return row;
}

/** Stores a new exam; answers its id. */
export async function insertExam(db: Db, row: NewExamRow): Promise<string> {
  const [inserted] = await db.insert(exams).values(row).returning({ id: exams.id });
  return inserted!.id;
}

/** Changes an exam; answers whether it existed. */
export async function updateExamRow(db: Db, collegeId: string, id: string, changes: Partial<NewExamRow>) {
  const rows = await db
    .update(exams)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(exams.collegeId, collegeId), eq(exams.id, id)))
    .returning({ id: exams.id });
  return rows.length > 0;
}

/** Deletes an exam (groups, questions, attempts, answers and its remedials cascade); answers the deleted ids. */
export async function deleteExamRow(db: Db, collegeId: string, id: string): Promise<string[]> {
  const remedials = await db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.collegeId, collegeId), eq(exams.ujianUtamaId, id)));
  const rows = await db
    .delete(exams)
    .where(and(eq(exams.collegeId, collegeId), eq(exams.id, id)))
    .returning({ id: exams.id });
  return rows.length ? [id, ...remedials.map((r) => r.id)] : [];
}

// ---------------------------------------------------------------------------------------------------
// Attempts and answers

const attemptColumns = {
  id: examAttempts.id,
  collegeId: examAttempts.collegeId,
  ujianId: examAttempts.ujianId,
  mahasiswaId: examAttempts.mahasiswaId,
  status: examAttempts.status,
  startedAt: examAttempts.startedAt,
  deadlineAt: examAttempts.deadlineAt,
  submittedAt: examAttempts.submittedAt,
  questionSet: examAttempts.questionSet,
  jumlahSoal: examAttempts.jumlahSoal,
  penguranganNilai: examAttempts.penguranganNilai,
  nilaiAkhir: examAttempts.nilaiAkhir,
  sudahDinilai: examAttempts.sudahDinilai,
  catatanKeluar: examAttempts.catatanKeluar,
  answered: sql<number>`(select count(*) from ${examAnswers} where ${examAnswers.collegeId} = ${examAttempts.collegeId} and ${examAnswers.attemptId} = ${examAttempts.id} and ${examAnswers.jawaban} is not null and ${examAnswers.urutan} > 0)::int`,
  nama: users.nama,
  nim: students.nim,
};

function selectAttempts(db: Db) {
  return db
    .select(attemptColumns)
    .from(examAttempts)
    .innerJoin(users, eq(users.id, examAttempts.mahasiswaId))
    .innerJoin(students, eq(students.userId, examAttempts.mahasiswaId));
}

/** A student's attempt of an exam. */
export async function findAttemptOfStudent(db: Db, collegeId: string, ujianId: string, mahasiswaId: string) {
  const [row] = await selectAttempts(db).where(
    and(
      eq(examAttempts.collegeId, collegeId),
      eq(examAttempts.ujianId, ujianId),
      eq(examAttempts.mahasiswaId, mahasiswaId),
    ),
  );
  return row;
}
export type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttemptOfStudent>>>;

/** One attempt of the college. */
export async function findAttemptById(db: Db, collegeId: string, id: string) {
  const [row] = await selectAttempts(db).where(
    and(eq(examAttempts.collegeId, collegeId), eq(examAttempts.id, id)),
  );
  return row;
}

/** The given students' attempts of the given exams (the student's own ones in lists). */
export function findAttemptsOfStudent(db: Db, collegeId: string, ujianIds: string[], mahasiswaId: string) {
  if (ujianIds.length === 0) return Promise.resolve([]);
  return selectAttempts(db).where(
    and(
      eq(examAttempts.collegeId, collegeId),
      inArray(examAttempts.ujianId, ujianIds),
      eq(examAttempts.mahasiswaId, mahasiswaId),
    ),
  );
}

/** The answers of an attempt. */
export function findAnswers(db: Db, collegeId: string, attemptId: string) {
  return db
    .select({
      soalId: examAnswers.soalId,
      jawaban: examAnswers.jawaban,
      urutan: examAnswers.urutan,
      nilai: examAnswers.nilai,
      dinilaiOleh: examAnswers.dinilaiOleh,
      files: examAnswers.files,
    })
    .from(examAnswers)
    .where(and(eq(examAnswers.collegeId, collegeId), eq(examAnswers.attemptId, attemptId)));
}
export type AnswerRow = Awaited<ReturnType<typeof findAnswers>>[number];

/** The colleges (the auto-submit sweep runs per college). */
export async function findCollegeIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: colleges.id }).from(colleges);
  return rows.map((r) => r.id);
}

/** An exam's attempts by student name, optionally matching nim or name. */
export async function findAttemptPage(
  db: Db,
  collegeId: string,
  ujianId: string,
  search: string | undefined,
  page: { page: number; perPage: number },
) {
  const conditions: (SQL | undefined)[] = [
    eq(examAttempts.collegeId, collegeId),
    eq(examAttempts.ujianId, ujianId),
  ];
  if (search)
    conditions.push(or(ilike(students.nim, likePattern(search)), ilike(users.nama, likePattern(search))));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectAttempts(db)
      .where(where)
      .orderBy(asc(users.nama), asc(students.nim))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db
      .select({ n: count() })
      .from(examAttempts)
      .innerJoin(users, eq(users.id, examAttempts.mahasiswaId))
      .innerJoin(students, eq(students.userId, examAttempts.mahasiswaId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Students of the class without an attempt of the exam (no_pengerjaan); `nims` narrows to a remedial's participants. */
export function findStudentsWithoutAttempt(
  db: Db,
  collegeId: string,
  kelasId: string,
  ujianId: string,
  nims?: string[],
) {
  const conditions: SQL[] = [
    eq(classStudents.collegeId, collegeId),
    eq(classStudents.kelasId, kelasId),
    sql`not exists (select 1 from ${examAttempts} where ${examAttempts.collegeId} = ${collegeId} and ${examAttempts.ujianId} = ${ujianId} and ${examAttempts.mahasiswaId} = ${classStudents.mahasiswaId})`,
  ];
  if (nims) conditions.push(nims.length ? inArray(students.nim, nims) : sql`false`);
  return db
    .select({ id: users.id, nama: users.nama, nim: students.nim })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.mahasiswaId))
    .innerJoin(students, eq(students.userId, classStudents.mahasiswaId))
    .where(and(...conditions))
    .orderBy(asc(users.nama), asc(students.nim));
}

/** Every attempt of an exam by student name (the export). */
export function findAttemptsOfExam(db: Db, collegeId: string, ujianId: string) {
  return selectAttempts(db)
    .where(and(eq(examAttempts.collegeId, collegeId), eq(examAttempts.ujianId, ujianId)))
    .orderBy(asc(users.nama), asc(students.nim));
}
