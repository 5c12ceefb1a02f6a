import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Database } from '../db/database.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';

/**
 * Content-Security-Policy of the web app: a Vite-built SPA served by this server, so everything comes
 * from 'self' and no inline script is ever needed (Vite emits external module scripts).
 */
export const appContentSecurityPolicy = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  // 'wasm-unsafe-eval' compiles WebAssembly only (still never JavaScript from strings): the QR scanner's
  // ZXing reader and pdf.js's image decoders, both served from 'self'.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  // Ant Design (CSS-in-JS) writes inline <style> elements and style="" attributes at run time; without
  // 'unsafe-inline' for styles the UI kit renders unstyled. Styles cannot run code, scripts stay strict.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // data: for antd's inline SVG/PNG icons, blob: for previews of files chosen for upload or downloaded.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'blob:'],
  // blob: lets the document viewer show a downloaded PDF in a frame.
  frameSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy },
  // Browsers ignore HSTS over plain http; over https it holds for this host only, because a
  // university's other subdomains may still be served over http.
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  // The OAuth redirect carries a code in the query; no referrer may leak it to other sites.
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers helmet sets with these options, worked out once. They depend on nothing in the request
 * (no nonces), and @fastify/helmet would build helmet anew for every request: 5 % of a small API
 * answer's CPU in the exam bench's profile.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  let applied = false;
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    applied = true;
  });
  if (!applied) throw new Error('helmet did not set its headers at once');
  return headers;
}

/** Security headers (helmet, strict CSP) and the rate limiter that routes opt into. */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { database: Database }) => {
    const headers = securityHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    // Not global: a route opts in with `config: { rateLimit: { max, timeWindow } }` (sign-in, token).
    // Counters live in the database, so every instance counts against the same limit.
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(options.database) });
  },
  { name: 'security', dependencies: ['errors'] },
);
