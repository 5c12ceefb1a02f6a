import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfoSchema } from '@lms/contract/auth.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
});
afterAll(async () => t.close());

/** The student status the seed stored, or Aktif when the student has no record. */
async function storedStatus(username: string): Promise<string> {
  const rows = await t.database.query<{ status: string }>(
    `select s.status from students s join users u on u.id = s.user_id where u.username = $1`,
    [username],
  );
  return rows[0]?.status ?? 'Aktif';
}

describe('GET /v2/user_info', () => {
  it.each(['mahasiswa', 'mahasiswa.cuti', 'dosen', 'operator', 'operator.lihat'])(
    'describes %s',
    async (username) => {
      const tokens = await signIn(t.app, username);
      const res = await t.app.inject({ url: '/v2/user_info', headers: bearerHeaders(tokens.access_token) });
      expect(res.statusCode).toBe(200);
      const info = userInfoSchema.parse(res.json().data);
      expect(info.username).toBe(username);
      expect(info.college_id).toBe('demo');
      expect(info.acting_operator).toBeNull();
      if (username.startsWith('mahasiswa')) {
        expect(info.role).toBe('mahasiswa');
        expect(info.status).toBe(await storedStatus(username));
        expect(info.permissions).toBeNull();
      } else if (username === 'dosen') {
        expect(info).toMatchObject({ role: 'dosen', status: 'Aktif', permissions: null, prodi: null });
      } else {
        expect(info.role).toBe('operator');
        expect(info.permissions?.kelas_kuliah).toBe(username === 'operator' ? 'write' : 'read');
      }
    },
  );

  it('needs a token', async () => {
    const res = await t.app.inject({ url: '/v2/user_info', headers: { 'college-id': 'demo' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().status.code).toBe('unauthorized');
  });
});

describe('GET /v2/lms/akun_lain/mahasiswa', () => {
  it('lists students for an operator with write on kelas_kuliah, paged and searchable', async () => {
    const tokens = await signIn(t.app, 'operator');
    const res = await t.app.inject({
      url: '/v2/lms/akun_lain/mahasiswa?per_page=1',
      headers: bearerHeaders(tokens.access_token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.meta).toMatchObject({ page: 1, per_page: 1 });
    expect(body.meta.total_items).toBeGreaterThanOrEqual(2);
    expect(body.data[0]).toEqual({
      username: expect.any(String),
      nim: expect.any(String),
      nama: expect.any(String),
      prodi: expect.toSatisfy((p: unknown) => p === null || typeof p === 'object'),
      status: expect.any(String),
      is_active: expect.any(Boolean),
    });

    const search = await t.app.inject({
      url: '/v2/lms/akun_lain/mahasiswa?search=MAHASISWA.CU',
      headers: bearerHeaders(tokens.access_token),
    });
    expect(search.json().data.map((s: { username: string }) => s.username)).toEqual(['mahasiswa.cuti']);

    const wildcard = await t.app.inject({
      url: '/v2/lms/akun_lain/mahasiswa?search=%25',
      headers: bearerHeaders(tokens.access_token),
    });
    expect(wildcard.json().meta.total_items).toBe(0);
  });

  it('answers bad paging with the validation envelope', async () => {
    const tokens = await signIn(t.app, 'operator');
    const res = await t.app.inject({
      url: '/v2/lms/akun_lain/mahasiswa?page=0',
      headers: bearerHeaders(tokens.access_token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.code).toBe('validation_failed');
  });
});
