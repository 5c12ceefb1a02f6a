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
 * and Netflix's concurrency limiters do). A queue that has not emptied for a whole wait is standing, not a
 * burst: newcomers then wait only a few milliseconds (controlled delay, as in Facebook's servers), so the
 * stale ones are refused at once instead of being let in late when the stack runs low. A refusal is the
 * other sign that the overload lasts: for a second after one, newcomers wait a quarter of the wait at
 * most. Near full load the queue empties now and then and never stands long; without that, each request
 * that joins it just after it emptied may wait the whole bound and be let in that late, and those are the
 * slowest answers a crowd gets. A burst on a server that has refused nothing keeps the whole wait.
 *
 * Some requests are let in at once past the bound (`admitNow`: taking an exam) and counted, so the others
 * wait while they run.
 *
 * The bound itself adapts (with `latencyTargetMs`). No fixed number fits every machine and mix of routes:
 * too high and the requests admitted share the cores with too many others, too low and a server that
 * could overlap its database waits turns work away. So the bound follows a standing-queue signal, as
 * CoDel does for network queues: the shortest time a request took within each 100 ms. A burst leaves
 * some requests fast; when even the fastest of an interval took more than `latencyTargetMs` beyond the
 * usual fastest, every request is queueing behind others inside the server, and the bound drops below
 * the number then in work (× 0.9). Each interval without that signal in which the bound was reached
 * raises it again (× 1.1, + 1), up to `maxWorking`.
 *
 * With the adaptive bound, a waiter whose time ran out is refused only while the last interval measured a
 * standing queue. A moment's hiccup (a garbage collection, one slow query) leaves the bound low and a few
 * requests waiting although the server keeps up; those are let in past the bound, so a server below its
 * capacity refuses nobody, and under lasting overload the signal stays on and the oldest are refused.
 */
export interface AdmissionQueue {
  /** Resolves with a release function once admitted; resolves false when the wait ran out or was given up. */
  admit(signal: { onGiveUp(listener: () => void): void }): Promise<(() => void) | false>;
  /**
   * Admits at once, past the bound, and counts the request in work like any other: for requests that
   * must not wait behind others (taking an exam). Counting them keeps the rest waiting while they run.
   */
  admitNow(): () => void;
  /** Requests in work now. */
  readonly working: number;
  /** Requests waiting for a place now. */
  readonly waiting: number;
  /** Requests let in to work at once now (Infinity when nothing bounds them). */
  readonly limit: number;
}

export interface AdmissionOptions {
  /** The ceiling of requests in work at once (Infinity: none). */
  maxWorking: number;
  /** How long a request past the bound waits for a place before it is refused; 0 refuses at once. */
  maxWaitMs: number;
  /** Time beyond the usual fastest that marks a standing queue, in ms; unset: the bound stays `maxWorking`. */
  latencyTargetMs?: number;
  /** The adaptive bound never falls below this (4). */
  minWorking?: number;
  /** A clock in ms (tests). */
  now?: () => number;
}

interface Waiter {
  grant(release: () => void): void;
  done: boolean;
}

/** The wait of a request that joins a standing queue: the newest get in, stale ones are refused. */
const standingQueueWaitMs = 5;
/** How long after a refusal newcomers get the shorter wait, and what share of the wait that is. */
const afterRefusalMs = 1_000;
const afterRefusalWaitShare = 0.25;
const intervalMs = 100;
/** An interval with fewer completed requests says nothing about queueing. */
const minSamples = 3;
/** The usual fastest is the lowest interval minimum of the last window, renewed each window. */
const baselineWindowMs = 10_000;
export function createAdmissionQueue(options: AdmissionOptions): AdmissionQueue {
  const now = options.now ?? (() => performance.now());
  const target = options.latencyTargetMs;
  const floor = Math.min(options.minWorking ?? 4, options.maxWorking);
  let limit = options.maxWorking;
  let working = 0;
  let waiting = 0;
  // Oldest first; a waiter that timed out or left stays, marked done, until it reaches either end.
  const waiters: Waiter[] = [];

  // The standing-queue signal (only with a latency target).
  let intervalStart = now();
  let intervalCount = 0;
  let intervalMin = Infinity;
  let intervalPeak = 0;
  let baseline = Infinity;
  let windowStart = intervalStart;
  let windowMin = Infinity;
  /** The last interval's verdict: even its fastest request queued behind others. */
  let standingQueue = false;

  const adapt = (serviceMs: number, at: number) => {
    intervalCount++;
    intervalMin = Math.min(intervalMin, serviceMs);
    if (at - intervalStart < intervalMs) return;
    if (intervalCount >= minSamples) {
      windowMin = Math.min(windowMin, intervalMin);
      baseline = Math.min(baseline, intervalMin);
      standingQueue = intervalMin > baseline + target!;
      if (standingQueue) {
        limit = Math.max(floor, Math.floor(Math.min(limit, intervalPeak) * 0.9));
      } else if (intervalPeak >= limit) {
        // Raised only while it bounds: a bound far above what is ever in work would take long to fall.
        limit = Math.min(options.maxWorking, Math.ceil(limit * 1.1) + 1);
      }
    }
    if (at - windowStart >= baselineWindowMs) {
      // A slower machine or database later on becomes the usual: the baseline follows the last window,
      // but rises slowly (× 1.25 a window): under lasting overload every window's fastest is slow, and a
      // baseline that followed at once would stop seeing the queue after one window.
      if (Number.isFinite(windowMin)) baseline = Math.min(windowMin, baseline * 1.25);
      windowStart = at;
      windowMin = Infinity;
    }
    intervalStart = at;
    intervalCount = 0;
    intervalMin = Infinity;
    intervalPeak = working;
  };

  const releaser = () => {
    const admittedAt = now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      working--;
      if (target !== undefined) {
        const at = now();
        adapt(at - admittedAt, at);
      }
      while (working < limit) {
        const next = waiters.pop();
        if (!next) return;
        if (next.done) continue;
        next.done = true;
        leftQueue();
        next.grant(enter());
      }
    };
  };
  /** When the queue last had no waiter, and when it last refused one. */
  let lastEmptyAt = now();
  let lastRefusalAt = -Infinity;
  const leftQueue = () => {
    if (--waiting === 0) lastEmptyAt = now();
  };
  /** Takes a place in work. */
  const enter = () => {
    working++;
    intervalPeak = Math.max(intervalPeak, working);
    return releaser();
  };

  return {
    get working() {
      return working;
    },
    get waiting() {
      return waiting;
    },
    get limit() {
      return limit;
    },
    admitNow: enter,
    admit(signal) {
      if (working < limit) return Promise.resolve(enter());
      if (options.maxWaitMs <= 0) return Promise.resolve(false);
      return new Promise((resolve) => {
        const waiter: Waiter = {
          done: false,
          grant: (release) => {
            clearTimeout(timer);
            resolve(release);
          },
        };
        const leave = (admitted: boolean) => {
          if (waiter.done) return;
          waiter.done = true;
          leftQueue();
          clearTimeout(timer);
          while (waiters[0]?.done) waiters.shift();
          resolve(admitted ? enter() : false);
        };
        const timedOut = () => {
          const letIn = target !== undefined && !standingQueue;
          if (!letIn) lastRefusalAt = now();
          leave(letIn);
        };
        const giveUp = () => leave(false);
        // Controlled delay (CoDel, as Facebook's servers queue requests): a queue that has not emptied
        // for a whole wait is standing, not a burst, and a newcomer then gets only a few milliseconds.
        const at = now();
        if (waiting === 0) lastEmptyAt = at;
        const standing = at - lastEmptyAt > options.maxWaitMs;
        const refusing = at - lastRefusalAt < afterRefusalMs;
        const wait = standing
          ? Math.min(standingQueueWaitMs, options.maxWaitMs)
          : refusing
            ? options.maxWaitMs * afterRefusalWaitShare
            : options.maxWaitMs;
        const timer = setTimeout(timedOut, wait);
        waiters.push(waiter);
        waiting++;
        signal.onGiveUp(giveUp);
      });
    },
  };
}
