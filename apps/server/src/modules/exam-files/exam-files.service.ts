import type { FastifyRequest } from 'fastify';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { answerFileExtensions, examFileMessages, maxAnswerFiles } from '@lms/contract/exam-files.rules';
import { answerGraceMs } from '@lms/contract/exam.rules';
import type { QuestionFile } from '@lms/contract/exam.schema';
import { fileExtension, fileTooLargeMessage } from '@lms/contract/material.rules';
import { maxAttachmentsPerQuestion } from '@lms/contract/question-bank.rules';
import type { Db } from '../../db/database.ts';
import type { StoredExamFile } from '../../db/schema/exam.schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import type { FileStore } from '../../platform/file-storage.ts';
import { readMultipartForm, type UploadedFile } from '../../platform/multipart-form.ts';
import { storePrivateUploads } from '../../platform/private-uploads.ts';
import {
  findAnswerFiles,
  findAnswersWithPublicFiles,
  findExamQuestionFiles,
  markAnswerFilesPrivate,
  setAnswerFilesIfOpen,
  setExamQuestionFiles,
} from './exam-files.repository.ts';
import { findCollegeIds, loadEditableExam, loadVisibleExam, presentExamFile } from '../exam/exam.api.ts';
import {
  loadOwnAttempt,
  presentAnswerFile,
  type AttemptOwner,
  type LoadedAttempt,
} from '../exam-run/exam-run.api.ts';
import { storeQuestionFiles } from './question-files.ts';

async function editableQuestion(db: Db, actor: Actor, college: College, ujianId: string, soalId: string) {
  await loadEditableExam(db, actor, college, ujianId);
  const question = await findExamQuestionFiles(db, actor.collegeId, ujianId, soalId);
  if (!question) throw new AppError(404, 'soal_not_found', 'Soal tidak ditemukan');
  return question;
}

function presentFiles(
  collegeId: string,
  question: { soalFiles: StoredExamFile[]; kunciFiles: StoredExamFile[] },
): { soal_files: QuestionFile[]; kunci_files: QuestionFile[] } {
  return {
    soal_files: question.soalFiles.map((f) => presentExamFile(f, collegeId)),
    kunci_files: question.kunciFiles.map((f) => presentExamFile(f, collegeId)),
  };
}

/**
 * PUT /v2/lms/ujian/{id}/soal/{soalId}/files: adds attachments to an exam's question (`files`,
 * soal_ujian) and, for essays, to its key (`files_kunci`, kunci_ujian, no audio or video); at most 5
 * of each; types checked by content (the question bank's rules).
 */
export async function addExamQuestionFiles(
  db: Db,
  store: FileStore,
  actor: Actor,
  college: College,
  ujianId: string,
  soalId: string,
  uploads: { files: UploadedFile[]; files_kunci: UploadedFile[] },
) {
  const current = await editableQuestion(db, actor, college, ujianId, soalId);
  if (uploads.files_kunci.length && current.isi.jenis !== 'esay')
    throw badRequest('file_tidak_valid', 'Lampiran kunci hanya untuk soal esai.');
  if (
    current.soalFiles.length + uploads.files.length > maxAttachmentsPerQuestion ||
    current.kunciFiles.length + uploads.files_kunci.length > maxAttachmentsPerQuestion
  )
    throw badRequest(
      'file_tidak_valid',
      `Paling banyak ${maxAttachmentsPerQuestion} lampiran soal dan ${maxAttachmentsPerQuestion} lampiran kunci.`,
    );
  const soal = await storeQuestionFiles(store, actor.collegeId, 'soal', uploads.files);
  const kunci = await storeQuestionFiles(store, actor.collegeId, 'kunci', uploads.files_kunci);
  const next = { soalFiles: [...current.soalFiles, ...soal], kunciFiles: [...current.kunciFiles, ...kunci] };
  if (!(await setExamQuestionFiles(db, actor.collegeId, ujianId, soalId, next)))
    throw new AppError(404, 'soal_not_found', 'Soal tidak ditemukan');
  return presentFiles(actor.collegeId, next);
}

/**
 * POST /v2/lms/ujian/{id}/soal/{soalId}/files/hapus: removes attachments by their urls. Stored files
 * stay (a copied exam or bank question shares them by key).
 */
export async function removeExamQuestionFiles(
  db: Db,
  actor: Actor,
  college: College,
  ujianId: string,
  soalId: string,
  input: { soal_files_delete: string[]; kunci_files_delete: string[] },
) {
  const current = await editableQuestion(db, actor, college, ujianId, soalId);
  const keep = (files: StoredExamFile[], remove: string[]) =>
    files.filter((f) => !remove.includes(presentExamFile(f, actor.collegeId).url));
  const next = {
    soalFiles: keep(current.soalFiles, input.soal_files_delete),
    kunciFiles: keep(current.kunciFiles, input.kunci_files_delete),
  };
  await setExamQuestionFiles(db, actor.collegeId, ujianId, soalId, next);
  return presentFiles(actor.collegeId, next);
}

/** The student's own open attempt and the essay question of it that takes files; refusals as answer saves. */
async function answerTarget(db: Db, actor: Actor, college: College, owner: AttemptOwner, soalId: string) {
  const { attempt, exam } = await loadOwnAttempt(db, actor, college, owner);
  if (!attempt.questionSet.some((g) => g.soal.includes(soalId))) throw new AppError(404, 'soal_not_found');
  const question = await findExamQuestionFiles(db, actor.collegeId, exam.id, soalId);
  if (!question) throw new AppError(404, 'soal_not_found');
  const extensions =
    question.isi.jenis === 'esay' ? answerFileExtensions(question.isi.jenis_file_diterima) : [];
  if (!extensions.length) throw badRequest('file_tidak_valid', examFileMessages.noFilesAccepted);
  assertOpen(attempt, new Date());
  return { extensions };
}

