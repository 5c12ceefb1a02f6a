import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { sweepUnreferencedFiles } from './file-sweep.service.ts';

export const fileSweepJobName = 'file-sweep';

/**
 * Daily at 02:43 in Indonesia (19:43 UTC), when hardly anyone works: removes stored files nothing names
 * any more (deleted meetings, classes, banks, exams, tasks…) once they are a day old. One run at a time
 * on all instances; a run reads the whole store, so it may take long on a large one.
 */
export function fileSweepJob(app: FastifyInstance): JobDefinition {
  return {
    name: fileSweepJobName,
    cron: '43 19 * * *',
    expireInSeconds: 4 * 3_600,
    singleton: true,
    async handler() {
      const started = Date.now();
      const swept = await sweepUnreferencedFiles(app.db, app.files);
      app.log.info({ ...swept, ms: Date.now() - started }, 'unreferenced files removed');
    },
  };
}
