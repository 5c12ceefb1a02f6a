import type { FastifyRequest } from 'fastify';
import type { FileStore } from '../../platform/file-storage.ts';
import type { UploadedFile } from '../../platform/multipart-form.ts';
import {
  attachmentLimits,
  readQuestionFiles,
  storeQuestionFiles,
  type AttachmentArea,
} from './question-files.ts';

/*
 * Question attachments, the same for an exam's questions and a bank's. They live with the exam's files
 * because the question bank already depends on exams (it copies questions to and from them); exams
 * never depend on banks.
 */

/**
 * Reads a question-attachment upload (multipart `files` and `files_kunci`) within the area's size
 * settings (`bank_soal`: soal_bank_soal, kunci_bank_soal; `ujian`: soal_ujian, kunci_ujian).
 */
export function readQuestionAttachments(request: FastifyRequest, area: AttachmentArea) {
  return readQuestionFiles(request, attachmentLimits(request.college, area));
}

/** Checks question (`soal`) or key (`kunci`, no audio/video) attachments by content and stores them. */
export function storeQuestionAttachments(
  store: FileStore,
  collegeId: string,
  kind: 'soal' | 'kunci',
  uploads: UploadedFile[],
) {
  return storeQuestionFiles(store, collegeId, kind, uploads);
}
