import type { QuestionBody } from '@lms/contract/exam.rules';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import type { StoredExamFile } from '../../db/schema/exam.schema.ts';
import { findGroups, findQuestions, insertQuestion } from './exam-content.repository.ts';
import { loadEditableExam } from './exam.service.ts';

// The dashboard reads a month's exams of the caller's classes (students only those shown to them) and,
// for a student's Kuis/Ujian tile, the open exams hidden from them; the meeting page counts the exams its
// list shows the caller.
export {
  countMeetingExamsListed,
  findExamsInRange,
  findOpenExamIdsHiddenFromStudent,
  type ExamCalendarRow,
} from './exam-calendar.repository.ts';

/*
 * What other areas (the question bank) may do with exams: read an exam's questions and add questions
 * to a group, both only for those who may edit the exam (its lecturers, operators with write on
 * kelas_kuliah).
 */

/**
 * A question as it moves between exams and banks. Attachments travel by key: the file store never
 * deletes a file a question drops, so both copies can point at the same bytes.
 */
export interface ExamQuestionCopy {
  pertanyaan: string;
  isi: QuestionBody;
  soalFiles: StoredExamFile[];
  kunciFiles: StoredExamFile[];
  /** Taken from the bank: the bank question it came from (item analysis across exams). */
  bankSoalId?: string;
}

/** The exam's questions (all, or those in `ids`) in the exam's order, for an editor of the exam. */
export async function readExamQuestions(
  db: Db,
  actor: Actor,
  college: College,
  examId: string,
  ids?: string[],
): Promise<Array<{ id: string } & ExamQuestionCopy>> {
  await loadEditableExam(db, actor, college, examId);
  const rows = await findQuestions(db, actor.collegeId, examId);
  const wanted = ids ? new Set(ids) : null;
  return rows
    .filter((q) => !wanted || wanted.has(q.id))
    .map((q) => ({
      id: q.id,
      pertanyaan: q.pertanyaan,
      isi: q.isi,
      soalFiles: q.soalFiles,
      kunciFiles: q.kunciFiles,
    }));
}

/** Appends already validated and sanitised questions to a group of the exam, all or none. */
export async function addQuestionsToExamGroup(
  db: Db,
  actor: Actor,
  college: College,
  examId: string,
  groupId: string,
  questions: ExamQuestionCopy[],
): Promise<string[]> {
  await loadEditableExam(db, actor, college, examId);
  const groups = await findGroups(db, actor.collegeId, examId);
  if (!groups.some((g) => g.id === groupId)) throw new AppError(404, 'kelompok_soal_not_found');
  return inTransaction(db, async (tx) => {
    const ids: string[] = [];
    for (const q of questions) {
      ids.push(
        await insertQuestion(tx, {
          collegeId: actor.collegeId,
          ujianId: examId,
          kelompokId: groupId,
          pertanyaan: q.pertanyaan,
          isi: q.isi,
          soalFiles: q.soalFiles,
          kunciFiles: q.kunciFiles,
          bankSoalId: q.bankSoalId ?? null,
        }),
      );
    }
    return ids;
  });
}

/*
 * What the exam's own other areas build on (exam-run, exam-grading, exam-files: areas of their own so each
 * use has its room, see docs/api/exams.md): who may see or edit an exam, its row and content, how a
 * question set is drawn, the attempts' rows as read, and how exams and questions are answered. No writes:
 * each of those areas writes its own statements.
 */
export {
  examRef,
  examActivity,
  readExam,
  isVisibleTo,
  loadEditableExam,
  loadVisibleExam,
  studentViewer,
  type ExamViewer,
} from './exam.service.ts';
export { examRescoreJobName, tidyQuestionBody } from './exam-content.service.ts';
export { questionSetBuilder, type ContentReader, type FixedSet } from './exam-question-draw.service.ts';
export {
  examColumns,
  findAnswers,
  findAttemptById,
  findAttemptOfStudent,
  findAttemptPage,
  findAttemptsOfExam,
  findCollegeIds,
  findExamById,
  findStudentsWithoutAttempt,
  type AnswerRow,
  type AttemptRow,
  type ExamRow,
} from './exam.repository.ts';
export { findGroups, findQuestions, type GroupRow, type QuestionRow } from './exam-content.repository.ts';
export { presentContent, presentExamFile, presentQuestionSet } from './exam.presenter.ts';
