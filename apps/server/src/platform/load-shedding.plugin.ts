import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { RetryLaterError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered under pressure too: probes and metrics must tell what is happening while load is shed. */
    keepUnderPressure?: true;
  }
}

/** Seconds a shed client is asked to wait; pressure is sampled every second, so a few suffice. */
export const shedRetryAfterSeconds = 5;

/**
 * Sheds load before the process falls over: while the event loop lags or the heap is fuller than
 * configured, requests answer 503 `server_kelebihan_beban` with Retry-After at once, before any
 * authentication or database work, so the requests already accepted keep their pace.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(underPressure, {
      maxEventLoopDelay: app.config.pressureMaxEventLoopDelayMs,
      maxHeapUsedBytes: app.config.pressureMaxHeapBytes,
      // Rejecting goes through the app's error handler: the usual envelope, and Retry-After.
      pressureHandler: async (request) => {
        if (request.routeOptions.config.keepUnderPressure) return;
        throw new RetryLaterError(503, 'server_kelebihan_beban', shedRetryAfterSeconds);
      },
    });
  },
  { name: 'load-shedding', dependencies: ['errors', 'database'] },
);
