import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { sendEmailDigests } from './notification-email.service.ts';
import { sendPendingPushes } from './notification-push.service.ts';

/**
 * Every 5 minutes: one email digest per user of what settled since the last one. The `emailed_at` mark
 * and the claim's row locks keep two instances (or an overlapping run) from mailing a notification twice.
 */
export function notificationEmailDigestJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'notification-email-digest',
    cron: '*/5 * * * *',
    expireInSeconds: 900,
    async handler() {
      await sendEmailDigests(app.db, app.config, app.log);
    },
  };
}

/** Every minute: Web Push of new notifications to their users' devices (`pushed_at` marks them sent). */
export function notificationPushJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'notification-push',
    cron: '* * * * *',
    expireInSeconds: 600,
    async handler() {
      await sendPendingPushes(app.db, app.config, app.log);
    },
  };
}
