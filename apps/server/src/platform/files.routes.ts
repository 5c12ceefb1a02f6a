import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './app-error.ts';

/** Types a browser may show in place; everything else downloads as an attachment. */
function isInlineType(contentType: string): boolean {
  return /^(image\/(png|jpeg|gif|webp)|application\/pdf|audio\/|video\/)/.test(contentType);
}

/** RFC 6266 content-disposition with an ASCII fallback and the UTF-8 name. */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string | null): string {
  if (!fileName) return kind;
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** `GET /v2/files/{key}`: a stored file of the request's college, by its unguessable key. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/files/:key',
    {
      config: {
        collegeIdFromQuery: true,
        // <img> and download links cannot send a token; a key is unguessable and bound to its college.
        public: 'files are addressed by unguessable keys',
      },
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
    async (request, reply) => {
      const found = await app.files.get(request.params.key);
      // Another college's key answers the same as an unknown one.
      if (!found || found.file.collegeId !== request.college.id) {
        found?.stream.destroy();
        throw new AppError(404, 'file_not_found');
      }
      const { file, stream } = found;
      const inline = isInlineType(file.contentType) && request.query.download !== '1';
      return (
        reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.fileName))
          // Keys are never reused, so a file never changes.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(stream)
      );
    },
  );
};
