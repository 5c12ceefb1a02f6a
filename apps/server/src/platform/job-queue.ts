import { PgBoss, type Db } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { isOnceJobCompleted, recordOnceJobCompleted } from './once-jobs.repository.ts';

/** A kind of background job: its queue name, an optional schedule, and what a worker does with one. */
export interface JobDefinition<T extends object = object> {
  /** Queue name, kebab-case (`token-cleanup`). */
  name: string;
  /** Cron expression (UTC) for a recurring job; pg-boss makes sure only one instance sends it. */
  cron?: string;
  /** Seconds a run may take before pg-boss fails it and retries. */
  expireInSeconds?: number;
  /**
   * At most one run active at a time on all instances (pg-boss's `singleton` queue policy): a run sent
   * while another is active waits for it. A run that outlives `expireInSeconds` is retried while it may
   * still be going, so the handler must still be safe beside itself.
   */
  singleton?: boolean;
  /**
   * A one-time job (a migration of stored data, say): queued when workers start until one run has
   * completed, which is recorded in `completed_once_jobs`; never again after. Not with `cron`. At most
   * one is queued and one active at a time (pg-boss's `stately` policy), so instances starting together
   * queue it once; a run that fails is retried, and queued again at the next start.
   */
  once?: boolean;
  handler(data: T): Promise<void>;
}

/** How often a failed start is tried in all, and the wait before the n-th retry (× n). */
const START_TRIES = 4;
const START_RETRY_MS = 500;

/**
 * pg-boss's view of our database. On PGlite parameterless SQL (pg-boss's schema scripts hold several
 * statements) go through `execAll`, parameterised SQL through `query`; on PostgreSQL both run on the
 * app's pool, so pg-boss opens no connections of its own.
 */
export function createPgBossDb(database: Database): Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      // pg-boss 12 reads the rows of every statement of a multi-statement script (a claim's lock row).
      const rows =
        values && values.length > 0 ? await database.query(text, values) : await database.execAll(text);
      return { rows };
    },
  };
}

