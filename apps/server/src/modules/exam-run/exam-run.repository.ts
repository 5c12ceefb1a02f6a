import { and, desc, eq, gt, inArray, isNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnswerValue, QuestionBody, QuestionSetGroup } from '@lms/contract/exam.rules';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { excludedColumns } from '../../db/excluded-columns.ts';
import { classStudents } from '../../db/schema/class.schema.ts';
import { examPauses, examPreparedSets } from '../../db/schema/exam-run.schema.ts';
import { students } from '../../db/schema/identity.schema.ts';
import { examAnswers, examAttempts, examQuestions, exams } from '../../db/schema/exam.schema.ts';
import { callerLiveSql, preparedWithCallerCheck } from '../../platform/actor.repository.ts';

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
export function contentVersion(collegeId: string | SQLWrapper, ujianId: string | SQLWrapper) {
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

/**
 * An exam's participants without an attempt (`waiting`, its class's students, or a remedial's listed
 * nims among them) and those of them without a set of this fingerprint (`needing`), in one statement
 * that answers one row: the job asks every minute while an exam is open, and a class of 10,000 students
 * is counted in PostgreSQL instead of being sent to the process twice.
 */
export async function findStudentsToPrepare(
  db: Db,
  collegeId: string,
  exam: { id: string; kelasId: string; nims?: string[] },
  versi: string,
): Promise<{ waiting: number; needing: string[] }> {
  const prepared = sql`exists (select 1 from ${examPreparedSets} where ${examPreparedSets.collegeId} = ${collegeId} and ${examPreparedSets.ujianId} = ${exam.id} and ${examPreparedSets.mahasiswaId} = ${classStudents.mahasiswaId} and ${examPreparedSets.versi} = ${versi})`;
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      needing: sql<
        string[]
      >`coalesce(array_agg(${classStudents.mahasiswaId}) filter (where not ${prepared}), '{}')`,
    })
    .from(classStudents)
    .where(
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.kelasId, exam.kelasId),
        sql`not exists (select 1 from ${examAttempts} where ${examAttempts.collegeId} = ${collegeId} and ${examAttempts.ujianId} = ${exam.id} and ${examAttempts.mahasiswaId} = ${classStudents.mahasiswaId})`,
        exam.nims
          ? exam.nims.length
            ? sql`exists (select 1 from ${students} where ${students.collegeId} = ${collegeId} and ${students.userId} = ${classStudents.mahasiswaId} and ${inArray(students.nim, exam.nims)})`
            : sql`false`
          : undefined,
      ),
    );
  return { waiting: row?.waiting ?? 0, needing: row?.needing ?? [] };
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
        set: excludedColumns(examPreparedSets, ['questionSet', 'jumlahSoal', 'versi', 'preparedAt']),
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

/**
 * The prepared sets of exams that have ended: kept while an exam is open (a started student's row is
 * not read again), so the job does not delete thousands of rows in the middle of the start storm.
 */
export async function deletePreparedSetsOfEndedExams(db: Db, collegeId: string, now: Date) {
  await db
    .delete(examPreparedSets)
    .where(
      and(
        eq(examPreparedSets.collegeId, collegeId),
        sql`exists (select 1 from ${exams} where ${exams.collegeId} = ${collegeId} and ${exams.id} = ${examPreparedSets.ujianId} and ${exams.waktuSelesai} <= ${now.toISOString()}::timestamptz)`,
      ),
    );
}

/** An answer's own values as SQL (bound parameters, or a prepared statement's placeholders). */
interface AnswerValues {
  soalId: SQL;
  jawaban: SQL;
  urutan: SQL;
  savedAt: SQL;
}

/**
 * The answer write both save paths share: inserts the answer for the attempt rows `attemptWhere` keeps,
 * locked for share (a concurrent submit either closes the attempt first, and then nothing is written, or
 * waits for this), and replaces a stored answer only when its `urutan` is older.
 */
export function upsertAnswerOfOpenAttempt(db: Db, values: AnswerValues, attemptWhere: SQL | undefined) {
  const open = db
    .select({
      collegeId: examAttempts.collegeId,
      attemptId: examAttempts.id,
      soalId: sql`${values.soalId}::uuid`.as('soal_id'),
      jawaban: sql`${values.jawaban}::jsonb`.as('jawaban'),
      urutan: sql`${values.urutan}::bigint`.as('urutan'),
      savedAt: sql`${values.savedAt}::timestamptz`.as('saved_at'),
      nilai: sql`null::int`.as('nilai'),
      dinilaiOleh: sql`null::uuid`.as('dinilai_oleh'),
      files: sql`'[]'::jsonb`.as('files'),
    })
    .from(examAttempts)
    .where(attemptWhere)
    .for('share');
  return db
    .insert(examAnswers)
    .select(open)
    .onConflictDoUpdate({
      target: [examAnswers.attemptId, examAnswers.soalId],
      set: excludedColumns(examAnswers, ['jawaban', 'urutan', 'savedAt']),
      setWhere: sql`${examAnswers.urutan} < excluded.urutan`,
    });
}

