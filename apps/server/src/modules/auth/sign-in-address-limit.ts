/** Most addresses remembered; a flood of spoofed-looking addresses cannot grow the map without bound. */
const maxAddresses = 50_000;

/**
 * Failed sign-ins per client address in a sliding minute, in this instance's memory. Only failures
 * count: a whole campus behind one NAT address signing in at exam time succeeds, while one address
 * spraying guesses over many usernames is stopped after `max` wrong passwords.
 */
export class FailedSignInsPerAddress {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Seconds until the address may try again, or 0 when it may try now. */
  waitSeconds(address: string, now = Date.now()): number {
    const times = this.recent(address, now);
    if (times.length < this.max) return 0;
    return Math.max(1, Math.ceil((times[0]! + this.windowMs - now) / 1000));
  }

  /** Counts one failed sign-in from the address. */
  record(address: string, now = Date.now()): void {
    const times = this.recent(address, now);
    if (times.length === 0) {
      if (this.failures.size >= maxAddresses) this.dropOldest();
      this.failures.set(address, times);
    }
    times.push(now);
    // Only the newest `max` matter for the decision.
    if (times.length > this.max) times.splice(0, times.length - this.max);
  }

  private recent(address: string, now: number): number[] {
    const times = this.failures.get(address);
    if (!times) return [];
    while (times.length > 0 && times[0]! <= now - this.windowMs) times.shift();
    if (times.length === 0) this.failures.delete(address);
    return times;
  }

  private dropOldest(): void {
    let dropped = 0;
    for (const key of this.failures.keys()) {
      if (dropped++ >= maxAddresses / 10) break;
      this.failures.delete(key);
    }
  }
}
