import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { recordPendingAttemptFacts } from './exam-attempt.service.ts';
import { deferredRun } from '../../platform/deferred-run.ts';

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

/** A run of the drain in this process shortly after a start; starts arriving meanwhile join it. */
export function attemptFactsDrain(app: FastifyInstance): () => void {
  const drain = deferredRun(app, () => recordPendingAttemptFacts(app.db), {
    delayMs: drainDelayMs,
    failure: 'attempted facts not recorded yet',
  });
  return () => drain.request();
}