/**
 * The job queue (pg-boss on the app's database). Modules `define` their jobs while the app is built;
 * `start` installs pg-boss's schema and, when this process runs workers, starts them and the schedules.
 * An instance without workers still sends jobs: `send` starts the queue on first use.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private starting: Promise<PgBoss> | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: {
      /** Whether this process runs workers and schedules. */
      workers: boolean;
      onError(error: unknown): void;
      /** How often idle workers look for new jobs. */
      pollingIntervalSeconds?: number;
    },
  ) {}

  /** Declares a job kind; call it while the app is being built, before `start`. */
  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.starting) throw new Error(`job ${definition.name} defined after the queue started`);
    if (definition.once && (definition.cron || definition.singleton)) {
      throw new Error(`one-time job ${definition.name} has a schedule or a policy of its own`);
    }
    this.definitions.set(definition.name, definition as unknown as JobDefinition);
  }

  /**
   * Starts pg-boss (idempotent); with workers on, also the workers and the schedules. A failed start
   * is tried again (below); one that still fails is forgotten, so the next `start` or `send` tries anew
   * instead of the process staying without a queue until it restarts.
   */
  start(): Promise<PgBoss> {
    this.starting ??= this.startWithRetries().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  /**
   * Instances starting together on a new database race to install pg-boss's schema: pg-boss's advisory
   * lock does not refresh the waiter's catalog snapshot, so the loser's `create schema if not exists`
   * fails on the unique name. A second try finds the schema installed.
   */
  private async startWithRetries(): Promise<PgBoss> {
    for (let tries = 1; ; tries++) {
      try {
        return await this.startBoss();
      } catch (error) {
        if (tries >= START_TRIES) throw error;
        this.options.onError(error);
        await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS * tries));
      }
    }
  }

  /** Queues one job; answers its id. */
  async send(name: string, data: object = {}): Promise<string> {
    if (!this.definitions.has(name)) throw new Error(`unknown job ${name}`);
    const boss = await this.start();
    const id = await boss.send(name, data);
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  /** The state of one job (`created`, `active`, `completed`, `failed`, …), or null when it is gone. */
  async state(name: string, id: string): Promise<string | null> {
    const boss = await this.start();
    const job = await boss.getJobById(name, id);
    return job?.state ?? null;
  }

  /** Stops workers and schedules, letting running jobs finish for up to `timeoutMs`. */
  async stop(timeoutMs = 10_000): Promise<void> {
    const starting = this.starting;
    if (!starting) return;
    const boss = await starting.catch(() => undefined);
    if (!boss) return;
    // Graceful: stop() resolves once running jobs have finished (or the timeout has passed).
    await boss.stop({ graceful: true, timeout: timeoutMs }).catch(this.options.onError);
  }

  private async startBoss(): Promise<PgBoss> {
    const { workers } = this.options;
    await setAsidePgBoss10Schema(this.database);
    const boss = new PgBoss({
      db: createPgBossDb(this.database),
      backend: this.database.kind,
      schema: 'pgboss',
      migrate: true,
      supervise: workers,
      schedule: workers,
    });
    boss.on('error', (error) => this.options.onError(error));
    try {
      await boss.start();
      await this.startWorkers(boss);
    } catch (error) {
      // A half-started boss would keep polling beside the next try's.
      await boss.stop({ graceful: false }).catch(() => undefined);
      throw error;
    }
    return boss;
  }

  private async startWorkers(boss: PgBoss): Promise<void> {
    const { workers } = this.options;
    for (const definition of this.definitions.values()) {
      await createQueueOnce(boss, definition);
      if (!workers) continue;
      await boss.work(
        definition.name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          for (const job of jobs) await this.run(definition, (job.data ?? {}) as object);
        },
      );
      if (definition.cron) await boss.schedule(definition.name, definition.cron);
      else await boss.unschedule(definition.name);
      if (definition.once && !(await isOnceJobCompleted(this.database.db, definition.name))) {
        // Null when another instance queued it already (the stately policy keeps one queued).
        await boss.send(definition.name, {}, { singletonKey: definition.name });
      }
    }
    await this.carryOverPgBoss10Jobs(boss);
  }

  /**
   * Queues again the jobs that pg-boss 10 had not finished (in the schema set aside at start), then drops
   * that schema. Each instance deletes the rows it carries over, so instances starting together queue
   * each job once. One-time jobs are left out: `start` queues them while they have not completed.
   */
  private async carryOverPgBoss10Jobs(boss: PgBoss): Promise<void> {
    const [aside] = await this.database.query<{ exists: boolean }>(
      `select exists (select 1 from pg_namespace where nspname = '${PGBOSS_10_SCHEMA}') as exists`,
    );
    if (!aside?.exists) return;
    const jobs = await this.database.query<{ name: string; data: object | null }>(
      `delete from ${PGBOSS_10_SCHEMA}.job where state in ('created', 'retry', 'active')
       returning name, data`,
    );
    for (const job of jobs) {
      const definition = this.definitions.get(job.name);
      if (!definition || definition.once) continue;
      await boss.send(job.name, job.data ?? {});
    }
    await this.database.exec(`drop schema if exists ${PGBOSS_10_SCHEMA} cascade`);
  }

  /** One run of a job; a one-time job that completed meanwhile (queued twice) does nothing. */
  private async run(definition: JobDefinition, data: object): Promise<void> {
    if (!definition.once) return definition.handler(data);
    if (await isOnceJobCompleted(this.database.db, definition.name)) return;
    await definition.handler(data);
    await recordOnceJobCompleted(this.database.db, definition.name);
  }
}

/**
 * Creates a job's queue unless it exists. Instances starting together on PostgreSQL each attach a
 * partition to pg-boss's job table, and two such DDL transactions can deadlock; PostgreSQL then rolls
 * one back, and creating the queue again is safe (pg-boss skips a queue that exists).
 */
async function createQueueOnce(boss: PgBoss, definition: JobDefinition): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(definition.name)) return;
      await boss.createQueue(definition.name, {
        ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
        ...(definition.singleton ? { policy: 'singleton' as const } : {}),
        ...(definition.once ? { policy: 'stately' as const } : {}),
      });
      return;
    } catch (error) {
      const deadlock = (error as { code?: string }).code === '40P01';
      if (!deadlock || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/** Where pg-boss 10's schema is moved at start; `JobQueue` carries its unfinished jobs over, then drops it. */
export const PGBOSS_10_SCHEMA = 'pgboss_v10';

/**
 * pg-boss 12 migrates its schema only from pg-boss 11's (version 25 on): a database that pg-boss 10
 * used (version 24 in `pgboss.version`) has its `pgboss` schema renamed aside, so pg-boss 12 installs
 * its own. The lock makes instances starting together rename it once; the others then find pg-boss 12's.
 */
export async function setAsidePgBoss10Schema(database: Database): Promise<void> {
  await database.exec(`
    do $$
    begin
      perform pg_advisory_xact_lock(hashtext('lms:pgboss-v10-aside'));
      if to_regclass('pgboss.version') is null
        or exists (select 1 from pg_namespace where nspname = '${PGBOSS_10_SCHEMA}') then
        return;
      end if;
      if (select max(version) from pgboss.version) < 25 then
        alter schema pgboss rename to ${PGBOSS_10_SCHEMA};
      end if;
    end
    $$;
  `);
}
