import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSettingsSchema, profileSchema } from '@lms/contract/account.schema';
import { collegeSettingsSchema } from '@lms/contract/college-settings.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, multipartBody, signIn, signInAll, tinyPng } from '../../testing/requests.ts';
import { createCollege } from '../../testing/factories.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let otherCollegeId: string;

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, who: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), payload: payload as never });
}

beforeAll(async () => {
  // The SIAKAD address a test saves is on a host the platform allows (SIAKAD_ALLOWED_HOSTS).
  t = await createTestApp({ rateLimitLoginPerMinute: 1000, siakadAllowedHosts: ['siakad.und.ac.id'] });
  Object.assign(
    tokens,
    await signInAll(t.app, ['mahasiswa', 'mahasiswa.cuti', 'dosen', 'operator', 'operator.lihat']),
  );
  otherCollegeId = (await createCollege(t.database, { timeZone: 'Asia/Jayapura' })).collegeId;
});
afterAll(async () => t.close());

describe('college settings (/v2/lms/pengaturan)', () => {
  it('answers the settings with defaults to every signed-in user', async () => {
    const res = await call('GET', '/v2/lms/pengaturan', 'mahasiswa');
    expect(res.statusCode).toBe(200);
    const settings = collegeSettingsSchema.parse(res.json().data);
    expect(settings.pengaturan_sistem.time_zone).toBe('Asia/Jakarta');
    expect(settings.pengaturan_kelas.syarat_kehadiran_online_mahasiswa.video_persen).toBe(50);
    expect(
      (await t.app.inject({ url: '/v2/lms/pengaturan', headers: { 'college-id': 'demo' } })).statusCode,
    ).toBe(401);
  });

  it('lets operators with write on konfigurasi change them, in effect at once', async () => {
    const current = (await call('GET', '/v2/lms/pengaturan', 'operator')).json().data;
    const next = structuredClone(current);
    next.pengaturan_sistem.time_zone = 'Asia/Makassar';
    next.pengaturan_sistem.ukuran_max_file.foto_profil = 0.0001;
    next.pengaturan_sistem.url_sikad_legacy = 'https://siakad.und.ac.id';
    next.pengaturan_kelas.ubah_jadwal_pertemuan.online = false;
    next.aturan_qr_code.status = true;
    const res = await call('PUT', '/v2/lms/pengaturan', 'operator', next);
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/v1/configuration', headers: { 'college-id': 'demo' } })).json().data,
    ).toMatchObject({
      time_zone: 'Asia/Makassar',
      url_sikad_legacy: 'https://siakad.und.ac.id',
    });
    const [row] = await t.database.query<{
      settings: {
        pengaturan_kelas: { ubah_jadwal_pertemuan: unknown };
        pembatasan_akses: { tunggakan_biaya: { aktif: boolean } };
      };
    }>(`select settings from colleges where id = 'demo'`);
    // The meeting area reads this key; keys other areas keep survive (pembatasan_akses from the seed).
    expect(row!.settings.pengaturan_kelas.ubah_jadwal_pertemuan).toEqual({ online: false, offline: true });
    expect(row!.settings.pembatasan_akses.tunggakan_biaya.aktif).toBe(true);
    expect((await call('GET', '/v0/aturan/qr-code', 'mahasiswa')).json()).toEqual({ data: { status: true } });
    // Another college is untouched.
    const [other] = await t.database.query<{ time_zone: string }>(
      `select time_zone from colleges where id = $1`,
      [otherCollegeId],
    );
    expect(other!.time_zone).toBe('Asia/Jayapura');
  });

  it('refuses read-only operators, students, lecturers and bad values', async () => {
    const body = { pengaturan_sistem: { time_zone: 'Asia/Jakarta' } };
    for (const who of ['operator.lihat', 'mahasiswa', 'dosen']) {
      expect((await call('PUT', '/v2/lms/pengaturan', who, body)).statusCode, who).toBe(403);
    }
    const bad = await call('PUT', '/v2/lms/pengaturan', 'operator', {
      pengaturan_sistem: { time_zone: 'Europe/Paris' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail.fields[0].field).toBe('pengaturan_sistem.time_zone');
    const limit = await call('PUT', '/v2/lms/pengaturan', 'operator', {
      pengaturan_sistem: { ukuran_max_file: { materi: -1 } },
    });
    expect(limit.statusCode).toBe(400);
  });

  // Issue 45: 'Kehadiran minimal' 150 was saved as 100 and a 0 MB limit as 0.01 MB in the form.
  it('refuses an out-of-range percent or a 0 MB limit with the field message, changing nothing', async () => {
    const before = (await call('GET', '/v2/lms/pengaturan', 'operator')).json().data;
    const attendance = structuredClone(before);
    attendance.pembatasan_akses.kehadiran_ujian.persen_minimal = 150;
    const refused = await call('PUT', '/v2/lms/pengaturan', 'operator', attendance);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail.fields).toEqual([
      { field: 'pembatasan_akses.kehadiran_ujian.persen_minimal', message: 'Nilai harus antara 0 dan 100.' },
    ]);
    const size = structuredClone(before);
    size.pengaturan_sistem.ukuran_max_file.materi = 0;
    const zero = await call('PUT', '/v2/lms/pengaturan', 'operator', size);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().detail.fields).toEqual([
      { field: 'pengaturan_sistem.ukuran_max_file.materi', message: 'Batas ukuran harus lebih dari 0 MB.' },
    ]);
    expect((await call('GET', '/v2/lms/pengaturan', 'operator')).json().data).toEqual(before);
  });

  it('refuses a body that names no setting and keeps what a partial body leaves out', async () => {
    const before = (await call('GET', '/v2/lms/pengaturan', 'operator')).json().data;
    const changed = structuredClone(before);
    changed.pengaturan_sistem.time_zone = 'Asia/Makassar';
    changed.pembatasan_akses.tunggakan_biaya.aktif = !before.pembatasan_akses.tunggakan_biaya.aktif;
    expect((await call('PUT', '/v2/lms/pengaturan', 'operator', changed)).statusCode).toBe(200);

    for (const body of [{ foo: 1 }, {}, []]) {
      const res = await call('PUT', '/v2/lms/pengaturan', 'operator', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const partial = await call('PUT', '/v2/lms/pengaturan', 'operator', {
      pengaturan_kelas: { akses_resume_ujian: { tampilkan_soal: false } },
    });
    expect(partial.statusCode).toBe(200);
    const after = (await call('GET', '/v2/lms/pengaturan', 'operator')).json().data;
    expect(after).toEqual({
      ...changed,
      pengaturan_kelas: { ...changed.pengaturan_kelas, akses_resume_ujian: { tampilkan_soal: false } },
    });
    expect((await call('PUT', '/v2/lms/pengaturan', 'operator', before)).statusCode).toBe(200);
  });
});

describe('profile and own settings', () => {
  it('answers Data Diri for a student and a lecturer', async () => {
    const student = profileSchema.parse((await call('GET', '/v2/lms/profil', 'mahasiswa')).json().data);
    expect(student).toMatchObject({
      username: 'mahasiswa',
      role: 'mahasiswa',
      status: 'Aktif',
      angkatan: 2024,
      nidn: null,
    });
    expect(student.prodi?.nama).toBeTruthy();
    const lecturer = profileSchema.parse((await call('GET', '/v2/lms/profil', 'dosen')).json().data);
    expect(lecturer.nidn).toBeTruthy();
    expect(lecturer.nim).toBeNull();
    const cuti = (await call('GET', '/v2/lms/profil', 'mahasiswa.cuti')).json().data;
    expect(cuti.status).toBe('Cuti');
  });

  it('answers and changes contact details with the spec’s patterns', async () => {
    const me = ownSettingsSchema.parse((await call('GET', '/v2/lms/pengaturan/me', 'dosen')).json().data);
    expect(me).toMatchObject({
      username: 'dosen',
      ekstensi_foto: ['jpg', 'jpeg', 'png'],
      sedang_login_akun_lain: false,
    });
    const ok = await call('PUT', '/v2/lms/pengaturan/me', 'dosen', {
      email: 'dosen@und.ac.id',
      telepon: '081234567890',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ email: 'dosen@und.ac.id', telepon: '081234567890' });
    for (const bad of [
      { email: 'bukan-email', telepon: null },
      { email: null, telepon: '81234567890' },
      { email: null, telepon: '0812//34567' },
    ]) {
      expect((await call('PUT', '/v2/lms/pengaturan/me', 'dosen', bad)).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
  });
});

describe('PUT /v2/lms/pengaturan/password', () => {
  it('needs the current password, then revokes the other sign-ins only', async () => {
    const first = await signIn(t.app, 'mahasiswa.cuti');
    const second = await signIn(t.app, 'mahasiswa.cuti');
    const change = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/v2/lms/pengaturan/password',
        headers: bearerHeaders(first.access_token),
        payload: body,
      });
    const wrong = await change({
      password_lama: 'salah',
      password_baru: 'rahasia-baru-1',
      konfirmasi_password: 'rahasia-baru-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().status).toEqual({ code: 'password_lama_salah', message: 'Password lama salah.' });
    expect(
      (await change({ password_lama: 'demo12345', password_baru: 'pendek', konfirmasi_password: 'pendek' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await change({
          password_lama: 'demo12345',
          password_baru: 'rahasia-baru-1',
          konfirmasi_password: 'lain-lagi-1',
        })
      ).statusCode,
    ).toBe(400);

    const ok = await change({
      password_lama: 'demo12345',
      password_baru: 'rahasia-baru-1',
      konfirmasi_password: 'rahasia-baru-1',
    });
    expect(ok.statusCode).toBe(200);
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/access_token',
        headers: { 'college-id': 'demo' },
        payload: { grant_type: 'refresh_token', client_id: 'web', refresh_token: token },
      });
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    await expect(signIn(t.app, 'mahasiswa.cuti')).rejects.toThrow();
    await signIn(t.app, 'mahasiswa.cuti', { password: 'rahasia-baru-1' });
    const [log] = await t.database.query(
      `select jenis from activity_logs a join users u on u.id = a.user_id where u.username = 'mahasiswa.cuti' and jenis = 'ubah_password'`,
    );
    expect(log).toBeTruthy();
  });

  it('is refused while an operator acts for the student', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v2/lms/pengaturan/password',
      headers: bearerHeaders(await actingToken()),
      payload: {
        password_lama: 'demo12345',
        password_baru: 'rahasia-baru-2',
        konfirmasi_password: 'rahasia-baru-2',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().status.code).toBe('akun_lain_hanya_membaca');
  });
});

/** An acting session: the operator signs in as `mahasiswa` through Login Akun Lain. */
async function actingToken(): Promise<string> {
  const { createPkcePair, testRedirectUri } = await import('../../testing/requests.ts');
  const pkce = createPkcePair();
  const code = await t.app.inject({
    method: 'POST',
    url: '/v2/authorize/akun_lain',
    headers: bearerHeaders(tokens.operator!),
    payload: {
      username: 'mahasiswa',
      client_id: 'web',
      redirect_uri: testRedirectUri,
      state: 's',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    },
  });
  const token = await t.app.inject({
    method: 'POST',
    url: '/v2/access_token',
    headers: { 'college-id': 'demo' },
    payload: {
      grant_type: 'authorization_code',
      code: code.json().data.code,
      code_verifier: pkce.verifier,
      client_id: 'web',
      redirect_uri: testRedirectUri,
    },
  });
  return token.json().access_token;
}

describe('PUT /v2/lms/pengaturan/foto', () => {
  function upload(who: string, file: { name: string; type: string; content: Buffer }) {
    const body = multipartBody({}, { field: 'foto', ...file });
    return t.app.inject({
      method: 'PUT',
      url: '/v2/lms/pengaturan/foto',
      headers: { ...bearerHeaders(tokens[who]!), ...body.headers },
      payload: body.payload,
    });
  }

  it('stores a png, serves it, and shows it in user_info', async () => {
    await t.database.query(
      `update colleges set settings = settings #- '{pengaturan_sistem,ukuran_max_file,foto_profil}' where id = 'demo'`,
    );
    t.app.invalidateCollegeCache();
    const res = await upload('dosen', { name: 'foto saya.png', type: 'image/png', content: tinyPng() });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.foto_url;
    expect(url).toMatch(/^\/v2\/files\/[\w-]+\?college-id=demo$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await call('GET', '/v2/user_info', 'dosen')).json().data.foto_url).toBe(url);
    expect((await call('DELETE', '/v2/lms/pengaturan/foto', 'dosen')).statusCode).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await call('GET', '/v2/user_info', 'dosen')).json().data.foto_url).toBeNull();
  });

  it('refuses other types, disguised files and files over the college limit', async () => {
    expect(
      (await upload('dosen', { name: 'cv.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4') }))
        .statusCode,
    ).toBe(400);
    const disguised = await upload('dosen', {
      name: 'foto.png',
      type: 'image/png',
      content: Buffer.from('<svg/>'),
    });
    expect(disguised.json().status.code).toBe('foto_tidak_valid');
    await t.database.query(
      `update colleges set settings = jsonb_set(settings, '{pengaturan_sistem}', '{"ukuran_max_file":{"foto_profil":0.00005}}') where id = 'demo'`,
    );
    t.app.invalidateCollegeCache();
    const big = await upload('dosen', {
      name: 'foto.png',
      type: 'image/png',
      content: Buffer.concat([tinyPng(), Buffer.alloc(100)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().status.message).toBe('Ukuran file tidak boleh lebih dari 0.00005MB.');
  });
});
