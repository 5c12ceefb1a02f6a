import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Compresses API answers of 1 KB and more (brotli or gzip, as the client accepts; `Vary: Accept-Encoding`).
 * Most students are on phones over slow mobile links, where a list of classes shrinks to a tenth.
 * Not compressed: SSE streams (they hijack the reply, so no hook sees them), partial content (206),
 * stored files (their route opts out) and types that are already compressed (images, audio, video).
 * The built web app is compressed at build time and served as it is (web-app.plugin.ts).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Request bodies are never compressed by our clients; refusing them keeps one way of reading input.
      requestEncodings: ['identity'],
    });
  },
  { name: 'compression' },
);
