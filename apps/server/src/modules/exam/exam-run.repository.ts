import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { QuestionSetGroup } from '@lms/contract/exam.rules';
import type { Db } from '../../db/database.ts';
import { examPauses, examPreparedSets } from '../../db/schema/exam-run.schema.ts';
import { examAttempts, examQuestions, exams } from '../../db/schema/exam.schema.ts';

/** The pauses of an exam, newest first. */
export function findPauses(db: Db, collegeId: string, ujianId: string) {
  return db
    .select()
    .from(examPauses)
    .where(and(eq(examPauses.collegeId, collegeId), eq(examPauses.ujianId, ujianId)))
    .orderBy(desc(examPauses.dijedaPada))
    .limit(50);
}
export type PauseRow = Awaited<ReturnType<typeof findPauses>>[number];

/** Opens a pause unless one is open (the partial unique index decides); answers the new row or undefined. */
export async function insertPauseOnce(db: Db, row: typeof examPauses.$inferInsert) {
  const [created] = await db.insert(examPauses).values(row).onConflictDoNothing().returning();
  return created;
}

/** Closes the open pause (only one caller wins); answers it, or undefined when none was open. */
export async function closeOpenPause(
  db: Db,
  collegeId: string,
  ujianId: string,
  at: Date,
  by: string,
): Promise<PauseRow | undefined> {
  const [row] = await db
    .update(examPauses)
    .set({
      dilanjutkanPada: at,
      dilanjutkanOleh: by,
      detikDikembalikan: sql`greatest(0, floor(extract(epoch from ${at.toISOString()}::timestamptz - ${examPauses.dijedaPada})))::int`,
    })
    .where(
      and(
        eq(examPauses.collegeId, collegeId),
        eq(examPauses.ujianId, ujianId),
        isNull(examPauses.dilanjutkanPada),
      ),
    )
    .returning();
  return row;
}

/** Whether the exam has an open pause. */
export async function isExamPaused(db: Db, collegeId: string, ujianId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: examPauses.id })
    .from(examPauses)
    .where(
      and(
        eq(examPauses.collegeId, collegeId),
        eq(examPauses.ujianId, ujianId),
        isNull(examPauses.dilanjutkanPada),
      ),
    );
  return row !== undefined;
}

/** Moves the exam's end by `seconds` (may be negative); answers the new end. */
export async function shiftExamEnd(db: Db, collegeId: string, ujianId: string, seconds: number) {
  const [row] = await db
    .update(exams)
    .set({
      waktuSelesai: sql`${exams.waktuSelesai} + make_interval(secs => ${seconds})`,
      updatedAt: new Date(),
    })
    .where(and(eq(exams.collegeId, collegeId), eq(exams.id, ujianId)))
    .returning({ waktuSelesai: exams.waktuSelesai });
  return row?.waktuSelesai;
}

/**
 * Moves by `seconds` the deadline of every open attempt of the exam whose deadline is at or after
 * `from` (attempts already past their deadline and the grace stay as they are); answers how many.
 */
