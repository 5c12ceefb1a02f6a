import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { AnswerValue, QuestionSetGroup } from '@lms/contract/exam.rules';
import type { Db } from '../../db/database.ts';
import { examAnswers, examAttempts, examLateAnswers, exams } from '../../db/schema/exam.schema.ts';
import { callerLiveSql, preparedWithCallerCheck } from '../../platform/actor.repository.ts';
import { attendedLecturesInClassSql } from '../attendance/attendance.api.ts';
import { contentVersion, upsertAnswerOfOpenAttempt } from './exam-run.repository.ts';

/** The start's read, in its two forms (the caller's row checked before it or by it). */
function prepareStartContext(db: Db, checksCaller: boolean) {
  const collegeId = sql.placeholder('collegeId');
  const ujianId = sql.placeholder('ujianId');
  const mahasiswaId = sql.placeholder('mahasiswaId');
  const callerLive = checksCaller
    ? callerLiveSql(db, {
        collegeId: sql`${collegeId}`,
        userId: sql`${mahasiswaId}`,
        sessionId: sql`${sql.placeholder('sessionId')}`,
        feeRuleActive: sql`${sql.placeholder('feeRuleActive')}`,
      })
    : sql`true`;
  const attendance = attendedLecturesInClassSql(db, {
    collegeId: sql`${collegeId}`,
    mahasiswaId: sql`${mahasiswaId}`,
    kelasId: sql`"exams"."kelas_id"`,
    minProgressPercent: sql`${sql.placeholder('minProgressPercent')}::int`,
  });
  // Subqueries aliased and qualified by hand, each naming its college (the tenant guard reads that).
  return db
    .select({
      id: exams.id,
      callerLive: sql<boolean>`${callerLive}`,
      nama: sql<
        string | null
      >`(select "u"."nama" from "users" "u" where "u"."college_id" = ${collegeId} and "u"."id" = ${mahasiswaId}::uuid)`,
      paused: sql<boolean>`exists (select 1 from "exam_pauses" "p" where "p"."college_id" = ${collegeId} and "p"."ujian_id" = ${ujianId}::uuid and "p"."dilanjutkan_pada" is null)`,
      hasAttempt: sql<boolean>`exists (select 1 from "exam_attempts" "a" where "a"."college_id" = ${collegeId} and "a"."ujian_id" = ${ujianId}::uuid and "a"."mahasiswa_id" = ${mahasiswaId}::uuid)`,
      prepared: sql<{
        questionSet: QuestionSetGroup[];
        jumlahSoal: number;
        versi: string;
      } | null>`(select jsonb_build_object('questionSet', "ps"."question_set", 'jumlahSoal', "ps"."jumlah_soal", 'versi', "ps"."versi") from "exam_prepared_sets" "ps" where "ps"."college_id" = ${collegeId} and "ps"."ujian_id" = ${ujianId}::uuid and "ps"."mahasiswa_id" = ${mahasiswaId}::uuid)`,
      versiSekarang: contentVersion(collegeId, sql`${ujianId}::uuid`),
      // Only when asked: PostgreSQL runs the subquery in the branch taken only.
      attendance: sql<{ held: number; attended: number } | null>`case when ${sql.placeholder(
        'countAttendance',
      )}::boolean then ${attendance} end`,
    })
    .from(exams)
    .where(and(eq(exams.collegeId, sql`${collegeId}`), eq(exams.id, sql`${ujianId}::uuid`)))
    .prepare(checksCaller ? 'exam_start_context_caller' : 'exam_start_context');
}
const preparedStartContext = preparedWithCallerCheck(prepareStartContext);

/**
 * What a student's start decides on beyond the exam check the route ran before it (the exam, the
 * student's membership and nim: exam.resource.ts), in one prepared statement (the start storm's read):
 * the student's name, whether the exam is paused, whether they have an attempt, and their prepared
 * question set with the content's fingerprint now. With `caller`, also whether the caller's row passes
 * the auth plugin's checks (`callerLive`; always true without); with `attendance`, the student's
 * lectures held and attended in the exam's class (a UTS/UAS's requirement; else null). No row when the
 * exam is gone meanwhile.
 */
export async function findStartContext(
  db: Db,
  collegeId: string,
  ujianId: string,
  mahasiswaId: string,
  caller?: { sessionId: string; feeRuleActive: boolean },
  attendance?: { minProgressPercent: number },
) {
  const values = {
    collegeId,
    ujianId,
    mahasiswaId,
    countAttendance: attendance !== undefined,
    minProgressPercent: attendance?.minProgressPercent ?? 0,
  };
  const [row] = caller
    ? await preparedStartContext(db, true).execute({ ...values, ...caller })
    : await preparedStartContext(db, false).execute(values);
  return row;
}

