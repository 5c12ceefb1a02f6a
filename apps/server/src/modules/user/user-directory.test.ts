import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lecturerDirectoryResponseSchema, studentDirectoryResponseSchema } from '@lms/contract/user.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signIn } from '../auth/auth.testing.ts';

let t: TestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  for (const username of ['operator', 'operator.lihat', 'dosen', 'mahasiswa']) {
    tokens.set(username, (await signIn(t.app, username)).access_token);
  }
  // Another college with a lecturer and a student of the same names, which demo operators must never see.
  await t.database.exec(`
    insert into colleges (id, nama, judul) values ('lain', 'Universitas Lain', 'LMS Lain') on conflict do nothing;
    insert into users (id, college_id, username, password_hash, role, nama) values
      ('00000000-0000-4000-8000-00000000d001', 'lain', 'dosen.lain', 'x', 'dosen', 'Dosen Zeta Lain'),
      ('00000000-0000-4000-8000-00000000d002', 'lain', '9999999999', 'x', 'mahasiswa', 'Mahasiswa Zeta Lain');
    insert into lecturers (user_id, college_id, nidn) values ('00000000-0000-4000-8000-00000000d001', 'lain', '0499999999');
    insert into study_programs (id, college_id, kode, nama, jenjang)
      values ('lain-zeta', 'lain', '55', 'Informatika', 'S1') on conflict do nothing;
    insert into students (user_id, college_id, nim, prodi_id, angkatan)
      values ('00000000-0000-4000-8000-00000000d002', 'lain', '9999999999', 'lain-zeta', 2024);
  `);
});
afterAll(async () => t.close());

function get(username: string, url: string) {
  return t.app.inject({ url, headers: bearerHeaders(tokens.get(username)!) });
}

describe('GET /v1/dosen_ref', () => {
  it('answers the whole lecturer list by default, with the directory rights', async () => {
    const ref = await get('operator.lihat', '/v1/dosen_ref');
    expect(ref.statusCode).toBe(200);
    const body = lecturerDirectoryResponseSchema.parse(ref.json());
    expect(body.data).toHaveLength(body.meta.total_items);
    expect(body.meta.per_page).toBe(999_999);
    expect((await get('mahasiswa', '/v1/dosen_ref')).statusCode).toBe(403);
  });
});

describe('GET /v2/lms/dosen', () => {
  it('lists the college’s lecturers by name, paged, for operators with read', async () => {
    for (const username of ['operator', 'operator.lihat']) {
      const res = await get(username, '/v2/lms/dosen?per_page=5');
      expect(res.statusCode).toBe(200);
      const body = lecturerDirectoryResponseSchema.parse(res.json());
      expect(body.data).toHaveLength(5);
      expect(body.meta.total_items).toBeGreaterThan(5);
      const names = body.data.map((d) => d.nama);
      expect(names.some((n) => n.includes('Zeta'))).toBe(false);
    }
  });

  it('finds a lecturer by part of the name or the whole nidn, never another college’s', async () => {
    const [budi] = await t.database.query<{ id: string; nidn: string; nama: string }>(
      `select u.id, l.nidn, u.nama from users u join lecturers l on l.user_id = u.id
       where u.college_id = 'demo' and u.username = 'dosen'`,
    );
    const byName = (
      await get(
        'operator',
        `/v2/lms/dosen?search=${encodeURIComponent(budi!.nama.slice(0, 6).toLowerCase())}`,
      )
    ).json();
    expect(byName.data.map((d: { id: string }) => d.id)).toContain(budi!.id);
    const byNidn = (await get('operator', `/v2/lms/dosen?search=${budi!.nidn}`)).json();
    expect(byNidn.data).toEqual([expect.objectContaining({ id: budi!.id, nidn: budi!.nidn })]);
    expect(byNidn.data[0].nama).toContain(', S.Kom., M.Kom.');
    const byId = (await get('operator', `/v2/lms/dosen?search=${budi!.id}`)).json();
    expect(byId.data.map((d: { id: string }) => d.id)).toEqual([budi!.id]);
    const otherId = (
      await get('operator', '/v2/lms/dosen?search=00000000-0000-4000-8000-00000000d001')
    ).json();
    expect(otherId.meta.total_items).toBe(0);
    const partialNidn = (await get('operator', `/v2/lms/dosen?search=${budi!.nidn.slice(0, 4)}`)).json();
    expect(partialNidn.meta.total_items).toBe(0);
    const other = (await get('operator', '/v2/lms/dosen?search=Zeta')).json();
    expect(other.meta.total_items).toBe(0);
    const otherNidn = (await get('operator', '/v2/lms/dosen?search=0499999999')).json();
    expect(otherNidn.meta.total_items).toBe(0);
    const wildcard = (await get('operator', '/v2/lms/dosen?search=%25')).json();
    expect(wildcard.meta.total_items).toBe(0);
  });
});