export async function shiftOpenDeadlines(
  db: Db,
  collegeId: string,
  ujianId: string,
  seconds: number,
  from: Date,
) {
  const rows = await db
    .update(examAttempts)
    .set({ deadlineAt: sql`${examAttempts.deadlineAt} + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(examAttempts.collegeId, collegeId),
        eq(examAttempts.ujianId, ujianId),
        eq(examAttempts.status, 'berlangsung'),
        sql`${examAttempts.deadlineAt} >= ${from.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: examAttempts.id });
  return rows.length;
}

/**
 * The fingerprint of an exam's content as far as question sets go: groups with their rules and order,
 * questions with their group and order. A prepared set made under another fingerprint is stale.
 */
function contentVersion(collegeId: string, ujianId: string) {
  // Aliased and qualified by hand: the subqueries name their own college (the tenant guard reads that).
  return sql<string>`md5(
    coalesce((select string_agg("g"."id"::text || ':' || "g"."aturan"::text || ':' || coalesce("g"."jumlah_wajib_dijawab", -1)::text || ':' || "g"."urutan"::text, ',' order by "g"."urutan", "g"."id")
              from "exam_groups" "g" where "g"."college_id" = ${collegeId} and "g"."ujian_id" = ${ujianId}), '')
    || '|' ||
    coalesce((select string_agg("q"."id"::text || ':' || "q"."kelompok_id"::text || ':' || "q"."urutan"::text, ',' order by "q"."kelompok_id", "q"."urutan", "q"."id")
              from "exam_questions" "q" where "q"."college_id" = ${collegeId} and "q"."ujian_id" = ${ujianId}), ''))`;
}

/** The exam's content fingerprint now. */
export async function findContentVersion(db: Db, collegeId: string, ujianId: string): Promise<string> {
  const [row] = await db
    .select({ versi: contentVersion(collegeId, ujianId) })
    .from(exams)
    .where(and(eq(exams.collegeId, collegeId), eq(exams.id, ujianId)));
  return row?.versi ?? '';
}

/**
 * A student's prepared question set with the content fingerprint now, in one statement (the start
 * storm's only read of the exam's content besides showing it).
 */
export async function findPreparedSet(db: Db, collegeId: string, ujianId: string, mahasiswaId: string) {
  const [row] = await db
    .select({
      questionSet: examPreparedSets.questionSet,
      jumlahSoal: examPreparedSets.jumlahSoal,
      versi: examPreparedSets.versi,
      versiSekarang: contentVersion(collegeId, ujianId),
    })
    .from(examPreparedSets)
    .where(
      and(
        eq(examPreparedSets.collegeId, collegeId),
        eq(examPreparedSets.ujianId, ujianId),
        eq(examPreparedSets.mahasiswaId, mahasiswaId),
      ),
    );
  return row;
}

/** Students that already have a prepared set of this fingerprint. */
export async function findPreparedStudents(db: Db, collegeId: string, ujianId: string, versi: string) {
  const rows = await db
    .select({ mahasiswaId: examPreparedSets.mahasiswaId })
    .from(examPreparedSets)
    .where(
      and(
        eq(examPreparedSets.collegeId, collegeId),
        eq(examPreparedSets.ujianId, ujianId),
        eq(examPreparedSets.versi, versi),
      ),
    );
  return new Set(rows.map((r) => r.mahasiswaId));
}

/** Stores prepared sets (replacing stale ones), in chunks. */
export async function upsertPreparedSets(
  db: Db,
  rows: Array<{
    collegeId: string;
    ujianId: string;
    mahasiswaId: string;
    questionSet: QuestionSetGroup[];
    jumlahSoal: number;
    versi: string;
  }>,
) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(examPreparedSets)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [examPreparedSets.ujianId, examPreparedSets.mahasiswaId],
        set: {
          questionSet: sql`excluded.question_set`,
          jumlahSoal: sql`excluded.jumlah_soal`,
          versi: sql`excluded.versi`,
          preparedAt: sql`excluded.prepared_at`,
        },
      });
  }
}

/** Exams of the college opening within the window (or open now) that the preparation job looks at. */
export function findExamsToPrepare(db: Db, collegeId: string, now: Date, until: Date) {
  return db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.collegeId, collegeId), lte(exams.waktuMulai, until), gt(exams.waktuSelesai, now)))
    .limit(200);
}

/** Prepared sets of students who have started (their set is in the attempt now) are dropped. */
export async function deleteUsedPreparedSets(db: Db, collegeId: string, ujianIds: string[]) {
  if (ujianIds.length === 0) return;
  await db
    .delete(examPreparedSets)
    .where(
      and(
        eq(examPreparedSets.collegeId, collegeId),
        inArray(examPreparedSets.ujianId, ujianIds),
        sql`exists (select 1 from ${examAttempts} where ${examAttempts.collegeId} = ${collegeId} and ${examAttempts.ujianId} = ${examPreparedSets.ujianId} and ${examAttempts.mahasiswaId} = ${examPreparedSets.mahasiswaId})`,
      ),
    );
}

/** What a save needs of an attempt, in one read without joins (the hot path of an exam). */
export async function findAttemptForSave(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select({
      id: examAttempts.id,
      ujianId: examAttempts.ujianId,
      mahasiswaId: examAttempts.mahasiswaId,
      status: examAttempts.status,
      deadlineAt: examAttempts.deadlineAt,
      questionSet: examAttempts.questionSet,
    })
    .from(examAttempts)
    .where(and(eq(examAttempts.collegeId, collegeId), eq(examAttempts.id, id)));
  return row;
}

/** Each question's kind and number of options (a save's validation), without the question texts. */
export function findQuestionKinds(db: Db, collegeId: string, ujianId: string) {
  return db
    .select({
      id: examQuestions.id,
      jenis: examQuestions.jenis,
      pilihan: sql<number>`coalesce(jsonb_array_length(case when jsonb_typeof(${examQuestions.isi} -> 'pilihan') = 'array' then ${examQuestions.isi} -> 'pilihan' end), 0)::int`,
    })
    .from(examQuestions)
    .where(and(eq(examQuestions.collegeId, collegeId), eq(examQuestions.ujianId, ujianId)));
}
