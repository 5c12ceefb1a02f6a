import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError, badRequest } from './app-error.ts';

/** One uploaded file read into memory (small files only: banners, syllabi). */
export interface UploadedFile {
  buffer: Buffer;
  fileName: string;
  /** What the client claimed; check the content instead where it matters. */
  mimetype: string;
}

/** Registers @fastify/multipart in this plugin's scope unless an outer scope already did. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
}

/**
 * Reads a multipart form with at most `maxFiles` files (one by default), all in `fileField`, each of at
 * most `maxBytes`; other fields as text. A larger file answers `tooLarge` (413); a file under another
 * name is refused, and so are more files than allowed (`tooMany`, or a generic message).
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string; maxBytes: number; tooLarge: AppError; maxFiles?: number; tooMany?: string },
): Promise<{ fields: Record<string, string>; file: UploadedFile | undefined; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const maxFiles = options.maxFiles ?? 1;
  const parts = request.parts({
    limits: { fileSize: options.maxBytes, files: maxFiles, fields: 30, fieldSize: 100_000 },
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
      files.push({ buffer: await part.toBuffer(), fileName: part.filename, mimetype: part.mimetype });
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw options.tooLarge;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw badRequest(
        'file_tidak_valid',
        options.tooMany ?? (maxFiles === 1 ? 'Hanya satu berkas yang boleh dikirim.' : undefined),
      );
    }
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw error;
    // A form the parser cannot read (no boundary, cut short) is the sender's fault, not the server's.
    throw badRequest('file_tidak_valid', 'Formulir unggahan tidak dapat dibaca. Silakan kirim ulang.');
  }
  return { fields, file: files[0], files };
}
