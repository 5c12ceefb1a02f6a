import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdmissionQueue } from './admission-queue.ts';

/** A request's side of admission: it can leave (its client went away) while it waits. */
function client() {
  const listeners: Array<() => void> = [];
  return {
    onGiveUp: (listener: () => void) => listeners.push(listener),
    leave: () => listeners.forEach((l) => l()),
  };
}

afterEach(() => vi.useRealTimers());

describe('admission queue', () => {
  it('admits up to the bound at once, then lets the newest waiter in as a place frees', async () => {
    vi.useFakeTimers();
    const queue = createAdmissionQueue({ maxWorking: 2, maxWaitMs: 100 });
    const first = await queue.admit(client());
    const second = await queue.admit(client());
    expect(first && second).toBeTruthy();
    const order: string[] = [];
    const older = queue.admit(client()).then((r) => (order.push('older'), r));
    const newer = queue.admit(client()).then((r) => (order.push('newer'), r));
    expect(queue).toMatchObject({ working: 2, waiting: 2 });

    (first as () => void)();
    (first as () => void)(); // a second release of the same place changes nothing
    const admitted = await newer;
    expect(admitted).toBeTypeOf('function');
    expect(queue).toMatchObject({ working: 2, waiting: 1 });

    // The older waiter's time runs out: refused, and it takes no place.
    await vi.advanceTimersByTimeAsync(100);
    expect(await older).toBe(false);
    expect(order).toEqual(['newer', 'older']);
    expect(queue).toMatchObject({ working: 2, waiting: 0 });

    (second as () => void)();
    (admitted as () => void)();
    expect(queue).toMatchObject({ working: 0, waiting: 0 });
  });

  it('forgets a waiter whose client left', async () => {
    vi.useFakeTimers();
    const queue = createAdmissionQueue({ maxWorking: 1, maxWaitMs: 1_000 });
    const only = (await queue.admit(client())) as () => void;
    const leaving = client();
    const gone = queue.admit(leaving);
    const staying = queue.admit(client());
    leaving.leave();
    expect(await gone).toBe(false);
    expect(queue.waiting).toBe(1);
    only();
    expect(await staying).toBeTypeOf('function');
    expect(queue).toMatchObject({ working: 1, waiting: 0 });
  });

  it('refuses at once past the bound when no wait is allowed', async () => {
    const queue = createAdmissionQueue({ maxWorking: 1, maxWaitMs: 0 });
    expect(await queue.admit(client())).toBeTypeOf('function');
    expect(await queue.admit(client())).toBe(false);
    expect(queue).toMatchObject({ working: 1, waiting: 0 });
  });

  it('gives a newcomer to a standing queue only a few milliseconds, and a burst the whole wait', async () => {
    vi.useFakeTimers();
    const queue = createAdmissionQueue({ maxWorking: 1, maxWaitMs: 100, now: () => Date.now() });
    const only = (await queue.admit(client())) as () => void;
    // A burst: waiters that join a queue younger than the wait may wait all of it.
    const first = queue.admit(client());
    await vi.advanceTimersByTimeAsync(60);
    const second = queue.admit(client());
    await vi.advanceTimersByTimeAsync(50);
    expect(await first).toBe(false);
    expect(queue.waiting).toBe(1);

    // The queue has not emptied for 110 ms: it stands, and a newcomer is refused after 5 ms.
    const late = queue.admit(client());
    await vi.advanceTimersByTimeAsync(5);
    expect(await late).toBe(false);

    only();
    const admitted = (await second) as () => void;
    expect(admitted).toBeTypeOf('function');
    // Emptied, but it refused a moment ago: the overload lasts, and a newcomer waits 25 ms at most.
    const soon = queue.admit(client());
    await vi.advanceTimersByTimeAsync(25);
    expect(await soon).toBe(false);

    // A second without a refusal: the next newcomer may wait the whole 100 ms again.
    await vi.advanceTimersByTimeAsync(1_000);
    const fresh = queue.admit(client());
    await vi.advanceTimersByTimeAsync(90);
    expect(queue.waiting).toBe(1);
    admitted();
    expect(await fresh).toBeTypeOf('function');
  });

  it('keeps the whole wait for a burst after a client that left, which is no refusal', async () => {
    vi.useFakeTimers();
    const queue = createAdmissionQueue({ maxWorking: 1, maxWaitMs: 100, now: () => Date.now() });
    const only = (await queue.admit(client())) as () => void;
    const leaving = client();
    const gone = queue.admit(leaving);
    leaving.leave();
    expect(await gone).toBe(false);
    const next = queue.admit(client());
    await vi.advanceTimersByTimeAsync(90);
    only();
    expect(await next).toBeTypeOf('function');
  });

  describe('with a latency target', () => {
    /** A queue on a clock the test moves; `work` admits n requests at once and answers them after ms. */
    function adaptiveQueue(maxWaitMs = 0) {
      let t = 0;
      const queue = createAdmissionQueue({
        maxWorking: Infinity,
        maxWaitMs,
        latencyTargetMs: 5,
        minWorking: 4,
        now: () => t,
      });
      const work = async (n: number, ms: number) => {
        const releases = await Promise.all(Array.from({ length: n }, () => queue.admit(client())));
        expect(releases.every((r) => typeof r === 'function')).toBe(true);
        t += ms;
        for (const release of releases) (release as () => void)();
      };
      /** Moves to the next 100 ms interval; the next answer closes the one before. */
      const nextInterval = () => (t += 100);
      return { queue, work, nextInterval };
    }

    it('lowers the bound below the number in work while even the fastest answers queue, and raises it again', async () => {
      const { queue, work, nextInterval } = adaptiveQueue();
      // Quiet: answers take 1 ms; nothing bounds the requests let in.
      await work(5, 1);
      nextInterval();
      await work(1, 1);
      expect(queue.limit).toBe(Infinity);

      // A standing queue: 20 requests at once, the fastest of them 20 ms (the usual fastest is 1 ms).
      await work(20, 20);
      nextInterval();
      await work(1, 20);
      expect(queue.limit).toBe(18);
      expect(queue.working).toBe(0);

      // The bound holds: the 19th request at once is refused (no wait allowed here).
      const admitted = await Promise.all(Array.from({ length: 18 }, () => queue.admit(client())));
      expect(await queue.admit(client())).toBe(false);
      for (const release of admitted) (release as () => void)();

      // Fast again while the bound was reached: it rises (× 1.1, + 1).
      await work(18, 1);
      nextInterval();
      await work(1, 1);
      expect(queue.limit).toBe(21);
    });

    it('never lowers the bound below its floor, and keeps it while it is not reached', async () => {
      const { queue, work, nextInterval } = adaptiveQueue();
      await work(5, 1);
      nextInterval();
      for (let i = 0; i < 10; i++) {
        await work(3, 50);
        nextInterval();
      }
      await work(1, 50);
      expect(queue.limit).toBe(4);

      // Fast answers with fewer in work than the bound do not raise it.
      await work(2, 1);
      nextInterval();
      await work(1, 1);
      expect(queue.limit).toBe(4);
    });

    it('lets a waiter in past the bound when its time runs out unless the last interval measured a standing queue', async () => {
      const { queue, work, nextInterval } = adaptiveQueue(10);
      await work(5, 1);
      nextInterval();
      await work(1, 1);
      await work(3, 20); // a hiccup: one interval's fastest 20 ms, the bound drops to the floor
      nextInterval();
      await work(1, 20);
      await work(3, 1); // the next interval is fast again: no standing queue
      nextInterval();
      await work(1, 1);
      expect(queue.limit).toBe(4);

      const inWork = await Promise.all(Array.from({ length: 4 }, () => queue.admit(client())));
      const letIn = await queue.admit(client());
      expect(letIn).toBeTypeOf('function');
      expect(queue).toMatchObject({ working: 5, waiting: 0 });
      for (const release of [...inWork, letIn]) (release as () => void)();

      // A standing queue now: the waiter past the bound is refused when its time runs out.
      nextInterval();
      await work(1, 1);
      await work(3, 30);
      nextInterval();
      await work(1, 30);
      expect(queue.limit).toBe(4);
      const held = await Promise.all(Array.from({ length: 4 }, () => queue.admit(client())));
      expect(await queue.admit(client())).toBe(false);
      expect(queue).toMatchObject({ working: 4, waiting: 0 });
      for (const release of held) (release as () => void)();
    });
  });
});
