import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue } from './job-queue.ts';
import { retentionJob } from './retention.job.ts';
import { tokenCleanupJob } from './token-cleanup.job.ts';

const WORKERS_RETRY_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs on pg-boss: `define` while building, `send` at run time. */
    jobs: JobQueue;
  }
}

/**
 * The job queue. With `JOBS=on` the workers and schedules start once the server listens (pg-boss's
 * first start installs its schema, which would otherwise delay readiness); `app.close()` stops them.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const queue = new JobQueue(app.database, {
      workers: app.config.jobs,
      onError: (error) => app.log.error({ err: error }, 'job queue error'),
    });
    app.decorate('jobs', queue);
    queue.define(tokenCleanupJob(app));
    queue.define(retentionJob(app));

    let retry: NodeJS.Timeout | undefined;
    let closing = false;
    if (app.config.jobs) {
      // Past its own quick retries (job-queue.ts) the queue is tried again every half minute: an
      // instance whose database was briefly away still ends up running its share of the jobs.
      const startWorkers = () =>
        queue.start().then(
          () => app.log.info('job workers started'),
          (error: unknown) => {
            // A start that fails while the app closes (its database going away) is not tried again.
            if (closing) return;
            app.log.error({ err: error }, 'job queue failed to start; trying again in 30 s');
            retry = setTimeout(startWorkers, WORKERS_RETRY_MS).unref();
          },
        );
      app.addHook('onListen', async () => {
        void startWorkers();
      });
    }
    // onClose runs after the server stopped taking requests; the database is closed after app.close().
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(retry);
      await queue.stop();
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
