/**
 * How long hot events of one stream are gathered into one announcement. A playback report comes every
 * 5 s per watching student, so a class of 50 sends 10 a second; at 300 ms a class's page hears at most
 * about 3 a second however many students watch, and a change shows at most 300 ms late, well under the
 * 5 s between a student's reports and the time the page's refetch takes anyway.
 */
export const coalesceWindowMs = 300;

type Send = (key: string, event: string, data: unknown) => Promise<void>;

interface Window {
  timer: NodeJS.Timeout;
  /** What arrived after the window's first announcement, merged; absent when nothing did. */
  pending?: { data: unknown };
  merge: (a: unknown, b: unknown) => unknown;
}

/**
 * Gathers hot events (activity facts announcing progress) of one stream and event into one NOTIFY per
 * window: the first goes out at once, what follows within the window goes out merged when it ends, and
 * a window that sent something opens the next, so a steady storm costs one NOTIFY per window. Per
 * instance: each instance gathers what it records itself, which is what bounds the NOTIFY volume; a
 * stream fed by N instances hears at most N announcements per window.
 */
export class EventCoalescer {
  windowMs = coalesceWindowMs;
  onError: (error: unknown) => void = (error) => console.error(error);
  private readonly windows = new Map<string, Window>();

  constructor(private readonly send: Send) {}

  async publish<T>(key: string, event: string, data: T, merge: (a: T, b: T) => T): Promise<void> {
    const id = `${event}\u0000${key}`;
    const open = this.windows.get(id);
    if (open) {
      open.pending = { data: open.pending ? open.merge(open.pending.data, data) : data };
      return;
    }
    this.open(id, key, event, merge as Window['merge']);
    await this.send(key, event, data);
  }

  /** Sends what is pending now and closes every window (the app is closing). */
  async flush(): Promise<void> {
    const due = [...this.windows].map(([id, w]) => [id, w.pending] as const);
    for (const w of this.windows.values()) clearTimeout(w.timer);
    this.windows.clear();
    for (const [id, pending] of due) {
      if (!pending) continue;
      const [event, key] = id.split('\u0000') as [string, string];
      await this.send(key, event, pending.data).catch(this.onError);
    }
  }

  private open(id: string, key: string, event: string, merge: Window['merge']): void {
    const timer = setTimeout(() => {
      const window = this.windows.get(id);
      this.windows.delete(id);
      if (!window?.pending) return;
      this.open(id, key, event, merge);
      this.send(key, event, window.pending.data).catch(this.onError);
    }, this.windowMs);
    // Pending announcements must not keep a finished process alive; closing the app flushes them.
    timer.unref();
    this.windows.set(id, { timer, merge });
  }
}