/** The answer-save rule: open, and the server's now not past the deadline plus the grace. */
function assertOpen(attempt: { status: string; deadlineAt: Date }, now: Date) {
  if (attempt.status !== 'berlangsung') throw new AppError(409, 'pengerjaan_sudah_selesai');
  if (attempt.deadlineAt.getTime() < now.getTime() - answerGraceMs)
    throw new AppError(409, 'waktu_pengerjaan_habis');
}

async function writeAnswerFiles(
  db: Db,
  actor: Actor,
  attemptId: string,
  soalId: string,
  files: StoredExamFile[],
) {
  const now = new Date();
  const result = await setAnswerFilesIfOpen(db, actor.collegeId, {
    attemptId,
    soalId,
    files,
    now,
    lastAccepted: new Date(now.getTime() - answerGraceMs),
  });
  if (result === 'closed') throw new AppError(409, 'waktu_pengerjaan_habis');
  return {
    id_soal: soalId,
    jawaban_files: files.map((f): QuestionFile => presentAnswerFile(f, attemptId, soalId)),
  };
}

/**
 * PUT /v2/lms/pengerjaan/{id}/jawaban/{soalId}/files: the student's files of an essay answer (multipart
 * `files`, replacing the ones before), only types the question accepts (checked by content), each within
 * jawaban_ujian; refused once the attempt is closed or past its deadline plus the grace (server clock).
 */
export async function replaceAnswerFiles(
  db: Db,
  store: FileStore,
  actor: Actor,
  college: College,
  request: FastifyRequest,
  owner: AttemptOwner,
  soalId: string,
) {
  const { extensions } = await answerTarget(db, actor, college, owner, soalId);
  const maxBytes = readCollegeSettings(college).pengaturan_sistem.ukuran_max_file.jawaban_ujian * 1_000_000;
  const { files } = await readMultipartForm(request, {
    fileField: 'files',
    maxBytes,
    maxFiles: maxAnswerFiles,
    tooMany: examFileMessages.tooManyAnswerFiles,
    tooLarge: new AppError(413, 'file_terlalu_besar', fileTooLargeMessage(maxBytes)),
  });
  if (!files.length) throw badRequest('file_tidak_valid', examFileMessages.notChosen);
  // Private like a task's hand-in: the public file route never serves it (getAnswerFileKey decides).
  const uploaded = await storePrivateUploads(store, actor.collegeId, files, extensions, {
    extension: () => examFileMessages.answerFileType(extensions),
    content: (extension, fileName) => `Isi berkas ${fileName} tidak sesuai dengan ekstensi .${extension}.`,
  });
  const stored = uploaded.map((file): StoredExamFile => ({
    key: file.fileKey,
    name: file.fileName,
    size: file.fileSize,
    extension: fileExtension(file.fileName),
    private: true,
  }));
  return writeAnswerFiles(db, actor, owner.id, soalId, stored);
}

/** DELETE /v2/lms/pengerjaan/{id}/jawaban/{soalId}/files: the student removes their answer's files. */
export async function removeAnswerFiles(
  db: Db,
  actor: Actor,
  college: College,
  owner: AttemptOwner,
  soalId: string,
) {
  await answerTarget(db, actor, college, owner, soalId);
  return writeAnswerFiles(db, actor, owner.id, soalId, []);
}

/**
 * GET /v2/lms/pengerjaan/{id}/jawaban/{soalId}/files/{key}: the store key of an essay answer's file for
 * the attempt's own student, the class's lecturers and operators with read (as a task's hand-in; the
 * resource refuses the rest: 404 for another student or an unknown attempt); 404 `file_not_found` for a
 * key not among that answer's files.
 */
export async function getAnswerFileKey(
  db: Db,
  actor: Actor,
  college: College,
  { attempt, exam }: LoadedAttempt,
  soalId: string,
  key: string,
): Promise<string> {
  // The student outside the exam's class (or the exam hidden from them): refused by the class's read
  // access (403) or 404, as every read of the exam. Staff had it checked by the resource.
  if (!exam) await loadVisibleExam(db, actor, college, attempt.ujianId);
  const files = await findAnswerFiles(db, actor.collegeId, attempt.id, soalId);
  if (!files.some((f) => f.key === key)) throw new AppError(404, 'file_not_found');
  return key;
}

/** Answers read per statement while the sweep marks files private. */
const privateSweepBatch = 200;

/**
 * Marks essay answer files stored public before answer files were private: in the store (the public
 * file route then refuses them, so old links stop working for anyone without a session) and in the
 * answer (so the sweep does not read them again). Safe to run again and beside uploads: a store file is
 * marked before its answer, and an answer whose files changed meanwhile is left to the next round.
 * Answers how many files it marked.
 */
export async function makeAnswerFilesPrivate(db: Db, store: FileStore): Promise<number> {
  let marked = 0;
  for (const collegeId of await findCollegeIds(db)) {
    for (;;) {
      const answers = await findAnswersWithPublicFiles(db, collegeId, privateSweepBatch);
      let written = 0;
      for (const answer of answers) {
        for (const file of answer.files) if (!file.private) await store.makePrivate(file.key);
        const done = await markAnswerFilesPrivate(db, collegeId, { ...answer, before: answer.files });
        if (done) {
          written++;
          marked += answer.files.filter((f) => !f.private).length;
        }
      }
      // A full batch may have more behind it; one that wrote nothing (all changed meanwhile) waits.
      if (answers.length < privateSweepBatch || written === 0) break;
    }
  }
  return marked;
}
