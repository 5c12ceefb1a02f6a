import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  examAnswers,
  examAttempts,
  examQuestions,
  type StoredExamFile,
} from '../../db/schema/exam.schema.ts';

/** One question of an exam with its kind, block and attachments; undefined when not in the exam. */
export async function findExamQuestionFiles(db: Db, collegeId: string, ujianId: string, soalId: string) {
  const [row] = await db
    .select({
      id: examQuestions.id,
      jenis: examQuestions.jenis,
      isi: examQuestions.isi,
      soalFiles: examQuestions.soalFiles,
      kunciFiles: examQuestions.kunciFiles,
    })
    .from(examQuestions)
    .where(
      and(
        eq(examQuestions.collegeId, collegeId),
        eq(examQuestions.ujianId, ujianId),
        eq(examQuestions.id, soalId),
      ),
    );
  return row;
}

/** Replaces a question's attachment lists; false when the question is gone. */
export async function setExamQuestionFiles(
  db: Db,
  collegeId: string,
  ujianId: string,
  soalId: string,
  files: { soalFiles: StoredExamFile[]; kunciFiles: StoredExamFile[] },
): Promise<boolean> {
  const rows = await db
    .update(examQuestions)
    .set({ ...files, updatedAt: new Date() })
    .where(
      and(
        eq(examQuestions.collegeId, collegeId),
        eq(examQuestions.ujianId, ujianId),
        eq(examQuestions.id, soalId),
      ),
    )
    .returning({ id: examQuestions.id });
  return rows.length > 0;
}

/**
 * Sets the files of one answer while the attempt is open and not past `lastAccepted` (the same condition
 * as an answer save, in the same statement); the answer row is made when the student has typed nothing
 * yet (urutan 0, so a typed answer's first save still applies). Answers the previous files, or 'closed'.
 */
export async function setAnswerFilesIfOpen(
  db: Db,
  collegeId: string,
  input: { attemptId: string; soalId: string; files: StoredExamFile[]; now: Date; lastAccepted: Date },
): Promise<{ previous: StoredExamFile[] } | 'closed'> {
  const previous = await db
    .select({ files: examAnswers.files })
    .from(examAnswers)
    .where(
      and(
        eq(examAnswers.collegeId, collegeId),
        eq(examAnswers.attemptId, input.attemptId),
        eq(examAnswers.soalId, input.soalId),
      ),
    );
  const open = db
    .select({
      collegeId: examAttempts.collegeId,
      attemptId: examAttempts.id,
      soalId: sql`${input.soalId}::uuid`.as('soal_id'),
      jawaban: sql`null::jsonb`.as('jawaban'),
      urutan: sql`0::bigint`.as('urutan'),
      savedAt: sql`${input.now.toISOString()}::timestamptz`.as('saved_at'),
      nilai: sql`null::int`.as('nilai'),
      dinilaiOleh: sql`null::uuid`.as('dinilai_oleh'),
      files: sql`${JSON.stringify(input.files)}::jsonb`.as('files'),
    })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.collegeId, collegeId),
        eq(examAttempts.id, input.attemptId),
        eq(examAttempts.status, 'berlangsung'),
        sql`${examAttempts.deadlineAt} >= ${input.lastAccepted.toISOString()}::timestamptz`,
      ),
    )
    .for('share');
  const rows = await db
    .insert(examAnswers)
    .select(open)
    .onConflictDoUpdate({
      target: [examAnswers.attemptId, examAnswers.soalId],
      set: { files: sql`excluded.files` },
    })
    .returning({ soalId: examAnswers.soalId });
  if (!rows.length) return 'closed';
  return { previous: previous[0]?.files ?? [] };
}

/** The files of one answer (none when the student attached nothing). */
export async function findAnswerFiles(
  db: Db,
  collegeId: string,
  attemptId: string,
  soalId: string,
): Promise<StoredExamFile[]> {
  const [row] = await db
    .select({ files: examAnswers.files })
    .from(examAnswers)
    .where(
      and(
        eq(examAnswers.collegeId, collegeId),
        eq(examAnswers.attemptId, attemptId),
        eq(examAnswers.soalId, soalId),
      ),
    );
  return row?.files ?? [];
}

/** An answer file not yet marked private: stored before answer files were served only to those who may see them. */
const hasPublicFile = sql`jsonb_path_exists(${examAnswers.files}, '$[*] ? (!exists(@.private))')`;

/** Up to `limit` answers of the college with a file still stored public, with their files as they are. */
export function findAnswersWithPublicFiles(db: Db, collegeId: string, limit: number) {
  return db
    .select({ attemptId: examAnswers.attemptId, soalId: examAnswers.soalId, files: examAnswers.files })
    .from(examAnswers)
    .where(and(eq(examAnswers.collegeId, collegeId), hasPublicFile))
    .limit(limit);
}

/**
 * Replaces an answer's files with the same files marked private, only if they are still `before` (a
 * student who replaced them meanwhile wrote private ones already); true when written.
 */
export async function markAnswerFilesPrivate(
  db: Db,
  collegeId: string,
  answer: { attemptId: string; soalId: string; before: StoredExamFile[] },
): Promise<boolean> {
  const rows = await db
    .update(examAnswers)
    .set({ files: answer.before.map((f) => ({ ...f, private: true })) })
    .where(
      and(
        eq(examAnswers.collegeId, collegeId),
        eq(examAnswers.attemptId, answer.attemptId),
        eq(examAnswers.soalId, answer.soalId),
        sql`${examAnswers.files} = ${JSON.stringify(answer.before)}::jsonb`,
      ),
    )
    .returning({ soalId: examAnswers.soalId });
  return rows.length > 0;
}
