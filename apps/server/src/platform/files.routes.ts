import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { contentDisposition } from './download-reply.ts';
import type { ByteRange, FileStore } from './file-storage.ts';

/** Types a browser may show in place; everything else downloads as an attachment. */
function isInlineType(contentType: string): boolean {
  return /^(image\/(png|jpeg|gif|webp)|application\/pdf|audio\/|video\/)/.test(contentType);
}

/**
 * The one byte range of a `Range: bytes=…` header within a file of `size` bytes; undefined for none or a
 * form we do not serve (several ranges), 'unsatisfiable' when it lies outside the file.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // A suffix: the last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a stored file of the request's college (404 for an unknown key or another college's), with its
 * checked type, `nosniff`, a sandbox CSP, inline only for types a browser shows safely (unless
 * `download`), and one byte range on request (206), so a phone can seek in a video or resume it.
 */
export async function sendStoredFile(
  files: FileStore,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  options: { download?: boolean; allowPrivate?: boolean; cacheControl?: string } = {},
): Promise<FastifyReply> {
  const whole = await files.get(key);
  // Another college's key answers the same as an unknown one.
  whole?.stream.destroy();
  if (
    !whole ||
    whole.file.collegeId !== request.college.id ||
    (whole.file.private && !options.allowPrivate)
  ) {
    throw new AppError(404, 'file_not_found');
  }
  const range = parseByteRange(request.headers.range, whole.file.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${whole.file.size}`).send();
  }
  const found = await files.get(key, range);
  if (!found) throw new AppError(404, 'file_not_found');
  const { file, stream } = found;
  const inline = isInlineType(file.contentType) && !options.download;
  if (range) {
    void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  }
  return (
    reply
      .type(file.contentType)
      .header('accept-ranges', 'bytes')
      .header('content-length', range ? range.end - range.start + 1 : file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.fileName))
      // Keys are never reused, so a file never changes.
      .header('cache-control', options.cacheControl ?? 'private, max-age=31536000, immutable')
      .send(stream)
  );
}

/**
 * `GET /v2/files/{key}`: a stored file of the request's college, by its unguessable key (not the private
 * ones, which their area serves after checking who asks).
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/files/:key',
    {
      config: {
        collegeIdFromQuery: true,
        // <img> and download links cannot send a token; a key is unguessable and bound to its college.
        public: 'files are addressed by unguessable keys',
      },
      // Uploaded media is compressed already, and byte ranges count bytes of the file as stored.
      compress: false,
      schema: {
        tags: ['files'],
        summary: 'Berkas yang diunggah (gambar ditampilkan langsung, lainnya sebagai unduhan)',
        params: z.object({ key: z.string().max(64) }),
        querystring: z.object({
          'college-id': z.string().optional(),
          /** "1": save as a download even when the browser could show it. */
          download: z.enum(['1']).optional(),
        }),
      },
    },
    async (request, reply) =>
      sendStoredFile(app.files, request, reply, request.params.key, {
        download: request.query.download === '1',
      }),
  );
};
