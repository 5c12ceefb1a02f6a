import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../testing/requests.ts';
import { createTestApp } from '../testing/test-app.ts';

// A real OTLP/HTTP endpoint: the exporter POSTs its JSON here exactly as it would to a collector
// (no collector is packaged on npm or Debian; what arrives is what a collector would receive).

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const exports: OtlpExport[] = [];
let collector: Server;
let collectorUrl: string;

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        exports.push(JSON.parse(body) as OtlpExport);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
});
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  if (value === undefined) return undefined;
  return value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue));
};

describe('OpenTelemetry traces', () => {
  it('sends a span per request, named by route pattern with its status, and no secrets', async () => {
    const t = await createTestApp({ tracing: { tracesUrl: collectorUrl, serviceName: 'lms-test' } });
    const [student] = await t.database.query<{ id: string }>(
      `select id from users where username = 'mahasiswa'`,
    );
    const token = await signToken(t.app, { userId: student!.id, collegeId: 'demo', role: 'mahasiswa' });
    const secretQuery = 'rahasia-di-query-123';
    try {
      expect((await t.app.inject({ url: '/v1/configuration' })).statusCode).toBe(200);
      const profile = await t.app.inject({
        url: `/v2/lms/profil?kunci=${secretQuery}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(profile.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/v2/lms/profil' })).statusCode).toBe(401);
      expect((await t.app.inject({ url: `/tidak/ada/${secretQuery}` })).statusCode).toBe(404);
    } finally {
      // Closing flushes the batch to the endpoint.
      await t.close();
    }

    const spans = exports.flatMap((e) =>
      e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );
    const serviceNames = exports.flatMap((e) =>
      e.resourceSpans.map(
        (r) => r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue,
      ),
    );
    expect(new Set(serviceNames)).toEqual(new Set(['lms-test']));

    const requests = spans.filter((s) => attribute(s, 'http.response.status_code') !== undefined);
    expect(
      requests.map((s) => [s.name, attribute(s, 'http.route'), attribute(s, 'http.response.status_code')]),
    ).toEqual(
      expect.arrayContaining([
        ['GET /v1/configuration', '/v1/configuration', 200],
        ['GET /v2/lms/profil', '/v2/lms/profil', 200],
        ['GET /v2/lms/profil', '/v2/lms/profil', 401],
      ]),
    );
    const notFound = requests.find((s) => attribute(s, 'http.response.status_code') === 404);
    expect(notFound?.name).toBe('GET unmatched');
    // The path is the pattern: the raw URL (its query, an id or token in it) is never kept.
    for (const span of requests)
      expect(attribute(span, 'url.path')).toBe(attribute(span, 'http.route') ?? 'unmatched');

    // The handler runs inside its request's trace.
    const profileRequest = requests.find(
      (s) => attribute(s, 'http.response.status_code') === 200 && s.name === 'GET /v2/lms/profil',
    )!;
    expect(
      spans.some((s) => s.parentSpanId === profileRequest.spanId && s.traceId === profileRequest.traceId),
    ).toBe(true);

    if (process.env.TEST_DATABASE_URL) {
      // On PostgreSQL each statement of the request is a child span, its text without the values.
      const statements = spans.filter(
        (s) => s.traceId === profileRequest.traceId && attribute(s, 'db.system.name') === 'postgresql',
      );
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.map((s) => attribute(s, 'db.query.text'))).toEqual(
        expect.arrayContaining([expect.stringContaining('$1')]),
      );
    }

    const everything = JSON.stringify(exports);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(secretQuery);
    expect(everything.toLowerCase()).not.toContain('authorization');
    expect(everything).not.toContain('Bearer');
  });

  it('is off, with nothing of OpenTelemetry loaded, unless configured', async () => {
    const before = exports.length;
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/v1/configuration' })).statusCode).toBe(200);
      expect(t.app.hasPlugin('@fastify/otel')).toBe(false);
    } finally {
      await t.close();
    }
    expect(exports.length).toBe(before);
  });
});
