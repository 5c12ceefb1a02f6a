import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from './job-queue.ts';
import { pruneExpiredRecords } from './retention.service.ts';

/**
 * Daily at 03:23 in Indonesia (20:23 UTC), away from the file sweep (19:43 UTC): removes activity-log
 * entries and trace facts past ACTIVITY_LOG_RETENTION_DAYS / FACT_RETENTION_DAYS (both off by default).
 * One run at a time on all instances.
 */
export function retentionJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'retention',
    cron: '23 20 * * *',
    expireInSeconds: 2 * 3_600,
    singleton: true,
    async handler() {
      const settings = {
        activityLogDays: app.config.activityLogRetentionDays,
        factDays: app.config.factRetentionDays,
      };
      if (settings.activityLogDays <= 0 && settings.factDays <= 0) return;
      const started = Date.now();
      const removed = await pruneExpiredRecords(app.db, settings);
      app.log.info({ ...removed, ms: Date.now() - started }, 'records past their retention removed');
    },
  };
}
