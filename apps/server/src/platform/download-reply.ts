import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266 content-disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string | null): string {
  if (!fileName) return kind;
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sends a file the server made for the caller (an export, a report, a template) as a download. It holds
 * what the caller may see as of now, so neither a shared cache nor the browser keeps it.
 */
export function sendDownload(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: Buffer | Readable | string },
): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
