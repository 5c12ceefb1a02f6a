import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamKey } from './event-hub.ts';
import { signToken } from '../testing/requests.ts';
import { openSseClient, type SseClient } from '../testing/sse-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let base: string;
let token: string;
let studentId: string;
const clients: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app.events.settings, { heartbeatMs: 100, timeEveryMs: 200 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // A real account: the platform reads the caller's current rights on every request.
  const [student] = await t.database.query<{ id: string }>(
    `select id from users where username = 'mahasiswa'`,
  );
  studentId = student!.id;
  token = await signToken(t.app, { userId: studentId, collegeId: 'demo', role: 'mahasiswa' });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

async function connect(query: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const client = await openSseClient(`${base}/v2/lms/events?${query}`, headers);
  clients.push(client);
  return client;
}

const until = async (check: () => boolean, timeoutMs = 3_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('GET /v2/lms/events?stream=sistem', () => {
  it('refuses a caller without a token', async () => {
    const res = await t.app.inject('/v2/lms/events?stream=sistem');
    expect(res.statusCode).toBe(401);
    expect(res.json().status.code).toBe('unauthorized');
  });

  it('refuses a token of another college, and an unknown stream', async () => {
    const other = await t.app.inject(`/v2/lms/events?stream=sistem&access_token=${token}&college-id=lain`);
    expect(other.statusCode).toBe(400);
    expect(other.json().status.code).toBe('unknown_college');
    const bad = await t.app.inject({
      url: '/v2/lms/events?stream=rahasia',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.code).toBe('validation_failed');
  });

  it('streams the server clock and heartbeats, with the SSE headers', async () => {
    const client = await connect(`stream=sistem&access_token=${token}&college-id=demo`);
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(client.response.headers.get('x-accel-buffering')).toBe('no');
    const first = await client.next((m) => m.event === 'time');
    expect(first.data).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(first.data!) - Date.now())).toBeLessThan(5_000);
    await client.next((m) => m.comment === 'heartbeat');
    // The period is settable; a second `time` arrives on it.
    await client.next((m) => m.event === 'time' && m.data !== first.data);
  });

  it('accepts the token in the authorization header too', async () => {
    const client = await connect('stream=sistem', { authorization: `Bearer ${token}` });
    expect(client.response.status).toBe(200);
    await client.next((m) => m.event === 'time');
  });

  it('delivers published events to subscribers of the same key only', async () => {
    const client = await connect(`stream=sistem&access_token=${token}`);
    await client.next((m) => m.event === 'time');
    await t.app.events.publish(streamKey('kampus-lain', 'sistem'), 'pengumuman', { id: 'bukan-untukmu' });
    await t.app.events.publish(streamKey('demo', 'ujian', 'x'), 'time_changed', { id: 'x' });
    await t.app.events.publish(streamKey('demo', 'sistem'), 'pengumuman', {
      id: 'p1',
      judul: 'Baris\nkedua',
    });
    const message = await client.next((m) => m.event === 'pengumuman');
    expect(JSON.parse(message.data!)).toEqual({ id: 'p1', judul: 'Baris\nkedua' });
    expect(
      client.messages.filter((m) => m.event === 'pengumuman' || m.event === 'time_changed'),
    ).toHaveLength(1);
  });

  it('sends multi-line strings as several data lines', async () => {
    const client = await connect(`stream=sistem&access_token=${token}`);
    await client.next((m) => m.event === 'time');
    await t.app.events.publish(streamKey('demo', 'sistem'), 'catatan', 'satu\ndua');
    expect((await client.next((m) => m.event === 'catatan')).data).toBe('satu\ndua');
  });

  it('refuses payloads beyond the NOTIFY limit', async () => {
    await expect(
      t.app.events.publish(streamKey('demo', 'sistem'), 'besar', 'x'.repeat(8_000)),
    ).rejects.toThrow(/events carry ids/);
  });

  it('ends the stream when its token expires', async () => {
    const shortLived = await signToken(
      t.app,
      { userId: studentId, collegeId: 'demo', role: 'mahasiswa' },
      { ttlSeconds: 3 },
    );
    // Three seconds, not one: on a loaded machine opening the stream took over a second, and a token
    // that expired before the first message ended the stream before the test could see it open.
    const issued = Date.now();
    const client = await connect(`stream=sistem&access_token=${shortLived}`);
    await client.next((m) => m.event === 'time');
    await client.ended;
    // JWT expiry has one-second resolution: the stream ends between two and about four seconds in.
    expect(Date.now() - issued).toBeGreaterThanOrEqual(2_000);
    expect(Date.now() - issued).toBeLessThan(4_500);
  });

  it('forgets a client that disconnects', async () => {
    const before = t.app.events.openStreams;
    const client = await connect(`stream=sistem&access_token=${token}`);
    await client.next((m) => m.event === 'time');
    expect(t.app.events.openStreams).toBe(before + 1);
    client.close();
    await until(() => t.app.events.openStreams === before);
  });
});

describe('closing the app', () => {
  it('ends every open stream so shutdown is not held up', async () => {
    const local = await createTestApp();
    await local.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(local.app.server.address() as AddressInfo).port}`;
    // Its own database: the session of the file's token is not stored there.
    const localToken = await signToken(local.app, {
      userId: studentId,
      collegeId: 'demo',
      role: 'mahasiswa',
    });
    const streams = await Promise.all(
      [1, 2].map(() => openSseClient(`${url}/v2/lms/events?stream=sistem&access_token=${localToken}`)),
    );
    for (const stream of streams) await stream.next((m) => m.event === 'time');
    const started = Date.now();
    await local.close();
    await Promise.all(streams.map((s) => s.ended));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(local.app.events.openStreams).toBe(0);
  });
});
