import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { deferredRun } from '../../platform/deferred-run.ts';
import { onNotificationRecorded } from './notification.service.ts';
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

/** After an event is recorded: push once its notifications are made (the fan-out runs at 250 ms). */
const pushDelayMs = 2000;

/**
 * In a process that runs workers: a push run shortly after an event is recorded, and an email run once
 * the settle window after the latest event has passed, so neither waits for its schedule's next turn.
 * One run of each at a time; the jobs' schedules remain what a crash cannot lose.
 */
export function startDeliveryRuns(app: FastifyInstance): void {
  if (!app.config.jobs) return;
  const push = deferredRun(app, () => sendPendingPushes(app.db, app.config, app.log), {
    delayMs: pushDelayMs,
    failure: 'push not sent yet',
  });
  // Each new event moves the email run later: the burst settles first, then makes one mail.
  const email = deferredRun(app, () => sendEmailDigests(app.db, app.config, app.log), {
    delayMs: app.config.emailDigestSettleMs + pushDelayMs,
    failure: 'digests not sent yet',
  });
  const stop = onNotificationRecorded(() => {
    push.request();
    email.request({ restart: true });
  });
  app.addHook('onClose', async () => stop());
}
