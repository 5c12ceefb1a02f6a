import type { FastifyInstance } from 'fastify';
import { outsideRequest } from '../db/tenant-guard.ts';

/** A piece of background work a request asks to have done soon in this process (see deferredRun). */
export interface DeferredRun {
  /**
   * Asks for a run `delayMs` from now (the default given at creation). A run already waiting stays put
   * unless `restart` moves it to the new time (a burst then settles first); a request while one runs
   * makes one more run after it, so what was recorded meanwhile is not left for the schedule.
   */
  request(options?: { delayMs?: number; restart?: boolean }): void;
}

/**
 * Work that a durable job also does on its schedule (claiming rows that survive a crash), run in this
 * process shortly after a request records it, so users do not wait for the schedule's next turn. One run
 * at a time; runs serve every college, so they start outside the request that asked. The app's close
 * waits for a run under way and drops a waiting one (the schedule picks it up).
 */
export function deferredRun(
  app: FastifyInstance,
  work: () => Promise<unknown>,
  options: { delayMs: number; failure: string },
): DeferredRun {
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
    running = work()
      .then(() => undefined)
      .catch((error: unknown) => app.log.warn({ err: error }, options.failure))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          request();
        }
      });
  };
  const request = ({ delayMs = options.delayMs, restart = false } = {}) => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    if (timer && !restart) return;
    clearTimeout(timer);
    timer = outsideRequest(() => setTimeout(run, delayMs));
  };
  return { request };
}
