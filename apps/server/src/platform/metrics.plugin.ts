import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError, forbidden } from './app-error.ts';

/** Route label of requests no route matched: raw URLs would give every scanner's path a series. */
const unmatchedRoute = 'unmatched';

/**
 * Prometheus metrics at GET /metrics: request latency per route pattern, answers per status, open event
 * streams, job queue depth, the database pool, and Node's own (event-loop delay, memory, GC). Gauges
 * that cost a query are read when scraped, not kept up to date.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const register = new Registry();
    collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 10 });

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by route pattern',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [register],
    });
    const responses = new Counter({
      name: 'http_responses_total',
      help: 'Answers sent, by status code',
      labelNames: ['status_code'] as const,
      registers: [register],
    });
    app.addHook('onResponse', async (request, reply) => {
      const status = String(reply.statusCode);
      duration.observe(
        { method: request.method, route: request.routeOptions.url ?? unmatchedRoute, status_code: status },
        reply.elapsedTime / 1000,
      );
      responses.inc({ status_code: status });
    });

    new Gauge({
      name: 'lms_sse_streams_open',
      help: 'Server-Sent Events streams open on this instance',
      registers: [register],
      collect() {
        this.set(app.events.openStreams);
      },
    });

    new Gauge({
      name: 'lms_jobs',
      help: "Jobs in pg-boss's job table by queue and state (created, retry, active, failed); the same for every instance",
      labelNames: ['queue', 'state'] as const,
      registers: [register],
      async collect() {
        this.reset();
        try {
          for (const row of await countJobs(app)) this.set({ queue: row.name, state: row.state }, row.jobs);
        } catch (error) {
          app.log.warn({ err: error }, 'metrics: job counts unavailable');
        }
      },
    });

    /** A gauge read when scraped. */
    const readGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [register],
        collect() {
          this.set(read());
        },
      });
    const poolUse = app.database.poolUse?.bind(app.database);
    if (poolUse) {
      readGauge(
        'lms_database_pool_max',
        'Connections the PostgreSQL pool may open',
        () => app.config.databasePoolMax,
      );
      readGauge(
        'lms_database_pool_open',
        'Connections the PostgreSQL pool holds open',
        () => poolUse().total,
      );
      readGauge('lms_database_pool_idle', 'Open pool connections not in use', () => poolUse().idle);
      readGauge(
        'lms_database_pool_waiting',
        'Queries waiting for a pool connection',
        () => poolUse().waiting,
      );
    }
    const admission = app.admission;
    if (admission) {
      readGauge(
        'lms_admission_limit',
        'API requests let in to work at once now (load shedding; +Inf: no cap yet)',
        () => admission.limit,
      );
      readGauge('lms_admission_working', 'API requests in work now', () => admission.working);
      readGauge('lms_admission_waiting', 'API requests waiting for a place now', () => admission.waiting);
    }
    new Gauge({
      name: 'lms_database_info',
      help: 'The database this instance uses (pglite: embedded, one connection; postgres: a pool)',
      labelNames: ['kind'] as const,
      registers: [register],
    }).set({ kind: app.database.kind }, 1);

    app.get(
      '/metrics',
      { schema: { hide: true }, config: { keepUnderPressure: true } },
      async (request, reply) => {
        checkScraper(request, app.config.metricsToken);
        const body = await register.metrics();
        return reply
          .header('content-type', register.contentType)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  },
  { name: 'metrics', dependencies: ['database', 'events', 'load-shedding'] },
);

/** Depth and failures per queue; pg-boss archives finished jobs after 12 hours, so the table stays small. */
async function countJobs(
  app: FastifyInstance,
): Promise<Array<{ name: string; state: string; jobs: number }>> {
  const [table] = await app.database.query<{ name: string | null }>(
    `select to_regclass('pgboss.job')::text as name`,
  );
  if (!table?.name) return [];
  return app.database.query(
    `select name, state::text as state, count(*)::int as jobs from pgboss.job
      where state in ('created', 'retry', 'active', 'failed') group by name, state`,
  );
}

/**
 * With METRICS_TOKEN, the scraper presents it as a bearer token. Without, only a caller on this machine
 * gets an answer, and not through a proxy (a proxy on this machine connects from loopback too).
 */
function checkScraper(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameSecret(given, token)) throw new AppError(401, 'unauthorized');
    return;
  }
  const proxied = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => name in request.headers);
  if (proxied || !isLoopback(request.socket.remoteAddress)) throw forbidden();
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}
