import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/database.ts';

export interface RateCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Counts one request of `client` against the limit `scope` in `rate_limit_counters`, in one statement
 * so that concurrent requests on any instance each get their own number: a window that ended starts
 * again at 1 with a new end.
 */
export async function countRequest(
  database: Database,
  scope: string,
  client: string,
  windowMs: number,
): Promise<RateCount> {
  const [row] = await database.query<{ count: number; ttl_ms: number }>(
    `insert into rate_limit_counters as c (scope, client, count, expires_at)
     values ($1, $2, 1, now() + $3 * interval '1 millisecond')
     on conflict (scope, client) do update set
       count = case when c.expires_at <= now() then 1 else c.count + 1 end,
       expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
     returning count, extract(epoch from expires_at - now())::float8 * 1000 as ttl_ms`,
    [scope, client, windowMs],
  );
  return { count: row!.count, ttlMs: Math.max(0, row!.ttl_ms) };
}

/** The current count of `client` against `scope` without counting (0 when its window ended). */
export async function readRequestCount(
  database: Database,
  scope: string,
  client: string,
): Promise<RateCount> {
  const [row] = await database.query<{ count: number; ttl_ms: number }>(
    `select count, extract(epoch from expires_at - now())::float8 * 1000 as ttl_ms
       from rate_limit_counters where scope = $1 and client = $2 and expires_at > now()`,
    [scope, client],
  );
  return row ? { count: row.count, ttlMs: Math.max(0, row.ttl_ms) } : { count: 0, ttlMs: 0 };
}

/** What the plugin passes to `child`: the route's merged limit options, the route itself in `routeInfo`. */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL (or PGlite), so every instance
 * counts against the same limit. The plugin makes one per route through `child`; the route names the
 * scope. Its `continueExceeding`, `exponentialBackoff` and `ban` options are not supported (no route
 * uses them).
 */
export function postgresRateLimitStore(database: Database): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly scope = 'global',
    ) {}

    incr(
      client: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countRequest(database, this.scope, client, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(
      client: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    ): void {
      readRequestCount(database, this.scope, client).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      const { method, url } = routeOptions.routeInfo ?? {};
      const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
      return new PostgresRateLimitStore(undefined, `${methods} ${url ?? ''}`.trim());
    }
  }
  return PostgresRateLimitStore;
}
