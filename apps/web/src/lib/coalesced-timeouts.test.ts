import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, timeoutManager } from '@tanstack/react-query';
import { createCoalescedTimeouts } from './coalesced-timeouts.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const provider = () => createCoalescedTimeouts(() => Date.now());

describe('createCoalescedTimeouts', () => {
  it('keeps one platform timer for many long timers and runs each when due, earliest first', () => {
    const timeouts = provider();
    const ran: string[] = [];
    timeouts.setTimeout(() => ran.push('5 menit'), 300_000);
    timeouts.setTimeout(() => ran.push('30 detik'), 30_000);
    timeouts.setTimeout(() => ran.push('1 menit'), 60_000);
    timeouts.setTimeout(() => ran.push('30 detik lagi'), 30_000);
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(29_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['30 detik', '30 detik lagi']);
    vi.advanceTimersByTime(30_000);
    expect(ran).toEqual(['30 detik', '30 detik lagi', '1 menit']);
    vi.advanceTimersByTime(240_000);
    expect(ran).toEqual(['30 detik', '30 detik lagi', '1 menit', '5 menit']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs a cleared timer never, and one cleared by an earlier callback of the same round neither', () => {
    const timeouts = provider();
    const ran: string[] = [];
    const cleared = timeouts.setTimeout(() => ran.push('dibatalkan'), 10_000);
    const later = timeouts.setTimeout(() => ran.push('dibatalkan oleh yang lain'), 20_000);
    timeouts.setTimeout(() => {
      ran.push('membatalkan');
      timeouts.clearTimeout(later);
    }, 20_000 - 1);
    timeouts.clearTimeout(cleared);

    vi.advanceTimersByTime(20_000);
    expect(ran).toEqual(['membatalkan']);
  });

  it('re-arms for a timer due before the armed one', () => {
    const timeouts = provider();
    const ran: number[] = [];
    timeouts.setTimeout(() => ran.push(Date.now()), 60_000);
    const start = Date.now();
    timeouts.setTimeout(() => ran.push(Date.now()), 2_000);
    vi.advanceTimersByTime(2_000);
    expect(ran).toEqual([start + 2_000]);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('repeats an interval until it is cleared', () => {
    const timeouts = provider();
    let runs = 0;
    const id = timeouts.setInterval(() => (runs += 1), 60_000);
    vi.advanceTimersByTime(180_000);
    expect(runs).toBe(3);
    timeouts.clearInterval(id);
    vi.advanceTimersByTime(180_000);
    expect(runs).toBe(3);
  });

  it('gives short timers a platform timer each, which clear as usual', () => {
    const timeouts = provider();
    const ran: string[] = [];
    const first = timeouts.setTimeout(() => ran.push('percobaan ulang'), 300);
    timeouts.setTimeout(() => ran.push('tunda'), 500);
    const interval = timeouts.setInterval(() => ran.push('interval'), 400);
    expect(vi.getTimerCount()).toBe(3);
    timeouts.clearTimeout(first);
    vi.advanceTimersByTime(500);
    expect(ran).toEqual(['interval', 'tunda']);
    timeouts.clearInterval(interval);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a failing callback without keeping the others due from running', () => {
    const reported: unknown[] = [];
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => {
      try {
        task();
      } catch (error) {
        reported.push(error);
      }
    });
    const timeouts = provider();
    let ran = false;
    timeouts.setTimeout(() => {
      throw new Error('gagal');
    }, 5_000);
    timeouts.setTimeout(() => (ran = true), 5_000);
    vi.advanceTimersByTime(5_000);
    expect(ran).toBe(true);
    expect(reported).toEqual([new Error('gagal')]);
  });

  it("runs React Query's stale and garbage-collection timers", async () => {
    timeoutManager.setTimeoutProvider(provider());
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, gcTime: 300_000 } } });
    const observer = new QueryObserver(client, { queryKey: ['contoh'], queryFn: async () => 'isi' });
    const results: boolean[] = [];
    const unsubscribe = observer.subscribe((result) => results.push(result.isStale));
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().isStale).toBe(false);

    await vi.advanceTimersByTimeAsync(30_001);
    expect(observer.getCurrentResult().isStale).toBe(true);
    expect(results.at(-1)).toBe(true);

    unsubscribe();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(client.getQueryCache().find({ queryKey: ['contoh'] })).toBeUndefined();
  });
});
