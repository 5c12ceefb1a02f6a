import type { FastifyRequest } from 'fastify';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { fileTooLargeMessage } from '@lms/contract/material.rules';
import {
  keyAttachmentExtensions,
  maxAttachmentsPerQuestion,
  questionAttachmentExtensions,
  questionBankMessages,
} from '@lms/contract/question-bank.rules';
import type { StoredQuestionFile } from '../../db/schema/question-bank.schema.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { checkFileContent } from '../../platform/file-content-check.ts';
import type { FileStore } from '../../platform/file-storage.ts';
import {
  boundedUploadLimit,
  multipartFailure,
  stageUploadPart,
  type UploadedFile,
} from '../../platform/multipart-form.ts';

/** Which size settings an area's question attachments use (spec 3 §3: MB × 1,000,000). */
export type AttachmentArea = 'bank_soal' | 'ujian';

/** The byte limits of question and key attachments of the area. */
export function attachmentLimits(college: College, area: AttachmentArea) {
  const sizes = readCollegeSettings(college).pengaturan_sistem.ukuran_max_file;
  return area === 'bank_soal'
    ? { soal: sizes.soal_bank_soal * 1_000_000, kunci: sizes.kunci_bank_soal * 1_000_000 }
    : { soal: sizes.soal_ujian * 1_000_000, kunci: sizes.kunci_ujian * 1_000_000 };
}

/**
 * Reads `PUT …/soal/{soalId}/files`: multipart `files` (question attachments) and `files_kunci` (key
 * attachments), each file within its own size setting; other parts are refused.
 */
export async function readQuestionFiles(
  request: FastifyRequest,
  limits: { soal: number; kunci: number },
): Promise<{ files: UploadedFile[]; files_kunci: UploadedFile[] }> {
  if (!request.isMultipart())
    throw badRequest('file_tidak_valid', 'Kirim lampiran sebagai multipart (files, files_kunci).');
  const result = { files: [] as UploadedFile[], files_kunci: [] as UploadedFile[] };
  const tooLargeFor = (bytes: number) => new AppError(413, 'file_terlalu_besar', fileTooLargeMessage(bytes));
  const soal = boundedUploadLimit(request, limits.soal, tooLargeFor(limits.soal));
  const kunci = boundedUploadLimit(request, limits.kunci, tooLargeFor(limits.kunci));
  const max = Math.max(soal.maxBytes, kunci.maxBytes);
  const parts = request.parts({
    limits: { fileSize: max, files: maxAttachmentsPerQuestion * 2, fields: 10, fieldSize: 1000 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'files' && part.fieldname !== 'files_kunci') {
        part.file.resume();
        throw badRequest('file_tidak_valid', 'Berkas hanya boleh dikirim sebagai files atau files_kunci.');
      }
      const limit = part.fieldname === 'files' ? soal : kunci;
      result[part.fieldname].push(await stageUploadPart(request, part, limit.maxBytes, limit.tooLarge));
    }
  } catch (error) {
    throw multipartFailure(error, {
      tooLarge: tooLargeFor(max),
      tooMany: `Paling banyak ${maxAttachmentsPerQuestion} lampiran.`,
    });
  }
  if (!result.files.length && !result.files_kunci.length)
    throw badRequest('file_tidak_valid', questionBankMessages.fileNotChosen);
  return result;
}

/**
 * Checks each file by its content against the kind's extensions (keys exclude audio and video) and
 * stores them; on any refusal nothing stays stored.
 */
export async function storeQuestionFiles(
  store: FileStore,
  collegeId: string,
  kind: 'soal' | 'kunci',
  uploads: UploadedFile[],
): Promise<StoredQuestionFile[]> {
  const allowed = kind === 'soal' ? questionAttachmentExtensions : keyAttachmentExtensions;
  const checked = [];
  for (const upload of uploads) {
    const result = await checkFileContent(upload.fileName, upload, allowed);
    if ('refused' in result)
      throw badRequest(
        'file_tidak_valid',
        result.refused === 'extension'
          ? questionBankMessages.attachmentType(kind)
          : `Isi berkas ${upload.fileName} tidak sesuai dengan ekstensi .${result.extension}.`,
      );
    checked.push({ upload, result });
  }
  const stored: StoredQuestionFile[] = [];
  for (const { upload, result } of checked) {
    const file = await store.put(upload, {
      collegeId,
      contentType: result.contentType,
      fileName: upload.fileName,
    });
    stored.push({ key: file.key, name: upload.fileName, size: file.size, extension: result.extension });
  }
  return stored;
}
