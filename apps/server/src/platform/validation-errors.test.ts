import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@lms/contract/error-messages';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearerHeaders, signInAll } from '../testing/requests.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  token = (await signInAll(t.app, ['mahasiswa'])).mahasiswa!;
});
afterAll(async () => t.close());

describe('validation errors', () => {
  it('answers a bad id in the address with the address message, the fields kept in the detail', async () => {
    const res = await t.app.inject({ url: '/v2/lms/materi/bukan-uuid', headers: bearerHeaders(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toEqual({
      code: 'validation_failed',
      message: errorMessages.alamat_tidak_valid,
    });
    // Issue 45: 'Params.id: Uuid Tidak Valid' reached users; the field stays for the log and tools.
    expect(res.json().status.message).not.toMatch(/params|uuid/i);
    expect(res.json().detail.fields[0].field).toBe('params.id');
  });

  it("keeps a body field's own message, which forms show beside the field", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/authorize',
      headers: { 'college-id': 'demo' },
      payload: { username: 'mahasiswa', client_id: 'web' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toMatch(/^Data yang dikirim tidak valid\. body\.password: /);
  });
});
