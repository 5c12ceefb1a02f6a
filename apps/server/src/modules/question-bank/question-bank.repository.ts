import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { courses, periods } from '../../db/schema/academic.schema.ts';
import { classes, classTeachers } from '../../db/schema/class.schema.ts';
import { lecturers, users } from '../../db/schema/identity.schema.ts';
import {
  bankQuestions,
  questionBanks,
  type StoredQuestionFile,
} from '../../db/schema/question-bank.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';
import type { QuestionBody } from '@lms/contract/exam.rules';

export type NewBankRow = typeof questionBanks.$inferInsert;
export type BankQuestionRow = typeof bankQuestions.$inferSelect;

/** Who sees which banks: everything of the college, or a lecturer's own and the shown ones of their courses. */
export type BankScope = { kind: 'all' } | { kind: 'lecturer'; userId: string };

const owner = sql<string>`(select ${users.nama} from ${users} where ${users.collegeId} = ${questionBanks.collegeId} and ${users.id} = ${questionBanks.dosenId})`;
const creator = sql<string>`(select ${users.nama} from ${users} where ${users.collegeId} = ${questionBanks.collegeId} and ${users.id} = ${questionBanks.createdBy})`;
const questionCount = sql<number>`(select count(*)::int from ${bankQuestions} where ${bankQuestions.collegeId} = ${questionBanks.collegeId} and ${bankQuestions.bankId} = ${questionBanks.id})`;

const bankColumns = {
  id: questionBanks.id,
  collegeId: questionBanks.collegeId,
  judul: questionBanks.judul,
  deskripsi: questionBanks.deskripsi,
  dosenId: questionBanks.dosenId,
  mataKuliahId: questionBanks.mataKuliahId,
  ditampilkan: questionBanks.ditampilkan,
  createdBy: questionBanks.createdBy,
  createdAt: questionBanks.createdAt,
  kodeMataKuliah: courses.kode,
  namaMataKuliah: courses.nama,
  prodiId: courses.prodiId,
  namaDosen: owner,
  namaPembuat: creator,
  jumlahSoal: questionCount,
};
export type BankRow = Awaited<ReturnType<typeof findBankById>> & object;

function selectBanks(db: Db) {
  return db
    .select(bankColumns)
    .from(questionBanks)
    .innerJoin(
      courses,
      and(eq(courses.collegeId, questionBanks.collegeId), eq(courses.id, questionBanks.mataKuliahId)),
    );
}

/** Courses the lecturer teaches a class of (any period). */
function taughtCourseIds(collegeId: string, userId: string): SQL {
  return sql`(select ${classes.mataKuliahId} from ${classes} join ${classTeachers} on ${classTeachers.collegeId} = ${classes.collegeId} and ${classTeachers.kelasId} = ${classes.id} where ${classes.collegeId} = ${collegeId} and ${classTeachers.dosenId} = ${userId})`;
}

function scopeCondition(collegeId: string, scope: BankScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return or(
    eq(questionBanks.dosenId, scope.userId),
    and(
      eq(questionBanks.ditampilkan, true),
      sql`${questionBanks.mataKuliahId} in ${taughtCourseIds(collegeId, scope.userId)}`,
    ),
  );
}

/** One bank of the college with its course, owner, creator and question count. */
export async function findBankById(db: Db, collegeId: string, id: string) {
  const [row] = await selectBanks(db)
    .where(and(eq(questionBanks.collegeId, collegeId), eq(questionBanks.id, id)))
    .limit(1);
  return row;
}

