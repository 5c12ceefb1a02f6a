import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue } from './job-queue.ts';
import { retentionJob } from './retention.job.ts';
import { tokenCleanupJob } from './token-cleanup.job.ts';

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

    if (app.config.jobs) {
      app.addHook('onListen', async () => {
        queue.start().then(
          () => app.log.info('job workers started'),
          (error: unknown) => app.log.error({ err: error }, 'job queue failed to start'),
        );
      });
    }
    // onClose runs after the server stopped taking requests; the database is closed after app.close().
    app.addHook('onClose', async () => queue.stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);
