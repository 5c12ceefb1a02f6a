import type { QuestionBody } from '@lms/contract/exam.rules';
import { maxBankQuestionsCeiling } from '@lms/contract/question-bank.rules';
import type { BankDetail } from '@lms/contract/question-bank.schema';
import type { Db } from '../../db/database.ts';
import type { StoredQuestionFile } from '../../db/schema/question-bank.schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError } from '../../platform/app-error.ts';
import { takeLoadedResource } from '../../platform/resource-access.ts';
import { findBankQuestion } from './question-bank.repository.ts';
import {
  appendQuestions,
  bankHidden,
  bankNotFound,
  cleanQuestion,
  loadBankResource,
  loadEditableBank,
  readBankDetail,
  type VisibleBank,
} from './question-bank.service.ts';

/*
 * What other areas (the question import) may do with banks. Both functions refuse with the same errors
 * the bank's own routes give (404 for a bank the caller cannot see, 403 without edit rights).
 */

/** Throws unless the actor may edit the bank (its lecturer, or an operator with write on bank_soal, same college). */
export async function assertCanEditQuestionBank(db: Db, actor: Actor, bankId: string): Promise<void> {
  await loadEditableBank(db, actor, bankId);
}

/**
 * Sanitises, validates and appends questions to the bank in one transaction: all or none, never past
 * the college's limit (400 `bank_soal_penuh`; 400 `soal_tidak_valid` names the first bad question); answers the new ids.
 * `soalFiles` are attachments the caller has already checked and stored (an imported question's images).
 */
export async function addQuestionsToBank(
  db: Db,
  actor: Actor,
  bankId: string,
  questions: Array<{ pertanyaan: string; isi: QuestionBody; soalFiles?: StoredQuestionFile[] }>,
): Promise<string[]> {
  await loadEditableBank(db, actor, bankId);
  const clean = questions.map((q, i) => {
    try {
      return { ...cleanQuestion(actor.collegeId, q), soalFiles: q.soalFiles ?? [] };
    } catch (error) {
      if (error instanceof Error) error.message = `Soal ${i + 1}: ${error.message}`;
      throw error;
    }
  });
  return appendQuestions(db, actor, bankId, clean);
}

/** The bank with all its questions as the actor sees it (404 when it is hidden from them): the exports. */
export async function readQuestionBank(db: Db, actor: Actor, bankId: string): Promise<BankDetail> {
  return readBankDetail(db, actor, bankId, { page: 1, per_page: maxBankQuestionsCeiling });
}

/**
 * Throws unless the actor sees the bank (as its other reads: 404 for a hidden one) and the question is
 * one of its questions (404 `soal_not_found`): a bank question's item analysis across exams.
 */
export async function assertCanReadBankQuestion(
  db: Db,
  actor: Actor,
  bankId: string,
  questionId: string,
): Promise<void> {
  if (!takeLoadedResource<VisibleBank>('question-bank', bankId)) {
    const loaded = await loadBankResource(db, actor, bankId);
    if (!loaded) throw bankNotFound();
    if (!loaded.canRead) throw bankHidden();
  }
  if (!(await findBankQuestion(db, actor.collegeId, bankId, questionId)))
    throw new AppError(404, 'soal_not_found', 'Soal bank tidak ditemukan');
}
