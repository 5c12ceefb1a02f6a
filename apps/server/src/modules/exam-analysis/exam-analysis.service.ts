import { itemAnalysisLimits, questionSummary } from '@lms/contract/item-analysis.rules';
import type { BankQuestionHistory, ItemAnalysis } from '@lms/contract/item-analysis.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { findGroups, findQuestions, loadEditableExam, presentContent } from '../exam/exam.api.ts';
import { assertCanReadBankQuestion } from '../question-bank/question-bank.api.ts';
import { presentItemFigures } from './exam-analysis.presenter.ts';
import { findItemFigures, findUsesOfBankQuestion } from './exam-analysis.repository.ts';

/*
 * Item analysis (issue 43 §3): which questions of an exam worked, for the exam's editors; and a bank
 * question's figures in every exam that took it, for those who see the bank. The figures come from one
 * statement over the finished attempts (exam-analysis.repository.ts); the flags from the contract.
 */

/** GET /v2/lms/ujian/{id}/analisis_soal: per question of the exam, in the exam's order. */
export async function analyseExam(db: Db, actor: Actor, college: College, id: string): Promise<ItemAnalysis> {
  const { row: exam } = await loadEditableExam(db, actor, college, id);
  const [groups, questions, figures] = await Promise.all([
    findGroups(db, actor.collegeId, exam.id),
    findQuestions(db, actor.collegeId, exam.id),
    findItemFigures(db, actor.collegeId, [exam.id], itemAnalysisLimits.groupShare),
  ]);
  const bySoal = new Map(figures.map((f) => [f.soal_id, f] as const));
  const bodies = new Map(questions.map((q) => [q.id, q] as const));
  return {
    jumlah_pengerjaan: Number(figures[0]?.jumlah_pengerjaan ?? 0),
    soal: presentContent(groups, questions).flatMap((g) =>
      g.soal.map((q) => ({
        id_soal: q.id,
        nomor: q.nomor,
        jenis: q.jenis,
        pertanyaan: questionSummary(q.pertanyaan),
        ...presentItemFigures(bodies.get(q.id)!.isi, bySoal.get(q.id)),
      })),
    ),
  };
}

/** The exam's title with the analysis (the Excel export). */
export async function analyseExamForExport(db: Db, actor: Actor, college: College, id: string) {
  const { row } = await loadEditableExam(db, actor, college, id);
  return { judul: row.judul, analysis: await analyseExam(db, actor, college, id) };
}

/** GET /v2/lms/bank_soal/{id}/soal/{soalId}/analisis: the question's figures in every exam that took it. */
export async function bankQuestionHistory(
  db: Db,
  actor: Actor,
  bankId: string,
  questionId: string,
): Promise<BankQuestionHistory> {
  await assertCanReadBankQuestion(db, actor, bankId, questionId);
  const uses = await findUsesOfBankQuestion(db, actor.collegeId, questionId);
  const figures = await findItemFigures(
    db,
    actor.collegeId,
    [...new Set(uses.map((u) => u.ujian_id))],
    itemAnalysisLimits.groupShare,
  );
  const bySoal = new Map(figures.map((f) => [f.soal_id, f] as const));
  return uses.map((u) => ({
    id_soal: u.soal_id,
    ujian: { id: u.ujian_id, judul: u.judul, waktu_mulai: new Date(u.waktu_mulai).toISOString() },
    kelas: { id: u.kelas_id, nama: u.kelas_nama },
    ...presentItemFigures(u.isi, bySoal.get(u.soal_id)),
  }));
}
