import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventCoalescer } from './event-coalescer.ts';

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

let sent: { key: string; event: string; data: unknown }[];
let coalescer: EventCoalescer;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  coalescer = new EventCoalescer(async (key, event, data) => void sent.push({ key, event, data }));
  coalescer.windowMs = 300;
});
afterEach(() => vi.useRealTimers());

describe('EventCoalescer', () => {
  it('sends the first of a window at once and the rest merged when it ends', async () => {
    await coalescer.publish('a', 'progress', ['m1'], union);
    expect(sent).toEqual([{ key: 'a', event: 'progress', data: ['m1'] }]);
    for (let i = 0; i < 100; i++) await coalescer.publish('a', 'progress', [i % 2 ? 'm1' : 'm2'], union);
    await coalescer.publish('b', 'progress', ['m3'], union);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(300);
    expect(sent).toEqual([
      { key: 'a', event: 'progress', data: ['m1'] },
      { key: 'b', event: 'progress', data: ['m3'] },
      { key: 'a', event: 'progress', data: ['m2', 'm1'] },
    ]);
    // The trailing send opened the next window: one more within it waits for its end.
    await coalescer.publish('a', 'progress', ['m1'], union);
    expect(sent).toHaveLength(3);
    vi.advanceTimersByTime(300);
    expect(sent).toHaveLength(4);
    // A window that sent nothing at its end closes: the next one goes out at once.
    vi.advanceTimersByTime(300);
    await coalescer.publish('a', 'progress', ['m4'], union);
    expect(sent.at(-1)).toEqual({ key: 'a', event: 'progress', data: ['m4'] });
  });

  it('keeps events of other names apart', async () => {
    await coalescer.publish('a', 'progress', ['m1'], union);
    await coalescer.publish('a', 'other', ['x'], union);
    expect(sent.map((s) => s.event)).toEqual(['progress', 'other']);
  });

  it('sends what is pending when flushed (the app closes) and forgets its windows', async () => {
    await coalescer.publish('a', 'progress', ['m1'], union);
    await coalescer.publish('a', 'progress', ['m2'], union);
    await coalescer.publish('b', 'progress', ['m3'], union);
    await coalescer.flush();
    expect(sent.map((s) => s.data)).toEqual([['m1'], ['m3'], ['m2']]);
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(3);
  });

  it('reports a failed trailing send and keeps going', async () => {
    const errors: unknown[] = [];
    coalescer = new EventCoalescer(async () => {
      throw new Error('database gone');
    });
    coalescer.onError = (error) => errors.push(error);
    await expect(coalescer.publish('a', 'progress', ['m1'], union)).rejects.toThrow('database gone');
    await coalescer.publish('a', 'progress', ['m2'], union);
    await vi.advanceTimersByTimeAsync(300);
    expect(errors).toHaveLength(1);
  });
});
