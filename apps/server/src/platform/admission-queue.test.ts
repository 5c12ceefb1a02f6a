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
});
