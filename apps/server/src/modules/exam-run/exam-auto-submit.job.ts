import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { submitExpiredAttempts } from './exam-attempt.service.ts';

/**
 * Every minute: attempts whose deadline (plus the grace) has passed are submitted on the server with
 * their saved answers, so nobody has to be online at the end. Reads also close such an attempt lazily,
 * so a late job never shows a student time that is not there.
 */
export function examAutoSubmitJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'exam-auto-submit',
    cron: '* * * * *',
    expireInSeconds: 300,
    async handler() {
      const closed = await submitExpiredAttempts(app.db);
      if (closed > 0) app.log.info({ closed }, 'exam attempts submitted at their deadline');
    },
  };
}
