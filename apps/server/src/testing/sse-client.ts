/** One message of an event stream: an event with its data, or a comment line (heartbeat). */
export interface SseMessage {
  event?: string;
  data?: string;
  comment?: string;
}

export interface SseClient {
  response: Response;
  /** Every message received so far. */
  messages: SseMessage[];
  /** Resolves with the first message (already received or coming) that matches; rejects after `timeoutMs`. */
  next(match: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Disconnects, as a browser tab closing would. */
  close(): void;
}

/**
 * Opens an event stream over real HTTP (`app.inject` waits for the end of a response, which a stream
 * never reaches) and parses it as the browser's EventSource would.
 */
export async function openSseClient(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();

  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            messages.push(parseBlock(buffer.slice(0, end)));
            buffer = buffer.slice(end + 2);
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // Aborted by close(), or the connection dropped: either way the stream has ended.
      }
      for (const wake of waiters) wake();
    })();
  }

  let done = false;
  void ended.then(() => (done = true));

  return {
    response,
    messages,
    ended,
    close: () => controller.abort(),
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < messages.length; seen++) {
            if (match(messages[seen]!)) {
              cleanup();
              resolve(messages[seen]!);
              return;
            }
          }
          if (done) {
            cleanup();
            reject(new Error('stream ended before the expected message'));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

function parseBlock(block: string): SseMessage {
  const message: SseMessage = {};
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comment = line.slice(1).trim();
    else if (line.startsWith('event:')) message.event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length > 0) message.data = data.join('\n');
  return message;
}