/** The save statement, in its two forms (the caller's row checked before it or by it). */
function prepareSaveAnswer(db: Db, checksCaller: boolean) {
  const p = (name: string) => sql`${sql.placeholder(name)}`;
  return upsertAnswerOfOpenAttempt(
    db,
    { soalId: p('soalId'), jawaban: p('jawaban'), urutan: p('urutan'), savedAt: p('now') },
    and(
      eq(examAttempts.collegeId, p('collegeId')),
      eq(examAttempts.id, sql`${p('attemptId')}::uuid`),
      eq(examAttempts.mahasiswaId, sql`${p('mahasiswaId')}::uuid`),
      eq(examAttempts.ujianId, sql`${p('ujianId')}::uuid`),
      sql`${examAttempts.questionSet} @> ${p('inSet')}::jsonb`,
      eq(examAttempts.status, 'berlangsung'),
      sql`${examAttempts.deadlineAt} >= ${p('lastAccepted')}::timestamptz`,
      checksCaller
        ? callerLiveSql(db, {
            collegeId: p('collegeId'),
            userId: p('mahasiswaId'),
            sessionId: p('sessionId'),
            feeRuleActive: p('feeRuleActive'),
          })
        : undefined,
    ),
  )
    .returning({
      // The attempt's deadline as the statement saw it (for the time left the answer reports).
      deadlineAt: sql<string>`(select "a"."deadline_at" from "exam_attempts" "a" where "a"."college_id" = "exam_answers"."college_id" and "a"."id" = "exam_answers"."attempt_id")`,
    })
    .prepare(checksCaller ? 'exam_save_answer_caller' : 'exam_save_answer');
}
const preparedSave = preparedWithCallerCheck(prepareSaveAnswer);

/**
 * The hot path of an exam in one prepared statement (each statement costs a round trip, a socket write
 * and its planning, which a start storm multiplies): locks the attempt row for share (a concurrent submit
 * either finishes first, and then this sees it closed, or waits for this save) and writes the answer only
 * when the attempt is the student's, of the question's exam, holds the question, is open and not past
 * `lastAccepted`, and `urutan` is newer than the stored one. With `caller`, also only when the caller's
 * row passes the auth plugin's checks (a student saving every 15 s is never remembered by the actor
 * cache, and this saves the statement that would read it). Answers the attempt's deadline when it
 * wrote, else undefined (the caller finds out why on the full path).
 */
export async function saveAnswerInOneStatement(
  db: Db,
  input: {
    collegeId: string;
    attemptId: string;
    mahasiswaId: string;
    ujianId: string;
    soalId: string;
    jawaban: AnswerValue;
    urutan: number;
    now: Date;
    lastAccepted: Date;
  },
  caller?: { sessionId: string; feeRuleActive: boolean },
): Promise<{ deadlineAt: Date } | undefined> {
  const values = {
    collegeId: input.collegeId,
    attemptId: input.attemptId,
    mahasiswaId: input.mahasiswaId,
    ujianId: input.ujianId,
    soalId: input.soalId,
    inSet: JSON.stringify([{ soal: [input.soalId] }]),
    jawaban: JSON.stringify(input.jawaban),
    urutan: input.urutan,
    now: input.now.toISOString(),
    lastAccepted: input.lastAccepted.toISOString(),
  };
  const [row] = caller
    ? await preparedSave(db, true).execute({ ...values, ...caller })
    : await preparedSave(db, false).execute(values);
  return row ? { deadlineAt: new Date(row.deadlineAt) } : undefined;
}

/**
 * Each question's exam, kind and number of options (a save's validation, without the question texts),
 * and the body of the structured kinds, for every question of the exam that holds `soalId`.
 */
export function findQuestionKindsOfExamWith(db: Db, collegeId: string, soalId: string) {
  const holder = alias(examQuestions, 'holder');
  return db
    .select({
      id: examQuestions.id,
      ujianId: examQuestions.ujianId,
      jenis: examQuestions.jenis,
      pilihan: sql<number>`coalesce(jsonb_array_length(case when jsonb_typeof(${examQuestions.isi} -> 'pilihan') = 'array' then ${examQuestions.isi} -> 'pilihan' end), 0)::int`,
      // The structured kinds' answers are checked against the body (exam-answer.policy); the others'
      // bodies stay in the database.
      isi: sql<QuestionBody | null>`case when ${examQuestions.jenis} in ('pilihan_kompleks', 'menjodohkan', 'isian_rumpang') then ${examQuestions.isi} end`,
    })
    .from(examQuestions)
    .where(
      and(
        eq(examQuestions.collegeId, collegeId),
        eq(
          examQuestions.ujianId,
          db
            .select({ ujianId: holder.ujianId })
            .from(holder)
            .where(and(eq(holder.collegeId, collegeId), eq(holder.id, soalId))),
        ),
      ),
    );
}

/**
 * Up to `limit` attempts whose attempted fact is still to be recorded, oldest first, locked for this
 * transaction (two instances draining at once take different rows).
 */
export function claimAttemptsWithoutFact(db: Db, collegeId: string, limit: number) {
  return db
    .select({
      id: examAttempts.id,
      ujianId: examAttempts.ujianId,
      mahasiswaId: examAttempts.mahasiswaId,
      startedAt: examAttempts.startedAt,
    })
    .from(examAttempts)
    .where(and(eq(examAttempts.collegeId, collegeId), isNull(examAttempts.factRecordedAt)))
    .orderBy(examAttempts.startedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Marks attempts' attempted facts as recorded. */
export async function markAttemptFactsRecorded(db: Db, collegeId: string, ids: string[], at: Date) {
  if (ids.length === 0) return;
  await db
    .update(examAttempts)
    .set({ factRecordedAt: at })
    .where(and(eq(examAttempts.collegeId, collegeId), inArray(examAttempts.id, ids)));
}
