import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { prepareUpcomingExams } from './exam-question-set.service.ts';

/**
 * Every minute: exams opening within the hour get their participants' question sets fixed ahead, so the
 * start storm at waktu_mulai is one read of a prepared row and one insert per student.
 */
export function examPrepareSetsJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'exam-prepare-question-sets',
    cron: '* * * * *',
    expireInSeconds: 300,
    async handler() {
      const made = await prepareUpcomingExams(app.db);
      if (made > 0) app.log.info({ made }, 'exam question sets prepared ahead');
    },
  };
}
