import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { outsideRequest } from '../../db/tenant-guard.ts';
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const run = () => {
    timer = undefined;
    running = fanOutDueEvents(app.db)
      .then(() => undefined)
      .catch((error: unknown) => app.log.warn({ err: error }, 'notifications not made yet'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          request();
        }
      });
  };
  const request = () => {
    if (closed) return;
    if (running) again = true;
    // The run serves every college: not the work of the request that recorded the event.
    else timer ??= outsideRequest(() => setTimeout(run, fanOutDelayMs));
  };
  const stop = onNotificationRecorded(request);
  app.addHook('onClose', async () => {
    closed = true;
    stop();
    clearTimeout(timer);
    await running;
  });
}