describe('GET /v2/lms/mahasiswa', () => {
  it('lists and finds the college’s students by name or nim', async () => {
    const all = await get('operator.lihat', '/v2/lms/mahasiswa?per_page=3&page=2');
    expect(all.statusCode).toBe(200);
    const body = studentDirectoryResponseSchema.parse(all.json());
    expect(body.data).toHaveLength(3);
    expect(body.meta).toMatchObject({ page: 2, per_page: 3 });
    const [student] = await t.database.query<{ id: string; nim: string; nama: string }>(
      `select u.id, s.nim, u.nama from users u join students s on s.user_id = u.id
       where u.college_id = 'demo' and u.username = 'mahasiswa'`,
    );
    const byNim = (await get('operator', `/v2/lms/mahasiswa?search=${student!.nim}`)).json();
    expect(byNim.data).toEqual([
      expect.objectContaining({ id: student!.id, nim: student!.nim, nama: student!.nama }),
    ]);
    const byName = (
      await get('operator', `/v2/lms/mahasiswa?search=${encodeURIComponent(student!.nama)}`)
    ).json();
    expect(byName.data.map((s: { id: string }) => s.id)).toContain(student!.id);
    expect((await get('operator', '/v2/lms/mahasiswa?search=9999999999')).json().meta.total_items).toBe(0);
    expect((await get('operator', '/v2/lms/mahasiswa?search=Zeta%20Lain')).json().meta.total_items).toBe(0);
  });
});

describe('directory access and input', () => {
  it.each(['/v2/lms/dosen', '/v2/lms/mahasiswa'])(
    '%s refuses students and lecturers (403), anonymous (401)',
    async (url) => {
      expect((await get('mahasiswa', url)).statusCode).toBe(403);
      expect((await get('dosen', url)).statusCode).toBe(403);
      expect((await t.app.inject({ url, headers: { 'college-id': 'demo' } })).statusCode).toBe(401);
    },
  );

  it.each(['/v2/lms/dosen', '/v2/lms/mahasiswa'])('%s answers bad input with 400', async (url) => {
    for (const query of ['page=0', 'per_page=101', `search=${'x'.repeat(101)}`]) {
      const res = await get('operator', `${url}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().status.code).toBe('validation_failed');
    }
  });

  it('needs read on data_master, kelas_kuliah or laporan', async () => {
    const setRights = (rights: Record<string, string>) =>
      t.database.query(`update users set operator_permissions = $1 where username = 'operator.lihat'`, [
        JSON.stringify(rights),
      ]);
    await setRights({ pengumuman: 'write', konfigurasi: 'read' });
    expect((await get('operator.lihat', '/v2/lms/dosen')).statusCode).toBe(403);
    expect((await get('operator.lihat', '/v2/lms/mahasiswa')).statusCode).toBe(403);
    for (const area of ['data_master', 'kelas_kuliah', 'laporan']) {
      await setRights({ [area]: 'read' });
      expect((await get('operator.lihat', '/v2/lms/dosen')).statusCode).toBe(200);
      expect((await get('operator.lihat', '/v2/lms/mahasiswa')).statusCode).toBe(200);
    }
  });
});
