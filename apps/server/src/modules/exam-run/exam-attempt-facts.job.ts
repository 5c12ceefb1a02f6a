import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { recordPendingAttemptFacts } from './exam-attempt.service.ts';
import { outsideRequest } from '../../db/tenant-guard.ts';

/** How long a start waits for others to join its batch before the facts are recorded. */
const drainDelayMs = 300;

/**
 * Records the attempted facts of new attempts in batches (see recordPendingAttemptFacts). Starts ask
 * for a run in this process a moment later (`requestAttemptFacts`); the job every minute is the durable
 * fallback: the null mark on the attempt is what survives a crash, the run is only the trigger.
 */
export function examAttemptFactsJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'exam-attempt-facts',
    cron: '* * * * *',
    expireInSeconds: 600,
    async handler() {
      await recordPendingAttemptFacts(app.db);
    },
  };
}

/**
 * A run of the drain in this process shortly after a start, one at a time: starts arriving meanwhile
 * join the next run. Returns the function a start calls.
 */
export function attemptFactsDrain(app: FastifyInstance): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
  const run = () => {
    timer = undefined;
    running = recordPendingAttemptFacts(app.db)
      .then(() => undefined)
      .catch((error: unknown) => app.log.warn({ err: error }, 'attempted facts not recorded yet'))
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
    // The drain records every college's attempts: not the work of the request that asked for it.
    else timer ??= outsideRequest(() => setTimeout(run, drainDelayMs));
  };
  return request;
}
