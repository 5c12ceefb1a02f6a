import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { examAnswers, examAttempts, exams } from '../../db/schema/exam.schema.ts';

/** Shows (or hides) the exam's scores to its students. */
export async function writeScoresShown(db: Db, collegeId: string, ujianId: string, shown: boolean) {
  await db
    .update(exams)
    .set({ isTampilkanNilai: shown, updatedAt: sql`now()` })
    .where(and(eq(exams.collegeId, collegeId), eq(exams.id, ujianId)));
}

/** Moves the exam's end (an extension). */
export async function writeExamEnd(db: Db, collegeId: string, ujianId: string, waktuSelesai: Date) {
  await db
    .update(exams)
    .set({ waktuSelesai, updatedAt: sql`now()` })
    .where(and(eq(exams.collegeId, collegeId), eq(exams.id, ujianId)));
}

/** Exams of the college waiting for their scores to be recalculated, oldest request first. */
export function findExamsToRescore(db: Db, collegeId: string, limit = 20) {
  return db
    .select({ id: exams.id, rescoreRequestedAt: exams.rescoreRequestedAt })
    .from(exams)
    .where(and(eq(exams.collegeId, collegeId), sql`${exams.rescoreRequestedAt} is not null`))
    .orderBy(asc(exams.rescoreRequestedAt))
    .limit(limit);
}

/** The ids of an exam's finished attempts. */
export async function findFinishedAttemptIds(db: Db, collegeId: string, ujianId: string) {
  const rows = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.collegeId, collegeId),
        eq(examAttempts.ujianId, ujianId),
        eq(examAttempts.status, 'selesai'),
      ),
    );
  return rows.map((r) => r.id);
}

/** Clears the rescore mark unless a newer change set it again while the scores were recalculated. */
export async function clearRescoreRequest(db: Db, collegeId: string, ujianId: string, requestedAt: Date) {
  await db
    .update(exams)
    .set({ rescoreRequestedAt: null })
    .where(
      and(eq(exams.collegeId, collegeId), eq(exams.id, ujianId), eq(exams.rescoreRequestedAt, requestedAt)),
    );
}

/** Sets an attempt's deduction. */
export async function writeDeduction(db: Db, collegeId: string, id: string, nilai: number) {
  const rows = await db
    .update(examAttempts)
    .set({ penguranganNilai: nilai })
    .where(and(eq(examAttempts.collegeId, collegeId), eq(examAttempts.id, id)))
    .returning({ id: examAttempts.id });
  return rows.length > 0;
}

/** Moves an open attempt's deadline (an extension); answers whether it was open. */
export async function writeDeadline(db: Db, collegeId: string, id: string, deadlineAt: Date) {
  const rows = await db
    .update(examAttempts)
    .set({ deadlineAt })
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

/** Deletes an attempt (reset) with its answers; answers whether it existed. */
export async function deleteAttemptRow(db: Db, collegeId: string, id: string) {
  const rows = await db
    .delete(examAttempts)
    .where(and(eq(examAttempts.collegeId, collegeId), eq(examAttempts.id, id)))
    .returning({ id: examAttempts.id });
  return rows.length > 0;
}

/** Adds seconds to the deadline of every open attempt of an exam (an extension of the whole exam). */
export async function extendOpenAttempts(db: Db, collegeId: string, ujianId: string, seconds: number) {
  const rows = await db
    .update(examAttempts)
    .set({ deadlineAt: sql`${examAttempts.deadlineAt} + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(examAttempts.collegeId, collegeId),
        eq(examAttempts.ujianId, ujianId),
        eq(examAttempts.status, 'berlangsung'),
      ),
    )
    .returning({ id: examAttempts.id });
  return rows.length;
}

/** Every answer of an exam's attempts, with the attempt's question set (answer statistics). */
export async function findExamAnswers(db: Db, collegeId: string, ujianId: string) {
  const [attempts, answers] = await Promise.all([
    db
      .select({ id: examAttempts.id, questionSet: examAttempts.questionSet })
      .from(examAttempts)
      .where(and(eq(examAttempts.collegeId, collegeId), eq(examAttempts.ujianId, ujianId))),
    db
      .select({
        soalId: examAnswers.soalId,
        jawaban: examAnswers.jawaban,
        urutan: examAnswers.urutan,
        nilai: examAnswers.nilai,
      })
      .from(examAnswers)
      .innerJoin(
        examAttempts,
        and(eq(examAttempts.collegeId, examAnswers.collegeId), eq(examAttempts.id, examAnswers.attemptId)),
      )
      .where(
        and(
          eq(examAnswers.collegeId, collegeId),
          eq(examAttempts.collegeId, collegeId),
          eq(examAttempts.ujianId, ujianId),
        ),
      ),
  ]);
  return { attempts, answers };
}
