import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extend(app) {
        app.get(
          '/v2/test/limited',
          { config: { public: 'test', rateLimit: { max: 2, timeWindow: 60_000 } } },
          async () => ({
            data: 'ok',
          }),
        );
        app.get('/v2/test/unlimited', { config: { public: 'test' } }, async () => ({ data: 'ok' }));
      },
    },
  );
});
afterAll(async () => t.close());

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the usual helmet headers', async () => {
    const res = await t.app.inject('/health/live');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // WebAssembly may be compiled (the QR scanner, pdf.js), never inline or eval'd scripts.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
  });

  it('gives the API docs their own policy', async () => {
    const page = await t.app.inject('/docs/');
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    const initializer = await t.app.inject('/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    // The app's own routes keep the strict one.
    const api = await t.app.inject('/v2/openapi.json');
    expect(String(api.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('rate limits', () => {
  it('limits only the routes that opt in, with the Indonesian 429 envelope', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject('/v2/test/limited')).statusCode).toBe(200);
    }
    const limited = await t.app.inject('/v2/test/limited');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: {
        code: 'rate_limited',
        message: 'Terlalu banyak percobaan. Silakan coba lagi dalam beberapa saat.',
      },
      detail: null,
    });
    expect(limited.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject('/v2/test/unlimited')).statusCode).toBe(200);
    }
  });
});
