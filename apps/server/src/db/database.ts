import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** The Drizzle handle repositories use; the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Runs work in one database transaction (services use it to keep an area's write and its activity together). */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/** One opened database: the ORM handle plus what the platform needs beside it. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL with positional parameters; for platform code (jobs, events) only. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs parameterless SQL that may hold several statements; answers the rows of the last one. */
  exec<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Like `exec`, but answers the rows of every statement in order (pg-boss 12 asks for them). */
  execAll<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Subscribes to a LISTEN/NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Applies the committed migrations. */
  migrate(): Promise<void>;
  /** PostgreSQL: the connection pool's use, for metrics (PGlite has one connection and no pool). */
  poolUse?(): { total: number; idle: number; waiting: number };
  /** Embedded only: the whole data folder as a tarball, to clone it (test templates). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Folder of the generated migrations; beside the sources in dev, beside the bundle when built. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/db → ../../drizzle ; dist → ../drizzle
  return here.endsWith(path.join('src', 'db'))
    ? path.resolve(here, '../../drizzle')
    : path.resolve(here, '../drizzle');
}

/**
 * A freshly initialised, migrated, empty embedded database, made by the build next to the bundle.
 * Creating a PGlite data folder from nothing runs initdb in WebAssembly (about 10 s and 900 MB);
 * unpacking this takes about a second, so a first `npm start` is quick and light.
 */
export function pgliteTemplatePath(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.join(here, 'pglite-template.tar.gz');
  return existsSync(file) ? file : undefined;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite under dataDir (or in memory). */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** PostgreSQL: connections in the pool (DATABASE_POOL_MAX). */
  poolMax?: number;
  /** Restores an embedded database from a dump (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
  /** Called with every statement the ORM sends (raw `db.execute` too), before it is sent; throwing refuses it (the tenant guard). */
  checkStatement?: (statement: string, params: readonly unknown[]) => void;
}): Promise<Database> {
  const logger = options.checkStatement && {
    logQuery: (statement: string, params: unknown[]) => options.checkStatement!(statement, params),
  };
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax ?? 10, logger)
    : openPglite(options.dataDir, options.loadDataDir, logger);
}

/** Drizzle's statement hook, used to check statements (not to log them). */
type StatementHook = { logQuery(statement: string, params: unknown[]): void } | undefined;

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | File | undefined,
  logger: StatementHook,
): Promise<Database> {
  let location: string | undefined;
  if (dataDir) {
    location = path.join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
    const template = pgliteTemplatePath();
    if (!loadDataDir && template && !existsSync(path.join(location, 'PG_VERSION'))) {
      loadDataDir = new Blob([readFileSync(template)]);
    }
  }
  // PGlite ships contrib extensions as separate bundles; those the migrations create must be loaded here.
  const extensions = { pg_trgm };
  const client = await PGlite.create(location, loadDataDir ? { loadDataDir, extensions } : { extensions });
  yieldBeforeQueries(client);
  const db = drizzlePglite(client, { logger }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query<T>(sql, params);
      return result.rows;
    },
    async exec<T>(sql: string) {
      const results = await client.exec(sql);
      return (results.at(-1)?.rows ?? []) as T[];
    },
    async execAll<T>(sql: string) {
      const results = await client.exec(sql);
      return results.flatMap((result) => result.rows) as T[];
    },
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    },
    async dump() {
      return client.dumpDataDir('gzip');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Lets the event loop turn before each statement PGlite runs. PGlite runs a statement synchronously on
 * the server's one thread and starts the next waiting one from a promise callback, so while requests
 * queued statements, nothing else ran: a meeting page asks for ten answers at once, and a script it
 * asked for beside them waited for the last statement (71.5 ms of the answers' 75.3, bench/api-fairness.ts).
 * A turn of the loop before each statement lets file reads and new requests in between.
 */
function yieldBeforeQueries(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await new Promise((resolve) => setImmediate(resolve));
    return query(...args);
  }) as typeof client.query;
}

/** Advisory lock key held while migrating (an arbitrary constant, the same in every instance). */
const migrationLockKey = 8_294_311_001;

async function openPostgres(url: string, poolMax: number, logger: StatementHook): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle pooled connection that breaks (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  // Fail fast with a clear error if the server is unreachable.
  await pool.query('select 1');
  const db = drizzlePg(pool, { logger }) as unknown as Db;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = 500;

  // One dedicated connection holds every LISTEN (a pooled one would lose them when returned). When it
  // breaks, it is reopened with growing pauses and re-LISTENs every channel; notifications sent in the
  // gap are lost, which subscribers accept (SSE clients refetch after reconnecting).
  function listenerClient(): Promise<pg.Client> {
    listener ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      let broken = false;
      const onBroken = (error?: Error) => {
        if (broken) return;
        broken = true;
        listener = undefined;
        client.end().catch(() => undefined);
        if (closed) return;
        console.warn(`database listener lost (${error?.message ?? 'connection ended'}); reconnecting`);
        setTimeout(reconnect, retryMs).unref();
        retryMs = Math.min(retryMs * 2, 30_000);
      };
      client.on('error', onBroken);
      client.on('end', () => onBroken());
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        onBroken(error as Error);
        throw error;
      }
      retryMs = 500;
      return client;
    })();
    return listener;
  }

  function reconnect(): void {
    if (closed || handlers.size === 0) return;
    listenerClient().catch(() => undefined);
  }

  return {
    kind: 'postgres',
    db,
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return result.rows as T[];
    },
    async exec<T>(sql: string) {
      // Several statements answer an array of results, one statement a single result.
      const result = (await pool.query(sql)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as T[];
    },
    async execAll<T>(sql: string) {
      const result = (await pool.query(sql)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? result : [result]).flatMap((one) => one.rows ?? []) as T[];
    },
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const fresh = !listener;
        const client = await listenerClient();
        // A freshly opened listener already LISTENed every channel in `handlers`.
        if (!fresh) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async migrate() {
      // Instances starting together must not apply the same migration twice: one migrates, the others
      // wait on the lock and then find nothing left to do.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
        await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
        client.release();
      }
    },
    poolUse() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    async close() {
      if (closed) return;
      closed = true;
      const client = await listener?.catch(() => undefined);
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
