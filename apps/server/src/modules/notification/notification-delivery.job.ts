import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { outsideRequest } from '../../db/tenant-guard.ts';
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
  const push = coalescedRun(app, () => sendPendingPushes(app.db, app.config, app.log), 'push not sent yet');
  const email = coalescedRun(app, () => sendEmailDigests(app.db, app.config, app.log), 'digests not sent yet');
  const stop = onNotificationRecorded(() => {
    push.request(pushDelayMs, false);
    // Each new event moves the run later: the burst settles first, then makes one mail.
    email.request(app.config.emailDigestSettleMs + pushDelayMs, true);
  });
  app.addHook('onClose', async () => {
    stop();
    await Promise.all([push.close(), email.close()]);
  });
}

function coalescedRun(app: FastifyInstance, work: () => Promise<unknown>, failure: string) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const run = () => {
    timer = undefined;
    running = work()
      .then(() => undefined)
      .catch((error: unknown) => app.log.warn({ err: error }, failure))
      .finally(() => (running = undefined));
  };
  return {
    request(delayMs: number, restart: boolean) {
      if (closed) return;
      if (timer && !restart) return;
      clearTimeout(timer);
      // The runs serve every college: not the work of the request that recorded the event.
      timer = outsideRequest(() => setTimeout(run, delayMs));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
