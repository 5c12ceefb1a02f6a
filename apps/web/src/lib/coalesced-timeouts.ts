import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/** Timers shorter than this (retries, throttles) keep a platform timer each: they are latency-sensitive. */
const coalescedFromMs = 1_000;
/** The longest delay a platform timer takes; a longer one would fire at once. */
const longestPlatformDelayMs = 2 ** 31 - 1;

interface PendingTimer {
  due: number;
  callback: TimeoutCallback;
  /** Set for an interval: the timer is due again this long after it ran. */
  every?: number;
}

/**
 * A TanStack Query timeout provider (its `timeoutManager`) that runs the long timers (each query's
 * `staleTime` and `gcTime`, each observer's refetch interval) from one platform timer, armed for the
 * earliest of them. A screen mounts dozens of query observers at once, each setting its own timers in
 * one go; with this, the browser keeps one. Ids of coalesced timers are negative, so they are never
 * mistaken for the platform's.
 */
export function createCoalescedTimeouts(
  now: () => number = () => performance.now(),
): TimeoutProvider<number> {
  const pending = new Map<number, PendingTimer>();
  let lastId = 0;
  let armed: { due: number; handle: ReturnType<typeof setTimeout> } | undefined;

  const arm = () => {
    let earliest = Infinity;
    for (const timer of pending.values()) earliest = Math.min(earliest, timer.due);
    if (armed && armed.due === earliest) return;
    if (armed) clearTimeout(armed.handle);
    armed = undefined;
    if (earliest === Infinity) return;
    armed = {
      due: earliest,
      handle: setTimeout(fire, Math.min(longestPlatformDelayMs, Math.max(0, earliest - now()))),
    };
  };

  const fire = () => {
    armed = undefined;
    const time = now();
    const due = [...pending.entries()]
      .filter(([, timer]) => timer.due <= time)
      .sort(([, a], [, b]) => a.due - b.due);
    for (const [id, timer] of due) {
      // A callback run earlier in this round may have cleared this one.
      if (pending.get(id) !== timer) continue;
      if (timer.every === undefined) pending.delete(id);
      else timer.due = time + timer.every;
      try {
        timer.callback();
      } catch (error) {
        // Reported as a platform timer's error would be, without stopping the others due.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    arm();
  };

  const add = (callback: TimeoutCallback, delay: number, every?: number) => {
    lastId -= 1;
    const timer: PendingTimer = { due: now() + delay, callback, every };
    pending.set(lastId, timer);
    if (!armed || timer.due < armed.due) arm();
    return lastId;
  };
  // A cleared timer leaves the armed platform timer as it is: when it fires, it finds nothing due and is
  // armed again for the next timer, which costs less than re-arming on every clear.
  const clear = (id: number | undefined) => {
    if (id === undefined) return;
    if (id < 0) pending.delete(id);
    else clearTimeout(id);
  };

  return {
    setTimeout: (callback, delay) =>
      delay < coalescedFromMs ? Number(setTimeout(callback, delay)) : add(callback, delay),
    clearTimeout: clear,
    setInterval: (callback, delay) =>
      delay < coalescedFromMs ? Number(setInterval(callback, delay)) : add(callback, delay, delay),
    clearInterval: (id) => {
      if (id !== undefined && id >= 0) clearInterval(id);
      else clear(id);
    },
  };
}
