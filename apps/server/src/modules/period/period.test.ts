import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSemesterSchema } from '@lms/contract/period.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  token = (await signIn(t.app, 'mahasiswa')).access_token;
});
afterAll(async () => {
  await t.close();
});

describe('GET /v1/semester_akademik_berjalan', () => {
  it('answers the college’s current period', async () => {
    const res = await t.app.inject({ url: '/v1/semester_akademik_berjalan', headers: bearerHeaders(token) });
    expect(res.statusCode).toBe(200);
    const data = currentSemesterSchema.parse(res.json().data);
    expect(data).toMatchObject({ tahun: 2026, semester: 1, periode: 20261, label: '2026/2027 Ganjil' });
    expect(data.tanggal_mulai).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers null when no period is current, and needs a session', async () => {
    await t.database.query(`update periods set is_current = false where college_id = 'demo'`);
    const res = await t.app.inject({ url: '/v1/semester_akademik_berjalan', headers: bearerHeaders(token) });
    expect(res.json()).toEqual({ data: null });
    expect((await t.app.inject({ url: '/v1/semester_akademik_berjalan' })).statusCode).toBe(401);
  });
});
