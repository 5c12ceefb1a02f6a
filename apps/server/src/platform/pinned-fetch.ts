import http from 'node:http';
import https from 'node:https';
import { pinnedLookup } from './outbound-address.ts';

/** What a caller of `fetch` passes that this one honours (what openid-client's custom fetch receives). */
export interface PinnedFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | ReadableStream | null;
  signal?: AbortSignal | null;
}

/** An answer larger than this is refused: discovery documents, keys and tokens are far smaller. */
const maxAnswerBytes = 1024 * 1024;

/** Statuses whose Response may carry no body. */
const nullBodyStatuses = new Set([101, 204, 205, 304]);

async function bodyBytes(body: PinnedFetchInit['body']): Promise<Buffer | undefined> {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ReadableStream) return Buffer.from(await new Response(body).arrayBuffer());
  return Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
}

/**
 * `fetch` for a URL whose host was checked against the outbound-address rules: the connection uses only
 * `addresses`, the answers that check accepted (`pinnedLookup`), never a fresh DNS answer; a fresh
 * connection each time (no shared agent), no redirects followed, the answer bounded in size. Answers a
 * standard Response, as libraries taking a custom fetch expect.
 */
export async function fetchPinned(
  url: string | URL,
  init: PinnedFetchInit,
  addresses: readonly string[],
): Promise<Response> {
  const target = new URL(url);
  const payload = await bodyBytes(init.body);
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: init.method ?? 'GET',
        headers: {
          ...init.headers,
          ...(payload ? { 'content-length': String(payload.length) } : {}),
        },
        lookup: pinnedLookup(addresses),
        agent: false,
        ...(init.signal ? { signal: init.signal } : {}),
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxAnswerBytes) {
            request.destroy(new Error(`Answer larger than ${maxAnswerBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        answer.on('error', reject);
        answer.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
              headers.append(name, one);
            }
          }
          const status = answer.statusCode ?? 502;
          resolve(
            new Response(nullBodyStatuses.has(status) ? null : Buffer.concat(chunks), {
              status,
              statusText: answer.statusMessage ?? '',
              headers,
            }),
          );
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
