/**
 * Admission to a bounded number of requests in work, with a short wait for a place.
 *
 * Why a queue and not a plain cap: an exam's start or a lecture's end sends bursts that last a moment; a
 * cap alone refuses a burst's tail although the places free up within milliseconds. Why a bound on the
 * wait: under lasting overload a queue only grows, and every answer then carries its whole length.
 *
 * The queue is served newest first (last in, first out). In a burst every waiting request gets its place
 * well within the bound anyway, so the order hardly matters; under lasting overload the oldest waiters are
 * the ones that run out of time, and those admitted have waited little: the answers a crowd still gets
 * stay near normal speed, instead of all slowing down to the bound (adaptive LIFO, as Facebook's servers
 * and Netflix's concurrency limiters do).
 */
export interface AdmissionQueue {
  /** Resolves with a release function once admitted; resolves false when the wait ran out or was given up. */
  admit(signal: { onGiveUp(listener: () => void): void }): Promise<(() => void) | false>;
  /** Requests in work now. */
  readonly working: number;
  /** Requests waiting for a place now. */
  readonly waiting: number;
}

interface Waiter {
  grant(release: () => void): void;
  done: boolean;
}

export function createAdmissionQueue(options: { maxWorking: number; maxWaitMs: number }): AdmissionQueue {
  let working = 0;
  let waiting = 0;
  // Oldest first; a waiter that timed out or left stays, marked done, until it reaches either end.
  const waiters: Waiter[] = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      working--;
      for (let next = waiters.pop(); next; next = waiters.pop()) {
        if (next.done) continue;
        next.done = true;
        waiting--;
        working++;
        next.grant(releaser());
        return;
      }
    };
  };

  return {
    get working() {
      return working;
    },
    get waiting() {
      return waiting;
    },
    admit(signal) {
      // A place frees straight to a waiter, so a free place means nobody waits.
      if (working < options.maxWorking) {
        working++;
        return Promise.resolve(releaser());
      }
      if (options.maxWaitMs <= 0) return Promise.resolve(false);
      return new Promise((resolve) => {
        const waiter: Waiter = {
          done: false,
          grant: (release) => {
            clearTimeout(timer);
            resolve(release);
          },
        };
        const giveUp = () => {
          if (waiter.done) return;
          waiter.done = true;
          waiting--;
          clearTimeout(timer);
          while (waiters[0]?.done) waiters.shift();
          resolve(false);
        };
        const timer = setTimeout(giveUp, options.maxWaitMs);
        waiters.push(waiter);
        waiting++;
        signal.onGiveUp(giveUp);
      });
    },
  };
}
