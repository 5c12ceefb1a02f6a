import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { createAdmissionQueue, type AdmissionQueue } from './admission-queue.ts';
import { RetryLaterError } from './app-error.ts';
import { isApiPath } from './tenancy.plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bound on API requests in work at once, when one is configured (its state is in /metrics). */
    admission: AdmissionQueue | null;
  }
  interface FastifyContextConfig {
    /** Answered under pressure too: probes and metrics must tell what is happening while load is shed. */
    keepUnderPressure?: true;
    /**
     * Taking an exam and the way in (signing in, a token refreshed): admitted at once past the bound on
     * requests in work, and counted in it, so other requests wait while these run. An exam's start and
     * saves must not wait behind class lists at exam time; the event-loop and heap checks still shed them,
     * since past those the process is failing.
     */
    critical?: true;
  }
}

/** Seconds a shed client is asked to wait; pressure is sampled every second, so a few suffice. */
export const shedRetryAfterSeconds = 5;

/**
 * Whether a request may be shed: API calls only. The app's pages and files are cheap (pre-compressed, no
 * database) and a shed page would show the user the bare JSON envelope, while the web client sends a shed
 * API call again by itself (http-request.ts).
 */
function mayShed(request: FastifyRequest): boolean {
  return isApiPath(request.url) && !request.routeOptions.config.keepUnderPressure;
}

const isUpload = (request: FastifyRequest) =>
  request.headers['content-type']?.toLowerCase().startsWith('multipart/') === true;

/**
 * Sheds load before the process falls over: while the event loop lags or the heap is fuller than
 * configured, or when as many requests as configured are already being worked on, API requests answer 503
 * `server_kelebihan_beban` with Retry-After at once, before any authentication or database work, so the
 * requests already accepted keep their pace.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(underPressure, {
      maxEventLoopDelay: app.config.pressureMaxEventLoopDelayMs,
      maxHeapUsedBytes: app.config.pressureMaxHeapBytes,
      // Rejecting goes through the app's error handler: the usual envelope, and Retry-After.
      pressureHandler: async (request) => {
        if (!mayShed(request)) return;
        throw new RetryLaterError(503, 'server_kelebihan_beban', shedRetryAfterSeconds);
      },
    });

    app.decorate('admission', null);
    const maxWorking = app.config.pressureMaxRequestsInFlight || Infinity;
    const latencyTargetMs = app.config.pressureLatencyTargetMs || undefined;
    if (Number.isFinite(maxWorking) || latencyTargetMs !== undefined) {
      // The event loop stays idle while requests queue for a database connection, so a lag check never
      // sees that queue; admission bounds it (Little's law: a bounded queue is a bounded wait). A request
      // holds its place until its answer's headers leave (writeHead, which every way of answering goes
      // through, hijacked event streams too): a long download or an event stream then no longer counts,
      // since it waits on the client, not on this server.
      const queue = createAdmissionQueue({
        maxWorking,
        maxWaitMs: app.config.pressureMaxQueueMs,
        latencyTargetMs,
      });
      app.admission = queue;
      app.addHook('onRequest', async (request, reply) => {
        // An upload holds its request for as long as the phone takes to send it, which is the client's
        // time, not this server's: counting it would let a few slow uploads refuse everyone else. Its
        // size is bounded (UPLOAD_MAX_MB), and the event-loop and heap checks still shed it.
        if (!mayShed(request) || isUpload(request)) return;
        const res = reply.raw;
        const release = request.routeOptions.config.critical
          ? queue.admitNow()
          : await queue.admit({ onGiveUp: (listener) => res.once('close', listener) });
        if (!release) throw new RetryLaterError(503, 'server_kelebihan_beban', shedRetryAfterSeconds);
        const writeHead = res.writeHead;
        res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
          release();
          return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
        } as typeof res.writeHead;
        res.once('close', release);
      });
    }
  },
  { name: 'load-shedding', dependencies: ['errors', 'database'] },
);
