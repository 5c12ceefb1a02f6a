import type { ServerResponse } from 'node:http';

export interface SseStreamOptions {
  /** Period of the comment lines that keep proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /** How long the browser's EventSource waits before reconnecting after the stream ends. */
  retryMs: number;
}

/** A slow client that stops reading is dropped past this much queued output; it reconnects. */
const maxBufferedBytes = 1024 * 1024;

/** One Server-Sent Events response: writes events and heartbeats until the client or the server closes it. */
export class SseStream {
  private closed = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly closeHandlers: Array<() => void> = [];

  constructor(
    private readonly res: ServerResponse,
    options: SseStreamOptions,
  ) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx buffers proxied responses unless told not to; events must leave at once.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    res.socket?.setNoDelay(true);
    res.write(`retry: ${options.retryMs}\n\n`);
    this.every(options.heartbeatMs, () => this.write(': heartbeat\n\n'));
    res.on('close', () => this.dispose());
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Sends one event; strings go as they are, anything else as JSON. */
  send(event: string, data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data ?? null);
    // A data field may not hold a line break: each line becomes its own `data:` line.
    const lines = text
      .split(/\r\n|\r|\n/)
      .map((line) => `data: ${line}\n`)
      .join('');
    this.write(`event: ${event}\n${lines}\n`);
  }

  /** Runs `task` every `ms` while the stream is open. */
  every(ms: number, task: () => void): void {
    const timer = setInterval(task, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Ends the stream at the given time (epoch ms), e.g. when the token that opened it expires. */
  endAt(epochMs: number): void {
    const timer = setTimeout(() => this.close(), Math.max(0, epochMs - Date.now()));
    timer.unref();
    this.onClose(() => clearTimeout(timer));
  }

  /** Registers cleanup for when the stream ends, whoever ends it. */
  onClose(handler: () => void): void {
    if (this.closed) handler();
    else this.closeHandlers.push(handler);
  }

  /** Ends the stream from the server side (shutdown, or a client too slow to keep up). */
  close(): void {
    if (this.closed) return;
    this.res.end();
    this.dispose();
  }

  private write(chunk: string): void {
    if (this.closed) return;
    if (this.res.writableLength > maxBufferedBytes) {
      this.res.destroy();
      this.dispose();
      return;
    }
    this.res.write(chunk);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const handler of this.closeHandlers.splice(0)) handler();
  }
}
