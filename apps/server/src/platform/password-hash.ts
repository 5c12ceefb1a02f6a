import { hash, verify } from '@node-rs/argon2';
import { RetryLaterError } from './app-error.ts';

/** Hashes a password with argon2id (the library's defaults). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Whether the password matches the stored hash; a malformed stored hash never matches. */
export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Bounds password-hash work (argon2 costs tens of milliseconds of CPU and memory each): at most
 * `concurrency` run at once and at most `queue` wait for a slot. A request beyond that is refused at
 * once with 503 `server_sibuk` and Retry-After, instead of piling up behind a flood of sign-ins until
 * every request of the server times out.
 */
export class PasswordHashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  /** Runs `work` when a slot is free; throws 503 when the slots and the queue are full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else if (this.waiting.length < this.queue) {
      // The finishing task hands its slot over, so `running` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw new RetryLaterError(503, 'server_sibuk', 1);
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Work running and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