/** A page of the banks in scope, newest first, with the list filters. */
export async function findBankPage(
  db: Db,
  collegeId: string,
  scope: BankScope,
  filter: { search?: string; mataKuliahId?: string; prodiId?: string },
  page: { limit: number; offset: number },
) {
  const search = filter.search?.trim();
  const where = and(
    eq(questionBanks.collegeId, collegeId),
    scopeCondition(collegeId, scope),
    filter.mataKuliahId ? eq(questionBanks.mataKuliahId, filter.mataKuliahId) : undefined,
    filter.prodiId ? eq(courses.prodiId, filter.prodiId) : undefined,
    search
      ? or(
          ilike(questionBanks.judul, likePattern(search)),
          ilike(courses.nama, likePattern(search)),
          ilike(courses.kode, likePattern(search)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectBanks(db)
      .where(where)
      .orderBy(desc(questionBanks.createdAt), asc(questionBanks.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(questionBanks)
      .innerJoin(
        courses,
        and(eq(courses.collegeId, questionBanks.collegeId), eq(courses.id, questionBanks.mataKuliahId)),
      )
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Whether the lecturer teaches a class of the course. */
export async function teachesCourse(db: Db, collegeId: string, userId: string, courseId: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(classTeachers)
    .innerJoin(
      classes,
      and(eq(classes.collegeId, classTeachers.collegeId), eq(classes.id, classTeachers.kelasId)),
    )
    .where(
      and(
        eq(classTeachers.collegeId, collegeId),
        eq(classTeachers.dosenId, userId),
        eq(classes.mataKuliahId, courseId),
      ),
    )
    .limit(1);
  return !!row;
}

/** The ids of the courses the lecturer teaches a class of. */
export async function findTaughtCourseIds(db: Db, collegeId: string, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: classes.mataKuliahId })
    .from(classTeachers)
    .innerJoin(
      classes,
      and(eq(classes.collegeId, classTeachers.collegeId), eq(classes.id, classTeachers.kelasId)),
    )
    .where(and(eq(classTeachers.collegeId, collegeId), eq(classTeachers.dosenId, userId)));
  return new Set(rows.map((r) => r.id));
}

/** Whether the user is a lecturer of the college. */
export async function isLecturer(db: Db, collegeId: string, userId: string) {
  const [row] = await db
    .select({ id: lecturers.userId })
    .from(lecturers)
    .where(and(eq(lecturers.collegeId, collegeId), eq(lecturers.userId, userId)))
    .limit(1);
  return !!row;
}

/** Whether the course exists in the college. */
export async function courseExists(db: Db, collegeId: string, courseId: string) {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.collegeId, collegeId), eq(courses.id, courseId)))
    .limit(1);
  return !!row;
}

/** Adds a bank; answers its id. */
export async function insertBank(db: Db, row: NewBankRow): Promise<string> {
  const [inserted] = await db.insert(questionBanks).values(row).returning({ id: questionBanks.id });
  return inserted!.id;
}

/** Changes a bank's form fields; answers whether it existed. */
export async function updateBankRow(
  db: Db,
  collegeId: string,
  id: string,
  changes: Pick<NewBankRow, 'judul' | 'deskripsi' | 'mataKuliahId' | 'dosenId' | 'ditampilkan'>,
) {
  const rows = await db
    .update(questionBanks)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(questionBanks.collegeId, collegeId), eq(questionBanks.id, id)))
    .returning({ id: questionBanks.id });
  return rows.length > 0;
}

/** Deletes a bank (its questions cascade); answers the attachment keys it held. */
export async function deleteBankRow(db: Db, collegeId: string, id: string) {
  const files = await db
    .select({ soal: bankQuestions.soalFiles, kunci: bankQuestions.kunciFiles })
    .from(bankQuestions)
    .where(and(eq(bankQuestions.collegeId, collegeId), eq(bankQuestions.bankId, id)));
  const rows = await db
    .delete(questionBanks)
    .where(and(eq(questionBanks.collegeId, collegeId), eq(questionBanks.id, id)))
    .returning({ id: questionBanks.id });
  return { existed: rows.length > 0, keys: files.flatMap((f) => [...f.soal, ...f.kunci].map((x) => x.key)) };
}

