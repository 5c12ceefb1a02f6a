import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@lms/contract/error-messages';
import { shedRetryAfterSeconds } from './load-shedding.plugin.ts';
import { signToken } from '../testing/requests.ts';
import { openSseClient, type SseClient } from '../testing/sse-client.ts';
import { buildTestApp, createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let base: string;
let stream: SseClient | undefined;
const others: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listenOnLoopback(t.app);
});
afterAll(async () => {
  stream?.close();
  for (const app of others) await app.close();
  await t.close();
});

/** The value of one series (name and labels exactly as exposed), or undefined when it is absent. */
function seriesValue(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Listens on a free loopback port; answers the base URL. */
async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('GET /metrics', () => {
  it('answers a scraper on this machine with the named series after some traffic', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/v1/configuration`)).status).toBe(200);
    expect((await fetch(`${base}/v2/lms/profil`)).status).toBe(401);
    expect((await fetch(`${base}/tidak/ada/${'x'.repeat(10)}`)).status).toBe(404);
    const [student] = await t.database.query<{ id: string }>(
      `select id from users where username = 'mahasiswa'`,
    );
    const token = await signToken(t.app, { userId: student!.id, collegeId: 'demo', role: 'mahasiswa' });
    stream = await openSseClient(`${base}/v2/lms/events?stream=sistem&access_token=${token}`);
    await until(() => t.app.events.openStreams === 1);
    // Workers are off in tests: the job stays queued.
    await t.app.jobs.send('token-cleanup');

    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await res.text();

    // Per route pattern, method and status; an unmatched path is one label, never its raw URL.
    expect(
      seriesValue(
        body,
        'http_request_duration_seconds_count{method="GET",route="/v1/configuration",status_code="200"}',
      ),
    ).toBe(3);
    const configurationSeconds = seriesValue(
      body,
      'http_request_duration_seconds_sum{method="GET",route="/v1/configuration",status_code="200"}',
    );
    expect(configurationSeconds).toBeGreaterThan(0);
    expect(configurationSeconds).toBeLessThan(30);
    expect(
      seriesValue(
        body,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/v2/lms/profil",status_code="401"}',
      ),
    ).toBe(1);
    expect(
      seriesValue(
        body,
        'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(1);
    expect(body).not.toContain('/tidak/ada');
    expect(seriesValue(body, 'http_responses_total{status_code="200"}')).toBeGreaterThanOrEqual(3);
    expect(seriesValue(body, 'http_responses_total{status_code="401"}')).toBe(1);

    expect(seriesValue(body, 'lms_sse_streams_open')).toBe(1);
    expect(seriesValue(body, 'lms_jobs{queue="token-cleanup",state="created"}')).toBe(1);

    expect(seriesValue(body, `lms_database_info{kind="${t.database.kind}"}`)).toBe(1);
    if (t.database.kind === 'postgres') {
      expect(seriesValue(body, 'lms_database_pool_max')).toBe(10);
      expect(seriesValue(body, 'lms_database_pool_open')).toBeGreaterThanOrEqual(1);
      expect(seriesValue(body, 'lms_database_pool_idle')).toBeGreaterThanOrEqual(0);
      // Read while the scrape's own queries run, so it may count one of them.
      expect(seriesValue(body, 'lms_database_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else {
      // One embedded connection in the process: no pool to report.
      expect(body).not.toContain('lms_database_pool_');
    }

    expect(seriesValue(body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(body, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(seriesValue(body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1024 * 1024);
  }, 60_000);

  it('without METRICS_TOKEN refuses callers from elsewhere and through a proxy', async () => {
    const remote = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().status.code).toBe('forbidden');
    expect(remote.body).not.toContain('http_request');
    const proxied = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.status).toBe(403);
  });

  it('with METRICS_TOKEN answers the bearer of that token, wherever it is, and no one else', async () => {
    const secret = 'scrape-token-0123456789';
    const app = await buildTestApp(t.database, { metricsToken: secret });
    others.push(app);
    const scrape = (headers: Record<string, string>) =>
      app.inject({ url: '/metrics', remoteAddress: '10.9.8.7', headers });
    expect((await scrape({})).statusCode).toBe(401);
    expect((await scrape({ authorization: 'Bearer scrape-token-salah' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const ok = await scrape({ authorization: `Bearer ${secret}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After and an Indonesian message past the heap limit; probes and metrics still answer', async () => {
    // A 1-byte heap limit: pressure from the first sample on (under-pressure samples every second).
    const app = await buildTestApp(t.database, { pressureMaxHeapBytes: 1 });
    others.push(app);
    await until(() => app.isUnderPressure());

    const shed = await app.inject('/v1/configuration');
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe(String(shedRetryAfterSeconds));
    expect(shed.json()).toEqual({
      status: { code: 'server_kelebihan_beban', message: errorMessages.server_kelebihan_beban },
      detail: null,
    });
    // Shed before authentication: a signed-in route answers the same without a token check.
    expect((await app.inject('/v2/lms/profil')).statusCode).toBe(503);

    expect((await app.inject('/health/live')).statusCode).toBe(200);
    expect((await app.inject('/health/ready')).statusCode).toBe(200);
    // The app's pages are not shed: a navigation would show the bare envelope (API calls are retried).
    const page = await app.inject('/kelas-kuliah/20261_01_IF2102');
    expect(page.statusCode).not.toBe(503);
    expect(page.body).not.toContain('server_kelebihan_beban');
    const metrics = await app.inject('/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(seriesValue(metrics.body, 'http_responses_total{status_code="503"}')).toBe(2);
  }, 30_000);

  it('sheds past the requests in flight; a request whose answer has started no longer counts', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let streamResponse: ServerResponse | undefined;
    const app = await buildTestApp(
      t.database,
      { pressureMaxRequestsInFlight: 2 },
      {
        extend(app) {
          app.get('/v2/test/tertahan', { config: { public: 'uji' } }, async () => {
            await held;
            return { ok: true };
          });
          // An event stream: headers out at once, then open until the client leaves.
          app.get('/v2/test/aliran', { config: { public: 'uji' } }, (_request, reply) => {
            reply.hijack();
            reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
            reply.raw.write(': buka\n\n');
            streamResponse = reply.raw;
          });
        },
      },
    );
    const url = await listenOnLoopback(app);

    const streamAbort = new AbortController();
    const stream = await fetch(`${url}/v2/test/aliran`, { signal: streamAbort.signal });
    expect(stream.status).toBe(200);
    const first = fetch(`${url}/v2/test/tertahan`);
    const second = fetch(`${url}/v2/test/tertahan`);
    // Both held requests reach the server (the stream's place was given back when its headers left).
    await new Promise((r) => setTimeout(r, 300));
    const shed = await fetch(`${url}/v1/configuration`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe(String(shedRetryAfterSeconds));
    expect(((await shed.json()) as { status: { code: string } }).status.code).toBe('server_kelebihan_beban');
    // Probes still answer.
    expect((await fetch(`${url}/health/live`)).status).toBe(200);

    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await fetch(`${url}/v1/configuration`)).status).toBe(200);
    streamAbort.abort();
    streamResponse?.end();
    await app.close();
  }, 30_000);

  it('lets a request past the cap wait its turn, and refuses one whose wait runs out', async () => {
    const holds: Array<() => void> = [];
    const app = await buildTestApp(
      t.database,
      { pressureMaxRequestsInFlight: 1, pressureMaxQueueMs: 1_000 },
      {
        extend(app) {
          app.get(
            '/v2/test/tertahan',
            { config: { public: 'uji' } },
            () => new Promise<{ ok: true }>((r) => holds.push(() => r({ ok: true }))),
          );
        },
      },
    );
    const url = await listenOnLoopback(app);

    const first = fetch(`${url}/v2/test/tertahan`);
    await until(() => holds.length >= 1);
    // Waits for the place instead of a 503, and gets it once the first answer leaves.
    const waiting = fetch(`${url}/v1/configuration`);
    await new Promise((r) => setTimeout(r, 200));
    // The bound's state is in /metrics, which is never held back itself.
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^lms_admission_limit 1$/m);
    expect(metrics).toMatch(/^lms_admission_working 1$/m);
    expect(metrics).toMatch(/^lms_admission_waiting 1$/m);
    holds[0]!();
    expect((await first).status).toBe(200);
    expect((await waiting).status).toBe(200);

    // A place held past the wait: refused with Retry-After once the wait has run out, not before.
    const holder = fetch(`${url}/v2/test/tertahan`);
    await until(() => holds.length >= 2);
    const sentAt = Date.now();
    const refused = await fetch(`${url}/v1/configuration`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(shedRetryAfterSeconds));
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(900);
    holds[1]!();
    expect((await holder).status).toBe(200);
    await app.close();
  }, 30_000);

  it("lets an exam's requests and uploads past a full bound, and counts the exam's in it", async () => {
    const holds: Array<() => void> = [];
    const held = () => new Promise<{ ok: true }>((r) => holds.push(() => r({ ok: true })));
    const app = await buildTestApp(
      t.database,
      { pressureMaxRequestsInFlight: 1, pressureMaxQueueMs: 0 },
      {
        extend(app) {
          app.get('/v2/test/tertahan', { config: { public: 'uji' } }, held);
          app.get('/v2/test/ujian', { config: { public: 'uji', critical: true } }, held);
          void app.register(async (scope) => {
            scope.addContentTypeParser('multipart/form-data', (_request, body, done) => {
              body.resume();
              body.on('end', () => done(null, {}));
            });
            scope.post('/v2/test/unggah', { config: { public: 'uji' } }, async () => ({ ok: true }));
          });
        },
      },
    );
    const url = await listenOnLoopback(app);

    const ordinary = fetch(`${url}/v2/test/tertahan`);
    await until(() => holds.length >= 1);
    expect((await fetch(`${url}/v1/configuration`)).status).toBe(503);
    // An upload's time is mostly the client's sending: never held back, never counted.
    const form = new FormData();
    form.append('berkas', new Blob(['isi']), 'jawaban.txt');
    expect((await fetch(`${url}/v2/test/unggah`, { method: 'POST', body: form })).status).toBe(200);
    const exam = fetch(`${url}/v2/test/ujian`);
    await until(() => holds.length >= 2);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^lms_admission_working 2$/m);

    // The exam's request alone still fills the bound.
    holds[0]!();
    expect((await ordinary).status).toBe(200);
    expect((await fetch(`${url}/v1/configuration`)).status).toBe(503);
    holds[1]!();
    expect((await exam).status).toBe(200);
    expect((await fetch(`${url}/v1/configuration`)).status).toBe(200);
    await app.close();
  }, 30_000);

  it('takes requests while under the limits', async () => {
    const app = await buildTestApp(t.database, {
      pressureMaxHeapBytes: 64 * 1024 ** 3,
      pressureMaxEventLoopDelayMs: 60_000,
    });
    others.push(app);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(app.isUnderPressure()).toBe(false);
    expect((await app.inject('/v1/configuration')).statusCode).toBe(200);
  }, 30_000);
});
