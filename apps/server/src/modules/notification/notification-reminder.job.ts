import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { sendDueReminders } from './notification-reminder.service.ts';

/**
 * Every minute, on one instance (pg-boss sends a cron job once; the unique event key keeps even two
 * runs from reminding twice): deadline and exam reminders now due.
 */
export function notificationReminderJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'notification-reminder',
    cron: '* * * * *',
    expireInSeconds: 300,
    singleton: true,
    async handler() {
      await sendDueReminders(app.db);
    },
  };
}
