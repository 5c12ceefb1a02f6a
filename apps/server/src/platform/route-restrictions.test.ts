import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@lms/contract/error-messages';
import { bearerHeaders, signToken } from '../testing/requests.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { GovernedRoute } from './auth.plugin.ts';

// Two restrictions the request pipeline enforces for every route, whatever the web app shows: a student
// flagged with unpaid fees reaches only the allow-listed routes, and an operator acting for a student
// changes nothing of the student's account.

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.query<{ id: string; username: string }>(
    `select id, username from users where college_id = 'demo'
      and username in ('mahasiswa', 'mahasiswa.tunggakan', 'operator')`,
  );
  for (const row of rows) ids[row.username] = row.id;
});
afterAll(async () => t.close());

const student = (username: string, actorUserId?: string) =>
  signToken(t.app, { userId: ids[username]!, collegeId: 'demo', role: 'mahasiswa' }, { actorUserId });

const someId = '00000000-0000-4000-8000-000000000001';
function call(route: GovernedRoute, token: string) {
  const url = route.url.replace(/:(\w+)/g, someId);
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.inject({
    method: route.method as InjectOptions['method'],
    url: url.includes('/events') ? `${url}?stream=sistem` : url,
    headers: bearerHeaders(token),
    ...(withBody ? { payload: {} } : {}),
  });
}

const signedInRoutes = () => t.app.governedRoutes.filter((route) => !route.config.public);

async function setFeeRule(aktif: boolean) {
  await t.database.query(
    `update colleges set settings = jsonb_set(settings, '{pembatasan_akses,tunggakan_biaya}', $1::jsonb)
      where id = 'demo'`,
    [JSON.stringify({ aktif })],
  );
  t.app.invalidateCollegeCache();
}

describe('a student flagged with unpaid fees', () => {
  it('is refused on every route but the allow-list, also through an acting session', async () => {
    const own = await student('mahasiswa.tunggakan');
    const acting = await student('mahasiswa.tunggakan', ids.operator);
    const failures: string[] = [];
    let refused = 0;
    for (const route of signedInRoutes()) {
      if (route.config.allowRestricted) continue;
      // Routes students may not call at all are refused for that reason first (403 forbidden).
      const mayCall = route.config.access?.roles.includes('mahasiswa');
      for (const token of [own, acting]) {
        const res = await call(route, token);
        const code = res.json<{ status: { code: string } }>().status.code;
        const expected = [
          'akses_dibatasi_tunggakan',
          ...(mayCall ? ['akun_lain_hanya_membaca'] : ['forbidden']),
        ];
        if (res.statusCode !== 403 || !expected.includes(code)) {
          failures.push(`${route.method} ${route.url} answered ${res.statusCode} ${code}`);
        }
        if (code === 'akses_dibatasi_tunggakan') refused++;
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(50);
  });

  it('is refused listing classes and starting an exam, with the message the web app shows on /forbidden', async () => {
    const token = await student('mahasiswa.tunggakan');
    const classes = await t.app.inject({ url: '/v2/lms/kelas_kuliah', headers: bearerHeaders(token) });
    expect(classes.statusCode).toBe(403);
    expect(classes.json().status).toEqual({
      code: 'akses_dibatasi_tunggakan',
      message: errorMessages.akses_dibatasi_tunggakan,
    });
    const [exam] = await t.database.query<{ id: string }>(
      `select e.id from exams e
         join class_students cs on cs.college_id = e.college_id and cs.kelas_id = e.kelas_id
        where cs.mahasiswa_id = $1 limit 1`,
      [ids['mahasiswa.tunggakan']],
    );
    const start = await t.app.inject({
      method: 'POST',
      url: `/v2/lms/ujian/${exam?.id ?? someId}/pengerjaan/start`,
      headers: bearerHeaders(token),
      payload: {},
    });
    expect(start.statusCode).toBe(403);
    expect(start.json().status.code).toBe('akses_dibatasi_tunggakan');
  });

  it('still reaches the allow-list: who they are, their profile, the restriction, SIAKAD and signing out', async () => {
    const allowed = signedInRoutes()
      .filter((route) => route.config.allowRestricted)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(allowed).toEqual([
      'GET /v2/lms/check_pembatasan',
      'GET /v2/lms/profil',
      'GET /v2/user_info',
      'POST /v2/authorize/sikad',
      'POST /v2/lms/log_aktivitas/keluar_ke_sikad',
      'POST /v2/lms/log_aktivitas/kembali_ke_akun_operator',
      'POST /v2/lms/log_aktivitas/logout',
    ]);
    const token = await student('mahasiswa.tunggakan');
    for (const url of ['/v2/user_info', '/v2/lms/profil', '/v2/lms/check_pembatasan']) {
      expect((await t.app.inject({ url, headers: bearerHeaders(token) })).statusCode, url).toBe(200);
    }
    const logout = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/log_aktivitas/logout',
      headers: bearerHeaders(token),
    });
    expect(logout.statusCode).toBe(200);
  });

  it('is let through once the flag is cleared or the college turns the rule off; others never notice', async () => {
    const token = await student('mahasiswa.tunggakan');
    const classes = () => t.app.inject({ url: '/v2/lms/kelas_kuliah', headers: bearerHeaders(token) });
    await setFeeRule(false);
    try {
      expect((await classes()).statusCode).toBe(200);
    } finally {
      await setFeeRule(true);
    }
    expect((await classes()).statusCode).toBe(403);
    const [hold] = await t.database.query<Record<string, unknown>>(
      `delete from student_fee_holds where user_id = $1 returning *`,
      [ids['mahasiswa.tunggakan']],
    );
    try {
      expect((await classes()).statusCode).toBe(200);
    } finally {
      await t.database.query(
        `insert into student_fee_holds (user_id, college_id, keterangan) values ($1, $2, $3)`,
        [hold!.user_id, hold!.college_id, hold!.keterangan],
      );
    }
    const other = await student('mahasiswa');
    expect(
      (await t.app.inject({ url: '/v2/lms/kelas_kuliah', headers: bearerHeaders(other) })).statusCode,
    ).toBe(200);
  });
});

