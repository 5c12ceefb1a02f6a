import { validateGroup, validateQuestion, type QuestionBody } from '@lms/contract/exam.rules';
import type { AcceptedAnswer } from '@lms/contract/question-kinds.rules';
import type { ExamPreview, GroupInput, QuestionGroup, QuestionInput } from '@lms/contract/exam.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import {
  deleteGroupRow,
  deleteQuestionRow,
  findGroups,
  findQuestions,
  insertGroup,
  insertQuestion,
  reorderRows,
  requestRescore,
  updateGroupRow,
  updateQuestionRow,
} from './exam-content.repository.ts';
import { drawQuestionSet } from './exam-question-draw.service.ts';
import { presentContent, presentQuestionSet } from './exam.presenter.ts';
import { announceExamIfShown, loadEditableExam } from './exam.service.ts';

/*
 * An exam's content (spec 3 §5): question groups with their rules and the questions in them, their order,
 * and the preview of a set a student could draw. A changed or deleted question asks for the finished
 * attempts to be scored again (exam-grading's rescore job).
 */

/** GET /v2/lms/ujian/{id}/kelompok_soal: groups and questions with keys (those who edit the exam). */
export async function getExamContent(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
): Promise<QuestionGroup[]> {
  await loadEditableExam(db, actor, college, id);
  const [groups, questions] = await Promise.all([
    findGroups(db, actor.collegeId, id),
    findQuestions(db, actor.collegeId, id),
  ]);
  return presentContent(groups, questions);
}

/**
 * GET /v2/lms/ujian/{id}/pratinjau: the questions a starting student could get, drawn by the attempt's
 * own builder (a new draw each call), with keys for the exam's editors. Nothing is stored.
 */
export async function previewExam(db: Db, actor: Actor, college: College, id: string): Promise<ExamPreview> {
  const { row } = await loadEditableExam(db, actor, college, id);
  const [groups, questions] = await Promise.all([
    findGroups(db, actor.collegeId, id),
    findQuestions(db, actor.collegeId, id),
  ]);
  const { questionSet, jumlahSoal } = await drawQuestionSet(db, actor.collegeId, row, { groups, questions });
  return {
    kelompok_soal: presentQuestionSet(questionSet, groups, questions, true, (_, question) => question),
    jumlah_soal: jumlahSoal,
  };
}

async function oneGroup(db: Db, actor: Actor, ujianId: string, groupId: string) {
  const [groups, questions] = await Promise.all([
    findGroups(db, actor.collegeId, ujianId),
    findQuestions(db, actor.collegeId, ujianId),
  ]);
  const group = presentContent(groups, questions).find((g) => g.id === groupId);
  if (!group) throw new AppError(404, 'kelompok_soal_not_found');
  return group;
}

function groupChanges(input: GroupInput, questionCount: number) {
  const required = input.aturan === 'semua' ? null : (input.jumlah_wajib_dijawab ?? null);
  const errors = validateGroup(input.aturan, required, questionCount);
  if (errors.length) throw badRequest('soal_tidak_valid', errors[0]!.message, { fields: errors });
  return { judul: input.judul.trim(), aturan: input.aturan, jumlahWajibDijawab: required };
}

/** POST /v2/lms/ujian/{id}/kelompok_soal. */
export async function createGroup(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  input: GroupInput,
): Promise<QuestionGroup> {
  await loadEditableExam(db, actor, college, id);
  const groupId = await insertGroup(db, {
    collegeId: actor.collegeId,
    ujianId: id,
    ...groupChanges(input, 0),
  });
  return oneGroup(db, actor, id, groupId);
}

/** PUT /v2/lms/ujian/{id}/kelompok_soal/{groupId}. */
export async function updateGroup(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
  input: GroupInput,
): Promise<QuestionGroup> {
  await loadEditableExam(db, actor, college, id);
  const current = await oneGroup(db, actor, id, groupId);
  if (!(await updateGroupRow(db, actor.collegeId, id, groupId, groupChanges(input, current.soal.length))))
    throw new AppError(404, 'kelompok_soal_not_found');
  return oneGroup(db, actor, id, groupId);
}

/** DELETE /v2/lms/ujian/{id}/kelompok_soal/{groupId}: with its questions. */
export async function deleteGroup(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
): Promise<void> {
  await loadEditableExam(db, actor, college, id);
  if (!(await deleteGroupRow(db, actor.collegeId, id, groupId)))
    throw new AppError(404, 'kelompok_soal_not_found');
}

/** PUT /v2/lms/ujian/{id}/kelompok_soal/urutan: the groups' new order. */
export async function reorderGroups(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  ids: string[],
): Promise<QuestionGroup[]> {
  await loadEditableExam(db, actor, college, id);
  await reorderExactly(db, actor.collegeId, { kind: 'groups', ujianId: id }, ids);
  return getExamContent(db, actor, college, id);
}