/** The bank's questions in order. */
export function findBankQuestions(db: Db, collegeId: string, bankId: string, ids?: string[]) {
  return db
    .select()
    .from(bankQuestions)
    .where(
      and(
        eq(bankQuestions.collegeId, collegeId),
        eq(bankQuestions.bankId, bankId),
        ids ? inArray(bankQuestions.id, ids) : undefined,
      ),
    )
    .orderBy(asc(bankQuestions.urutan), asc(bankQuestions.createdAt));
}

/**
 * A page of the bank's questions in bank order, each with its number in the whole bank. Without a search
 * the page is read by the bank's index (offset + limit rows) and `total` is null (the caller knows the
 * bank's count); with one, only questions whose text (tags stripped) holds it, numbered in the whole bank.
 */
export async function findBankQuestionPage(
  db: Db,
  collegeId: string,
  bankId: string,
  page: { offset: number; limit: number; search?: string },
): Promise<{ rows: Array<BankQuestionRow & { nomor: number }>; total: number | null }> {
  const ofBank = and(eq(bankQuestions.collegeId, collegeId), eq(bankQuestions.bankId, bankId));
  const needle = page.search?.replace(/\s+/g, ' ');
  if (!needle) {
    const rows = await db
      .select()
      .from(bankQuestions)
      .where(ofBank)
      .orderBy(asc(bankQuestions.urutan), asc(bankQuestions.createdAt))
      .limit(page.limit)
      .offset(page.offset);
    return { rows: rows.map((row, i) => ({ ...row, nomor: page.offset + i + 1 })), total: null };
  }
  // Numbers over the whole bank from a narrow projection; the text is read only to filter.
  const numbered = db
    .select({
      id: bankQuestions.id,
      nomor:
        sql<number>`(row_number() over (order by ${bankQuestions.urutan}, ${bankQuestions.createdAt}))::int`.as(
          'nomor',
        ),
    })
    .from(bankQuestions)
    .where(ofBank)
    .as('numbered');
  const matching = and(ofBank, ilike(bankQuestions.teksCari, likePattern(needle)));
  const rows = await db
    .select({ question: bankQuestions, nomor: numbered.nomor, total: sql<number>`(count(*) over ())::int` })
    .from(bankQuestions)
    .innerJoin(numbered, eq(numbered.id, bankQuestions.id))
    .where(matching)
    .orderBy(asc(numbered.nomor))
    .limit(page.limit)
    .offset(page.offset);
  const total = rows[0]?.total ?? (page.offset > 0 ? await countMatching() : 0);
  return { rows: rows.map((r) => ({ ...r.question, nomor: r.nomor })), total };

  // A page past the end has no row to carry the count.
  async function countMatching() {
    const [row] = await db.select({ n: count() }).from(bankQuestions).where(matching);
    return row?.n ?? 0;
  }
}

/** One question of the bank. */
export async function findBankQuestion(db: Db, collegeId: string, bankId: string, id: string) {
  const [row] = await findBankQuestions(db, collegeId, bankId, [id]);
  return row;
}

/**
 * Locks the bank row for the rest of the transaction and answers its question count, so concurrent
 * additions cannot pass the limit together.
 */
export async function lockBankForAdding(db: Db, collegeId: string, bankId: string) {
  const [bank] = await db
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(and(eq(questionBanks.collegeId, collegeId), eq(questionBanks.id, bankId)))
    .for('update');
  if (!bank) return undefined;
  const [row] = await db
    .select({ n: count() })
    .from(bankQuestions)
    .where(and(eq(bankQuestions.collegeId, collegeId), eq(bankQuestions.bankId, bankId)));
  return row?.n ?? 0;
}

export interface NewBankQuestion {
  pertanyaan: string;
  isi: QuestionBody;
  soalFiles?: StoredQuestionFile[];
  kunciFiles?: StoredQuestionFile[];
}

