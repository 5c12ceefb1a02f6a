import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { entryPageFor } from '@lms/contract/web-entries.rules';
import { notFound, AppError } from './app-error.ts';
import { isApiPath } from './tenancy.plugin.ts';

/**
 * Headers a hashed script or style sheet does without: those only a document or a worker heeds (helmet
 * sets them on every answer), and validators, since such a file is never revalidated.
 */
const headersHashedAssetsOmit = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];

/**
 * Serves the built single-page app; unknown non-API paths get index.html so the router decides, except
 * the pages with an entry of their own (sign-in, the exam page: `ownEntryPages` of the contract, which
 * apps/web/vite.config.ts and the service worker follow too).
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string | undefined }) => {
    const distDir = opts.distDir;
    if (!distDir || !existsSync(path.join(distDir, 'index.html'))) {
      app.log.warn('web app not built; serving the API only');
      return;
    }
    // An own entry missing from an older build falls back to the app, whose route for it still works.
    const builtPages = new Set(readdirSync(distDir).filter((file) => file.endsWith('.html')));
    const builtPage = (page: string) => (builtPages.has(page) ? page : 'index.html');
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts); the best one the browser
      // accepts is sent, with `Vary: Accept-Encoding`, so no CPU is spent compressing per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) {
          // index.html and the service worker must always be fresh (revalidated by their ETag).
          reply.header('cache-control', 'no-cache');
          return;
        }
        // Hashed assets never change: kept a year and never revalidated, so they need no validators.
        // Their headers were ~1 KB each, as much as a small chunk: the first screens load ~85 of them.
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        for (const header of headersHashedAssetsOmit) reply.removeHeader(header);
      },
    });
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const urlPath = request.url.split('?')[0]!;
      if (isApiPath(urlPath) || urlPath.startsWith('/health/')) {
        throw new AppError(404, 'route_not_found');
      }
      if (path.extname(urlPath) && urlPath !== '/') {
        const filePath = path.join(distDir, path.normalize(urlPath));
        if (filePath.startsWith(distDir) && existsSync(filePath))
          return reply.sendFile(path.relative(distDir, filePath));
        throw notFound();
      }
      return reply.header('cache-control', 'no-cache').sendFile(builtPage(entryPageFor(urlPath)));
    });
  },
  { name: 'web-app', dependencies: ['errors'] },
);
