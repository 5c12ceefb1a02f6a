/**
 * Runs `work` while a 5 ms timer watches the event loop: answers its result, the longest time the loop
 * went without running the timer (until the work ended), and how long the work took.
 */
export async function withEventLoopGap<T>(
  work: () => Promise<T>,
): Promise<{ result: T; longestGapMs: number; tookMs: number }> {
  const started = performance.now();
  let longestGapMs = 0;
  let last = started;
  const ticks = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    const ended = performance.now();
    return { result, longestGapMs: Math.max(longestGapMs, ended - last), tookMs: ended - started };
  } finally {
    clearInterval(ticks);
  }
}
