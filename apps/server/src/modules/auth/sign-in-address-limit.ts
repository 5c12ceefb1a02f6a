import type { Database } from '../../db/database.ts';
import { countRequest, readRequestCount } from '../../platform/rate-limit-store.ts';

const scope = 'sign-in-failures-per-address';

/**
 * Failed sign-ins per client address in a minute from the first, counted in the database so every
 * instance sees the same count. Only failures count: a whole campus behind one NAT address signing in
 * at exam time succeeds, while one address spraying guesses over many usernames is stopped after `max`
 * wrong passwords.
 */
export class FailedSignInsPerAddress {
  constructor(
    private readonly database: Database,
    private readonly max: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Seconds until the address may try again, or 0 when it may try now. */
  async waitSeconds(address: string): Promise<number> {
    const { count, ttlMs } = await readRequestCount(this.database, scope, address);
    return count < this.max ? 0 : Math.max(1, Math.ceil(ttlMs / 1000));
  }

  /** Counts one failed sign-in from the address. */
  async record(address: string): Promise<void> {
    await countRequest(this.database, scope, address, this.windowMs);
  }
}
