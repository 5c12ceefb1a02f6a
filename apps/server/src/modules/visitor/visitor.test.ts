import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorStatisticSchema } from '@lms/contract/visitor.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { authedRequest, bearerHeaders, signInAll, signToken } from '../../testing/requests.ts';
import { buildOperatorPermissions, createCollege, createUser } from '../../testing/factories.ts';
import { startOfDayInZone } from './visitor.service.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen', 'operator', 'operator.lihat']));
});
afterAll(async () => t.close());

describe('visitors', () => {
  it('records last activity and counts online users by role for operators', async () => {
    for (const who of ['mahasiswa', 'dosen']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v2/lms/visitor/last_active',
        headers: bearerHeaders(tokens[who]!),
      });
      expect(res.statusCode).toBe(200);
    }
    // Active earlier today (beyond 5 minutes) but not now; and another college's user now.
    await t.database.query(
      `update users set last_active_at = now() - interval '6 minutes' where username = 'operator.lihat'`,
    );
    const { collegeId } = await createCollege(t.database);
    await createUser(t.database, { collegeId, role: 'mahasiswa', lastActiveAt: new Date() });
    const res = await t.app.inject({
      url: '/v2/lms/visitor/statistic',
      headers: bearerHeaders(tokens['operator.lihat']!),
    });
    expect(res.statusCode).toBe(200);
    const stat = visitorStatisticSchema.parse(res.json().data);
    expect(stat.per_role.mahasiswa.online).toBe(1);
    expect(stat.per_role.dosen.online).toBe(1);
    expect(stat.online).toBe(2);
    expect(stat.jendela_online_menit).toBe(5);
    // operator.lihat counts today unless the 6 minutes cross midnight WIB.
    expect(stat.hari_ini).toBeGreaterThanOrEqual(2);
  });

  it('refuses the statistic to students, lecturers and operators without laporan', async () => {
    for (const who of ['mahasiswa', 'dosen']) {
      const res = await t.app.inject({
        url: '/v2/lms/visitor/statistic',
        headers: bearerHeaders(tokens[who]!),
      });
      expect(res.statusCode).toBe(403);
    }
    const withoutLaporan = await createUser(t.database, {
      collegeId: 'demo',
      role: 'operator',
      permissions: buildOperatorPermissions('write', { laporan: 'no_access' }),
    });
    const refused = await authedRequest(t.app, await signToken(t.app, withoutLaporan), {
      url: '/v2/lms/visitor/statistic',
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/v2/lms/visitor/last_active',
          headers: { 'college-id': 'demo' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('starts the day at local midnight', () => {
    expect(startOfDayInZone(new Date('2026-05-01T18:30:00Z'), 'Asia/Jakarta').toISOString()).toBe(
      '2026-05-01T17:00:00.000Z',
    );
    expect(startOfDayInZone(new Date('2026-05-01T16:30:00Z'), 'Asia/Jakarta').toISOString()).toBe(
      '2026-04-30T17:00:00.000Z',
    );
    expect(startOfDayInZone(new Date('2026-05-01T16:30:00Z'), 'Asia/Jayapura').toISOString()).toBe(
      '2026-05-01T15:00:00.000Z',
    );
  });
});