describe('an operator acting for a student', () => {
  const accountRoutes = () =>
    signedInRoutes()
      .filter((route) => route.config.access?.ownAccount)
      .map((route) => `${route.method} ${route.url}`)
      .sort();

  it('declares every route that changes the caller’s own account', () => {
    expect(accountRoutes()).toEqual([
      'DELETE /v2/lms/notifikasi/push/langganan',
      'DELETE /v2/lms/pengaturan/foto',
      'POST /v2/lms/kalender_langganan',
      'POST /v2/lms/kalender_langganan/atur_ulang',
      'POST /v2/lms/notifikasi/push/langganan',
      'PUT /v2/lms/biodata',
      'PUT /v2/lms/notifikasi/:id/dibaca',
      'PUT /v2/lms/notifikasi/dibaca-semua',
      'PUT /v2/lms/notifikasi/pengingat',
      'PUT /v2/lms/notifikasi/preferensi',
      'PUT /v2/lms/pengaturan/foto',
      'PUT /v2/lms/pengaturan/me',
      'PUT /v2/lms/pengaturan/password',
    ]);
    // A new write under the user's own settings that any signed-in user may call must declare it too.
    const undeclared = signedInRoutes().filter(
      (route) =>
        route.method !== 'GET' &&
        route.url.startsWith('/v2/lms/pengaturan/') &&
        route.config.access?.roles.includes('mahasiswa') &&
        !route.config.access.ownAccount,
    );
    expect(undeclared.map((route) => route.url)).toEqual([]);
  });

  it('is refused on each of them with a clear message, and the student’s account is unchanged', async () => {
    const acting = await student('mahasiswa', ids.operator);
    const [before] = await t.database.query(
      `select email, telepon, password_hash, avatar_key from users where id = $1`,
      [ids.mahasiswa],
    );
    const bodies: Record<string, object> = {
      'PUT /v2/lms/pengaturan/me': { email: 'diubah@contoh.ac.id', telepon: '081234567890' },
      'PUT /v2/lms/pengaturan/password': {
        password_lama: 'demo12345',
        password_baru: 'rahasia-baru-9',
        konfirmasi_password: 'rahasia-baru-9',
      },
    };
    for (const route of signedInRoutes().filter((r) => r.config.access?.ownAccount)) {
      const key = `${route.method} ${route.url}`;
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: route.url,
        headers: bearerHeaders(acting),
        ...(bodies[key] ? { payload: bodies[key] } : {}),
      });
      expect(res.statusCode, key).toBe(403);
      expect(res.json().status, key).toEqual({
        code: 'akun_lain_hanya_membaca',
        message: errorMessages.akun_lain_hanya_membaca,
      });
    }
    const [after] = await t.database.query(
      `select email, telepon, password_hash, avatar_key from users where id = $1`,
      [ids.mahasiswa],
    );
    expect(after).toEqual(before);
    // Reading what the student reads still works.
    for (const url of ['/v2/lms/pengaturan/me', '/v2/lms/profil', '/v2/lms/kelas_kuliah']) {
      expect((await t.app.inject({ url, headers: bearerHeaders(acting) })).statusCode, url).toBe(200);
    }
  });

  it('leaves the student’s own session free to change the contact email', async () => {
    const own = await student('mahasiswa');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v2/lms/pengaturan/me',
      headers: bearerHeaders(own),
      payload: { email: 'sendiri@contoh.ac.id', telepon: '081234567890' },
    });
    expect(res.statusCode).toBe(200);
  });
});
