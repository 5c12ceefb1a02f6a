import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { deferredRun } from '../../platform/deferred-run.ts';
import { fanOutDueEvents, onNotificationRecorded } from './notification.service.ts';

/** How long after an event is recorded the in-process run starts: the recording transaction commits first. */
const fanOutDelayMs = 250;

/**
 * Every minute: the notifications of due events (recorded ones, and those whose show time has come).
 * The pending event row is what survives a crash; the run is only the trigger.
 */
export function notificationFanOutJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'notification-fanout',
    cron: '* * * * *',
    expireInSeconds: 600,
    async handler() {
      await fanOutDueEvents(app.db);
    },
  };
}

/**
 * A run of the fan-out in this process shortly after an event is recorded, one at a time; events
 * recorded meanwhile join the next run. Waiting for the job's next minute would make the bell late.
 */
export function startNotificationFanOut(app: FastifyInstance): void {
  const fanOut = deferredRun(app, () => fanOutDueEvents(app.db), {
    delayMs: fanOutDelayMs,
    failure: 'notifications not made yet',
  });
  const stop = onNotificationRecorded(() => fanOut.request());
  app.addHook('onClose', async () => stop());
}
