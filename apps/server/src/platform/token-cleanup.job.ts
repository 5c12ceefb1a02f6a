import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from './job-queue.ts';
import { deleteExpiredTokens } from './token-cleanup.repository.ts';

/**
 * Hourly purge of authorization codes, refresh tokens and reset links that ended more than a day ago,
 * and of rate limit counters whose window ended.
 */
export function tokenCleanupJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'token-cleanup',
    cron: '17 * * * *',
    expireInSeconds: 600,
    async handler() {
      const deleted = await deleteExpiredTokens(app.db);
      app.log.info({ deleted }, 'expired tokens purged');
    },
  };
}
