import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('platform', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().migrations).toBeGreaterThan(0);
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await t.app.inject('/v2/lms/tidak-ada');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: { code: 'route_not_found', message: 'Alamat API tidak ditemukan.' },
      detail: null,
    });
  });

  it('refuses an unknown college with 400', async () => {
    const res = await t.app.inject({ url: '/v2/lms/tidak-ada', headers: { 'college-id': 'lain' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.code).toBe('unknown_college');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject('/v2/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