/**
 * The attempt owner's read, prepared once per database handle: every student's first save on an instance
 * that did not serve their start reads it (a storm's second instance: as many as it has students), and
 * planning it each time took four times its execution.
 */
const preparedAttemptOwners = new WeakMap<Db, ReturnType<typeof prepareAttemptOwner>>();

function prepareAttemptOwner(db: Db) {
  return db
    .select({ id: examAttempts.id, ujianId: examAttempts.ujianId, mahasiswaId: examAttempts.mahasiswaId })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.collegeId, sql`${sql.placeholder('collegeId')}`),
        eq(examAttempts.id, sql`${sql.placeholder('id')}::uuid`),
      ),
    )
    .prepare('exam_attempt_owner');
}

/** Whose attempt it is and of which exam (never changed once written), or undefined. */
export async function findAttemptOwner(db: Db, collegeId: string, id: string) {
  let prepared = preparedAttemptOwners.get(db);
  if (!prepared) preparedAttemptOwners.set(db, (prepared = prepareAttemptOwner(db)));
  const [row] = await prepared.execute({ collegeId, id });
  return row;
}

/** The attempt's insert, prepared once per database handle (named: planned once per connection). */
const preparedAttemptInserts = new WeakMap<Db, ReturnType<typeof prepareAttemptInsert>>();

function prepareAttemptInsert(db: Db) {
  const value = (name: string) => sql.placeholder(name);
  // The attempted fact is left to the exam-attempt-facts job (fact_recorded_at null): a storm's starts
  // are recorded in batches, not one by one inside each start.
  return db
    .insert(examAttempts)
    .values({
      collegeId: value('collegeId'),
      ujianId: value('ujianId'),
      mahasiswaId: value('mahasiswaId'),
      startedAt: value('startedAt'),
      deadlineAt: value('deadlineAt'),
      questionSet: value('questionSet'),
      jumlahSoal: value('jumlahSoal'),
      factRecordedAt: null,
    })
    .onConflictDoNothing({ target: [examAttempts.ujianId, examAttempts.mahasiswaId] })
    .returning({
      id: examAttempts.id,
      collegeId: examAttempts.collegeId,
      ujianId: examAttempts.ujianId,
      mahasiswaId: examAttempts.mahasiswaId,
      status: examAttempts.status,
      startedAt: examAttempts.startedAt,
      deadlineAt: examAttempts.deadlineAt,
      submittedAt: examAttempts.submittedAt,
      jumlahSoal: examAttempts.jumlahSoal,
      penguranganNilai: examAttempts.penguranganNilai,
      nilaiAkhir: examAttempts.nilaiAkhir,
      sudahDinilai: examAttempts.sudahDinilai,
      catatanKeluar: examAttempts.catatanKeluar,
    })
    .prepare('exam_attempt_insert');
}

/**
 * Creates the attempt unless the student has one: concurrent starts all end on the single row the
 * unique (exam, student) key lets in. Answers the row this call created, or undefined. One prepared
 * statement on the start storm's path; the question set it wrote is not read back.
 */
export async function insertAttemptOnce(
  db: Db,
  row: {
    collegeId: string;
    ujianId: string;
    mahasiswaId: string;
    startedAt: Date;
    deadlineAt: Date;
    questionSet: QuestionSetGroup[];
    jumlahSoal: number;
  },
) {
  let prepared = preparedAttemptInserts.get(db);
  if (!prepared) preparedAttemptInserts.set(db, (prepared = prepareAttemptInsert(db)));
  const [inserted] = await prepared.execute(row);
  return inserted && { ...inserted, questionSet: row.questionSet };
}

/**
 * Saves one answer if the attempt is still open and not past `lastAccepted`, and only when `urutan` is
 * higher than the stored one: one statement, so neither a concurrent submit nor a late retry can
 * interleave. Answers 'applied', 'stale' (a newer answer is stored) or 'closed'.
 */
