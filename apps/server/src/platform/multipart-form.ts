import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import multipart from '@fastify/multipart';
import { fileTooLargeMessage } from '@lms/contract/material.rules';
import { AppError, badRequest } from './app-error.ts';
import { refuseUploadBody, StagingLimitError, trackStaged, type StagedFile } from './file-storage.ts';

/**
 * One uploaded file, received into the file store's staging folder while its bytes were counted (never
 * whole in memory). `app.files.put(file, …)` stores it; otherwise it is removed when the request ends.
 */
export interface UploadedFile extends StagedFile {
  fileName: string;
  /** What the client claimed; check the content instead where it matters. */
  mimetype: string;
}

/** Registers @fastify/multipart in this plugin's scope unless an outer scope already did. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
}

/** The platform's bound on every upload (`UPLOAD_MAX_MB`), whatever a college set. */
export function platformUploadMaxBytes(request: FastifyRequest): number {
  return request.server.config.uploadMaxMb * 1_000_000;
}

/**
 * A limit within the platform's bound: the area's own refusal when the area's limit is the lower one,
 * else one that names the platform's limit.
 */
export function boundedUploadLimit(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: AppError,
): { maxBytes: number; tooLarge: AppError } {
  const platform = platformUploadMaxBytes(request);
  if (maxBytes <= platform) return { maxBytes, tooLarge };
  return {
    maxBytes: platform,
    tooLarge: new AppError(413, 'file_terlalu_besar', fileTooLargeMessage(platform)),
  };
}

/**
 * Receives one file part into staging within `maxBytes` (busboy stops passing bytes at the limit; the
 * store counts them too); over it, nothing stays and `tooLarge` is thrown.
 */
export async function stageUploadPart(
  request: FastifyRequest,
  part: MultipartFile,
  maxBytes: number,
  tooLarge: AppError,
): Promise<UploadedFile> {
  let staged: StagedFile;
  try {
    staged = await request.server.files.stage(part.file, maxBytes);
  } catch (error) {
    if (!(error instanceof StagingLimitError) && !part.file.truncated) throw error;
    refuseUploadBody(request);
    throw tooLarge;
  }
  if (part.file.truncated) {
    await request.server.files.discard(staged);
    refuseUploadBody(request);
    throw tooLarge;
  }
  trackStaged(request, staged);
  return { ...staged, fileName: part.filename, mimetype: part.mimetype };
}

/** Maps what the multipart parser throws to the form's answers. */
export function multipartFailure(
  error: unknown,
  answers: { tooLarge: AppError; tooMany: string | undefined },
): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return answers.tooLarge;
  if (code === 'FST_FILES_LIMIT') return badRequest('file_tidak_valid', answers.tooMany);
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) return error;
  // A form the parser cannot read (no boundary, cut short) is the sender's fault, not the server's.
  return badRequest('file_tidak_valid', 'Formulir unggahan tidak dapat dibaca. Silakan kirim ulang.');
}

/**
 * Reads a multipart form with at most `maxFiles` files (one by default), all in `fileField`, each of at
 * most `maxBytes` (and never more than the platform's `UPLOAD_MAX_MB`); other fields as text. Files are
 * streamed to the store's staging folder; a larger one answers `tooLarge` (413) and leaves nothing. A
 * file under another name is refused, and so are more files than allowed (`tooMany`, or a generic
 * message).
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string; maxBytes: number; tooLarge: AppError; maxFiles?: number; tooMany?: string },
): Promise<{ fields: Record<string, string>; file: UploadedFile | undefined; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const maxFiles = options.maxFiles ?? 1;
  const { maxBytes, tooLarge } = boundedUploadLimit(request, options.maxBytes, options.tooLarge);
  const parts = request.parts({
    limits: { fileSize: maxBytes, files: maxFiles, fields: 30, fieldSize: 100_000 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== options.fileField) {
        part.file.resume();
        throw badRequest('file_tidak_valid', `Berkas hanya boleh dikirim sebagai ${options.fileField}.`);
      }
      files.push(await stageUploadPart(request, part, maxBytes, tooLarge));
    }
  } catch (error) {
    throw multipartFailure(error, {
      tooLarge,
      tooMany: options.tooMany ?? (maxFiles === 1 ? 'Hanya satu berkas yang boleh dikirim.' : undefined),
    });
  }
  return { fields, file: files[0], files };
}

/** A staged upload's bytes, for the few readers that need them whole (imports of at most 5 MB). */
export async function readUploadedFile(file: UploadedFile): Promise<Buffer> {
  return readFile(file.stagedPath);
}
