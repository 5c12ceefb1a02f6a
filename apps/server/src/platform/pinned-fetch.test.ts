import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPinned } from './pinned-fetch.ts';

// A server on 127.0.0.2 only: `localhost` resolves to 127.0.0.1 or ::1, where it does not listen, so
// an answer proves the connection went to the pinned address and not to a fresh DNS answer.
let server: Server;
let port: number;
const seen: { host?: string; localAddress?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ host: request.headers.host, localAddress: request.socket.localAddress, body });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchPinned', () => {
  it('connects to the checked address whatever DNS says of the name, and keeps the name for the request', async () => {
    const answer = await fetchPinned(
      `http://localhost:${port}/token`,
      { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code' }) },
      ['127.0.0.2'],
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({
      host: `localhost:${port}`,
      localAddress: '127.0.0.2',
      body: 'grant_type=authorization_code',
    });
  });

  it('fails rather than ask DNS when no address was checked', async () => {
    const before = seen.length;
    await expect(fetchPinned(`http://localhost:${port}/`, {}, [])).rejects.toThrow();
    expect(seen.length).toBe(before);
  });
});