export async function saveAnswerIfOpen(
  db: Db,
  collegeId: string,
  input: {
    attemptId: string;
    soalId: string;
    jawaban: AnswerValue;
    urutan: number;
    now: Date;
    lastAccepted: Date;
  },
): Promise<'applied' | 'stale' | 'closed'> {
  const rows = await upsertAnswerOfOpenAttempt(
    db,
    {
      soalId: sql`${input.soalId}`,
      jawaban: sql`${JSON.stringify(input.jawaban)}`,
      urutan: sql`${input.urutan}`,
      savedAt: sql`${input.now.toISOString()}`,
    },
    and(
      eq(examAttempts.collegeId, collegeId),
      eq(examAttempts.id, input.attemptId),
      eq(examAttempts.status, 'berlangsung'),
      sql`${examAttempts.deadlineAt} >= ${input.lastAccepted.toISOString()}::timestamptz`,
    ),
  ).returning({ urutan: examAnswers.urutan });
  if (rows.length > 0) return 'applied';
  const [attempt] = await db
    .select({ status: examAttempts.status, deadlineAt: examAttempts.deadlineAt })
    .from(examAttempts)
    .where(and(eq(examAttempts.collegeId, collegeId), eq(examAttempts.id, input.attemptId)));
  if (!attempt || attempt.status !== 'berlangsung' || attempt.deadlineAt < input.lastAccepted)
    return 'closed';
  return 'stale';
}

/** Keeps an answer that came too late (never applied). */
export async function insertLateAnswer(
  db: Db,
  row: {
    collegeId: string;
    attemptId: string;
    soalId: string;
    jawaban: AnswerValue;
    urutan: number;
    alasan: string;
  },
) {
  await db.insert(examLateAnswers).values(row);
}

/** Closes an open attempt; answers whether this call closed it (a second submit changes nothing). */
export async function closeAttempt(
  db: Db,
  collegeId: string,
  id: string,
  by: 'mahasiswa' | 'sistem',
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(examAttempts)
    .set({ status: 'selesai', submittedAt: at, submittedBy: by })
    .where(
      and(
        eq(examAttempts.collegeId, collegeId),
        eq(examAttempts.id, id),
        eq(examAttempts.status, 'berlangsung'),
      ),
    )
    .returning({ id: examAttempts.id });
  return rows.length > 0;
}

/** Open attempts of the college past `before` (deadline + grace), oldest first. */
export function findExpiredAttempts(db: Db, collegeId: string, before: Date, limit = 500) {
  return db
    .select({ id: examAttempts.id, ujianId: examAttempts.ujianId })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.collegeId, collegeId),
        eq(examAttempts.status, 'berlangsung'),
        lt(examAttempts.deadlineAt, before),
      ),
    )
    .orderBy(asc(examAttempts.deadlineAt))
    .limit(limit);
}

/** Writes marks of answers (creating rows for questions never answered). */
export async function writeMarks(
  db: Db,
  collegeId: string,
  attemptId: string,
  marks: Array<{ soalId: string; nilai: number | null }>,
  by: string | null,
  now: Date,
) {
  if (marks.length === 0) return;
  await db
    .insert(examAnswers)
    .values(
      marks.map((m) => ({
        collegeId,
        attemptId,
        soalId: m.soalId,
        nilai: m.nilai,
        savedAt: now,
        dinilaiOleh: by,
      })),
    )
    .onConflictDoUpdate({
      target: [examAnswers.attemptId, examAnswers.soalId],
      set: { nilai: sql`excluded.nilai`, dinilaiOleh: sql`excluded.dinilai_oleh` },
    });
}

/** Stores an attempt's computed score. */
export async function writeAttemptScore(
  db: Db,
  collegeId: string,
  id: string,
  score: { nilaiAkhir: number | null; sudahDinilai: boolean },
) {
  await db
    .update(examAttempts)
    .set(score)
    .where(and(eq(examAttempts.collegeId, collegeId), eq(examAttempts.id, id)));
}

/** Appends a leave (fullscreen or tab) to an open attempt, at most 500 kept; answers whether it was open. */
export async function appendLeave(
  db: Db,
  collegeId: string,
  id: string,
  leave: { jenis: 'fullscreen' | 'tab'; waktu: string },
) {
  const rows = await db
    .update(examAttempts)
    .set({ catatanKeluar: sql`${examAttempts.catatanKeluar} || ${JSON.stringify([leave])}::jsonb` })
    .where(
      and(
        eq(examAttempts.collegeId, collegeId),
        eq(examAttempts.id, id),
        eq(examAttempts.status, 'berlangsung'),
        sql`jsonb_array_length(${examAttempts.catatanKeluar}) < 500`,
      ),
    )
    .returning({ id: examAttempts.id });
  return rows.length > 0;
}
