import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { examRescoreJobName } from '../exam/exam.api.ts';
import { rescoreStaleExams } from './exam-grading.service.ts';

/**
 * Scores again the finished attempts of exams whose questions changed (a corrected key, a deleted
 * question). Every minute as well, so a request lost in a crash is still swept: the mark on the exam
 * is the durable part, the job only the trigger.
 */
export function examRescoreJob(app: FastifyInstance): JobDefinition {
  return {
    name: examRescoreJobName,
    cron: '* * * * *',
    expireInSeconds: 600,
    async handler() {
      const scored = await rescoreStaleExams(app.db);
      if (scored > 0) app.log.info({ scored }, 'exam attempts scored again after question changes');
    },
  };
}
