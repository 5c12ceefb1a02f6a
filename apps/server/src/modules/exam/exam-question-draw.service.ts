import { randomInt } from 'node:crypto';
import { buildQuestionSet, type QuestionSetGroup } from '@lms/contract/exam.rules';
import type { Db } from '../../db/database.ts';
import { findGroups, findQuestions, type GroupRow, type QuestionRow } from './exam-content.repository.ts';
import type { ExamRow } from './exam.repository.ts';

/*
 * How a student's question set is drawn from the exam's content: the same builder for a start, a set
 * prepared ahead (exam-run) and the lecturer's preview.
 */

/** A student's fixed question set and its size. */
export interface FixedSet {
  questionSet: QuestionSetGroup[];
  jumlahSoal: number;
}

/** An exam's groups and questions, read fresh unless the caller has a way of its own. */
export type ContentReader = () => Promise<{ groups: GroupRow[]; questions: QuestionRow[] }>;

/** Builds question sets from the exam's groups and questions (one random seed per set). */
export async function questionSetBuilder(
  db: Db,
  collegeId: string,
  exam: ExamRow,
  readContent?: ContentReader,
) {
  const { groups, questions } = readContent
    ? await readContent()
    : await Promise.all([findGroups(db, collegeId, exam.id), findQuestions(db, collegeId, exam.id)]).then(
        ([groups, questions]) => ({ groups, questions }),
      );
  const forSet = groups.map((g) => ({
    id: g.id,
    aturan: g.aturan,
    jumlah_wajib_dijawab: g.jumlahWajibDijawab,
    soal: questions.filter((q) => q.kelompokId === g.id).map((q) => q.id),
  }));
  return {
    empty: questions.length === 0,
    build(): FixedSet {
      const questionSet = buildQuestionSet(forSet, { shuffle: exam.acakSoal, seed: randomInt(2 ** 31) });
      return { questionSet, jumlahSoal: questionSet.reduce((n, g) => n + g.soal.length, 0) };
    },
  };
}

/**
 * A set drawn exactly as a starting student's is (the same builder, a fresh seed) from content the
 * caller already read: the lecturer's preview. Nothing is stored; an exam without questions answers
 * its groups empty.
 */
export async function drawQuestionSet(
  db: Db,
  collegeId: string,
  exam: ExamRow,
  content: { groups: GroupRow[]; questions: QuestionRow[] },
): Promise<FixedSet> {
  return (await questionSetBuilder(db, collegeId, exam, () => Promise.resolve(content))).build();
}
