import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSemesterSchema } from '@lms/contract/period.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { followCalendarPeriod } from './period.repository.ts';

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

describe('the current period follows the calendar', () => {
  const next = { kode: 20262, label: '2026/2027 Genap', mulai: '2027-02-01', selesai: '2027-07-31' };

  beforeAll(async () => {
    // The demo's period follows the seed's day; here it gets the calendar's odd-semester dates.
    await t.database.query(
      `update periods set tanggal_mulai = '2026-08-01', tanggal_selesai = '2027-01-31'
       where college_id = 'demo' and kode = 20261`,
    );
    await t.database.query(
      `insert into periods (college_id, kode, label, tanggal_mulai, tanggal_selesai)
       values ('demo', $1, $2, $3, $4) on conflict do nothing`,
      [next.kode, next.label, next.mulai, next.selesai],
    );
  });

  const current = async () =>
    (
      await t.database.query<{ kode: number }>(
        `select kode from periods where college_id = 'demo' and is_current`,
      )
    ).map((row) => row.kode);

  it('makes the period holding the day in the college zone current, on its first local day', async () => {
    await t.database.query(`update periods set is_current = (kode = 20261) where college_id = 'demo'`);
    // 31 Jan 2027 17:30 UTC is 1 Feb 00:30 in Jakarta: the even semester has begun there.
    expect(await followCalendarPeriod(t.app.db, 'demo', new Date('2027-01-31T16:30:00Z'))).toBe(20261);
    expect(await current()).toEqual([20261]);
    expect(await followCalendarPeriod(t.app.db, 'demo', new Date('2027-01-31T17:30:00Z'))).toBe(20262);
    expect(await current()).toEqual([20262]);
  });

  it('keeps the current period on a day no period holds, and sets one where none was', async () => {
    expect(await followCalendarPeriod(t.app.db, 'demo', new Date('2030-01-01T00:00:00Z'))).toBeUndefined();
    expect(await current()).toEqual([20262]);
    await t.database.query(`update periods set is_current = false where college_id = 'demo'`);
    expect(await followCalendarPeriod(t.app.db, 'demo', new Date('2027-03-01T00:00:00Z'))).toBe(20262);
    expect(await current()).toEqual([20262]);
  });
});