/** PUT /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal/urutan: a group's questions' new order. */
export async function reorderQuestions(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
  ids: string[],
): Promise<QuestionGroup> {
  await loadEditableExam(db, actor, college, id);
  await reorderExactly(db, actor.collegeId, { kind: 'questions', ujianId: id, kelompokId: groupId }, ids);
  return oneGroup(db, actor, id, groupId);
}

/**
 * Applies an order only when every id is a row of the target (this exam's groups, or this group's
 * questions): an id of another exam, or a repeated one, refuses the whole order and changes nothing.
 */
async function reorderExactly(
  db: Db,
  collegeId: string,
  target: Parameters<typeof reorderRows>[2],
  ids: string[],
) {
  await inTransaction(db, async (tx) => {
    const moved = await reorderRows(tx, collegeId, target, ids);
    if (moved !== ids.length || new Set(ids).size !== ids.length) throw badRequest('urutan_tidak_valid');
  });
}

/** The question rules of spec 3 §5 (the same the question bank applies), on sanitised text. */
function questionChanges(input: QuestionInput) {
  const pertanyaan = sanitizeRichText(input.pertanyaan);
  const errors = validateQuestion({ pertanyaan, body: input.isi });
  if (errors.length) throw badRequest('soal_tidak_valid', errors[0]!.message, { fields: errors });
  const isi =
    input.isi.jenis === 'esay'
      ? {
          ...input.isi,
          kunci: sanitizeRichText(input.isi.kunci),
          jenis_file_diterima: [...new Set(input.isi.jenis_file_diterima)],
        }
      : tidyQuestionBody(input.isi);
  return { pertanyaan, isi };
}

/**
 * A question's block as stored (exam and question bank alike): its texts trimmed, option images null
 * when none, and a matching question without `pilihan_kanan` — that list belongs to a keyless copy, and
 * a stored one would replace the choices students get (matchingChoices).
 */
export function tidyQuestionBody(isi: QuestionBody): QuestionBody {
  const trim = (texts: string[]) => texts.map((t) => t.trim());
  const tidyAccepted = (answers: AcceptedAnswer[]) => answers.map((a) => ({ ...a, teks: a.teks.trim() }));
  switch (isi.jenis) {
    case 'pilihan':
    case 'pilihan_kompleks':
      return {
        ...isi,
        pilihan: isi.pilihan.map((o) => ({ teks: o.teks.trim(), gambar: o.gambar?.trim() || null })),
      };
    case 'isian_singkat':
      return { ...isi, jawaban: tidyAccepted(isi.jawaban) };
    case 'numerik':
      return { ...isi, satuan: isi.satuan.map((u) => ({ ...u, satuan: u.satuan.trim() })) };
    case 'menjodohkan':
      return {
        jenis: 'menjodohkan',
        pasangan: isi.pasangan.map((p) => ({ kiri: p.kiri.trim(), kanan: p.kanan.trim() })),
        pengecoh: trim(isi.pengecoh),
      };
    case 'isian_rumpang':
      return {
        ...isi,
        rumpang: isi.rumpang.map((g) =>
          g.jenis === 'pilihan'
            ? { ...g, pilihan: trim(g.pilihan) }
            : { ...g, jawaban: tidyAccepted(g.jawaban) },
        ),
      };
    default:
      return isi;
  }
}

/** POST /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal. */
export async function createQuestion(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
  input: QuestionInput,
): Promise<QuestionGroup> {
  await loadEditableExam(db, actor, college, id);
  await oneGroup(db, actor, id, groupId);
  await insertQuestion(db, {
    collegeId: actor.collegeId,
    ujianId: id,
    kelompokId: groupId,
    ...questionChanges(input),
  });
  await announceExamIfShown(db, actor, id);
  return oneGroup(db, actor, id, groupId);
}

/** PUT /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal/{questionId}. */
export async function updateQuestion(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
  questionId: string,
  input: QuestionInput,
): Promise<QuestionGroup> {
  await loadEditableExam(db, actor, college, id);
  if (
    !(await updateQuestionRow(
      db,
      actor.collegeId,
      { ujianId: id, kelompokId: groupId, id: questionId },
      questionChanges(input),
    ))
  )
    throw new AppError(404, 'soal_not_found');
  // A changed key or kind changes the scores of attempts already finished.
  await requestRescore(db, actor.collegeId, id, new Date());
  return oneGroup(db, actor, id, groupId);
}

/** DELETE /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal/{questionId}. */
export async function deleteQuestion(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
  questionId: string,
): Promise<void> {
  await loadEditableExam(db, actor, college, id);
  if (!(await deleteQuestionRow(db, actor.collegeId, { ujianId: id, kelompokId: groupId, id: questionId })))
    throw new AppError(404, 'soal_not_found');
  await requestRescore(db, actor.collegeId, id, new Date());
}

/**
 * The queue of the exam-rescore job (exam-grading): a question change marks the exam (requestRescore) and
 * sends one, so the scores follow within seconds; the job's minute sweep is the fallback.
 */
export const examRescoreJobName = 'exam-rescore';
