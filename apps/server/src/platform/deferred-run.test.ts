import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { deferredRun } from './deferred-run.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deferredRun', () => {
  it('joins requests into one run, runs once more for a request made while it runs, and moves on restart', async () => {
    const app = Fastify();
    const started: number[] = [];
    let release = () => undefined as void;
    const run = deferredRun(
      app,
      async () => {
        started.push(Date.now());
        if (started.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { delayMs: 20, failure: 'test run failed' },
    );
    run.request();
    run.request();
    await vi.waitFor(() => expect(started).toHaveLength(1));
    // Asked twice while the first runs: one more run after it, not two.
    run.request();
    run.request();
    release();
    await vi.waitFor(() => expect(started).toHaveLength(2));
    await pause(100);
    expect(started).toHaveLength(2);

    // A restart moves a waiting run later (without it, the first time would stand).
    const before = Date.now();
    run.request({ delayMs: 20 });
    run.request({ delayMs: 200, restart: true });
    await vi.waitFor(() => expect(started).toHaveLength(3), { timeout: 5000 });
    expect(started[2]! - before).toBeGreaterThanOrEqual(190);
    await app.close();
  });

  it('lets a run under way finish on close and drops one still waiting', async () => {
    const app = Fastify();
    let began = false;
    let finished = 0;
    const slow = deferredRun(
      app,
      async () => {
        began = true;
        await pause(50);
        finished += 1;
      },
      { delayMs: 0, failure: 'test run failed' },
    );
    slow.request();
    await vi.waitFor(() => expect(began).toBe(true));
    deferredRun(app, async () => (finished += 100), { delayMs: 1000, failure: 'test run failed' }).request();
    await app.close();
    expect(finished).toBe(1);
    slow.request();
    await pause(20);
    expect(finished).toBe(1);
  });
});