/** Appends questions to the bank in the given order; answers their ids. */
export async function insertBankQuestions(
  db: Db,
  collegeId: string,
  bankId: string,
  createdBy: string,
  questions: NewBankQuestion[],
): Promise<string[]> {
  if (!questions.length) return [];
  const [last] = await db
    .select({ max: sql<number>`coalesce(max(${bankQuestions.urutan}), 0)::int` })
    .from(bankQuestions)
    .where(and(eq(bankQuestions.collegeId, collegeId), eq(bankQuestions.bankId, bankId)));
  const start = last?.max ?? 0;
  const rows = await db
    .insert(bankQuestions)
    .values(
      questions.map((q, i) => ({
        collegeId,
        bankId,
        urutan: start + i + 1,
        jenis: q.isi.jenis,
        pertanyaan: q.pertanyaan,
        isi: q.isi,
        soalFiles: q.soalFiles ?? [],
        kunciFiles: q.kunciFiles ?? [],
        createdBy,
      })),
    )
    .returning({ id: bankQuestions.id, urutan: bankQuestions.urutan });
  return rows.sort((a, b) => a.urutan - b.urutan).map((r) => r.id);
}

/** Changes a question of the bank; answers whether it existed. */
export async function updateBankQuestionRow(
  db: Db,
  collegeId: string,
  bankId: string,
  id: string,
  changes: Partial<Pick<BankQuestionRow, 'pertanyaan' | 'isi' | 'soalFiles' | 'kunciFiles'>>,
) {
  const rows = await db
    .update(bankQuestions)
    .set({ ...changes, ...(changes.isi ? { jenis: changes.isi.jenis } : {}), updatedAt: sql`now()` })
    .where(
      and(eq(bankQuestions.collegeId, collegeId), eq(bankQuestions.bankId, bankId), eq(bankQuestions.id, id)),
    )
    .returning({ id: bankQuestions.id });
  return rows.length > 0;
}

/** Deletes a question of the bank; answers the deleted row (for its files), if any. */
export async function deleteBankQuestionRow(db: Db, collegeId: string, bankId: string, id: string) {
  const [row] = await db
    .delete(bankQuestions)
    .where(
      and(eq(bankQuestions.collegeId, collegeId), eq(bankQuestions.bankId, bankId), eq(bankQuestions.id, id)),
    )
    .returning();
  return row;
}

/** GET /v2/lms/mata_kuliah/ref: the lecturer's taught courses, or every course of the college. */
export function findCourseRefs(db: Db, collegeId: string, dosenId: string | null) {
  return db
    .select({
      id: courses.id,
      kode: courses.kode,
      nama: courses.nama,
      id_prodi: courses.prodiId,
      nama_prodi: studyPrograms.nama,
    })
    .from(courses)
    .innerJoin(
      studyPrograms,
      and(eq(studyPrograms.collegeId, courses.collegeId), eq(studyPrograms.id, courses.prodiId)),
    )
    .where(
      and(
        eq(courses.collegeId, collegeId),
        dosenId ? sql`${courses.id} in ${taughtCourseIds(collegeId, dosenId)}` : undefined,
      ),
    )
    .orderBy(asc(courses.kode));
}

/** The periods the lecturer teaches a class in, newest first. */
export function findTeachingPeriods(db: Db, collegeId: string, dosenId: string) {
  return db
    .select({ kode: periods.kode, label: periods.label })
    .from(periods)
    .where(
      and(
        eq(periods.collegeId, collegeId),
        sql`${periods.kode} in (select ${classes.periode} from ${classes} join ${classTeachers} on ${classTeachers.collegeId} = ${classes.collegeId} and ${classTeachers.kelasId} = ${classes.id} where ${classes.collegeId} = ${collegeId} and ${classTeachers.dosenId} = ${dosenId})`,
      ),
    )
    .orderBy(desc(periods.kode));
}

/** Active lecturers of the college (the operator's bank form). */
export function findLecturerRefs(db: Db, collegeId: string) {
  return db
    .select({ id: users.id, nama: users.nama })
    .from(lecturers)
    .innerJoin(users, and(eq(users.collegeId, lecturers.collegeId), eq(users.id, lecturers.userId)))
    .where(and(eq(lecturers.collegeId, collegeId), eq(users.isActive, true)))
    .orderBy(asc(users.nama));
}
