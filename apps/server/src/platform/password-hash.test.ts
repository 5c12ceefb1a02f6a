import { describe, expect, it } from 'vitest';
import { RetryLaterError } from './app-error.ts';
import { PasswordHashGate } from './password-hash.ts';

/** A task that runs until the test releases it. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release };
}

describe('PasswordHashGate', () => {
  it('runs the cap at once, queues up to the bound, and refuses the rest at once with 503', async () => {
    const gate = new PasswordHashGate(2, 1);
    const first = held();
    const second = held();
    const third = held();
    const running = [gate.run(first.task), gate.run(second.task)];
    const queued = gate.run(third.task);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });

    const refused = await gate.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'server_sibuk', retryAfterSeconds: 1 });

    // A finishing task hands its slot to the one waiting.
    first.release();
    await running[0];
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    second.release();
    third.release();
    await Promise.all([running[1], queued]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const gate = new PasswordHashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('argon2 gagal')))).rejects.toThrow('argon2 gagal');
    expect(await gate.run(async () => 'lagi')).toBe('lagi');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
