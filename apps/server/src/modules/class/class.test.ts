import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classDetailSchema, classListItemSchema } from '@lms/contract/class.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  authedRequest,
  bearerHeaders,
  multipartBody,
  signInAll,
  signToken,
  tinyPng,
} from '../../testing/requests.ts';
import {
  buildOperatorPermissions,
  type ClassWorld,
  createCampus,
  createClassWorld,
  createUser,
} from '../../testing/factories.ts';
import { sharedClassId } from '../../testing/demo-world.ts';

let t: TestApp;
let dataDir: string;
const tokens: Record<string, string> = {};
let other: ClassWorld;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lms-class-'));
  t = await createTestApp({ rateLimitLoginPerMinute: 1000, dataDir });
  Object.assign(
    tokens,
    await signInAll(t.app, ['mahasiswa', 'mahasiswa.cuti', 'dosen', 'operator', 'operator.lihat']),
  );
  other = await createClassWorld(t.database);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const as = (u: string) => bearerHeaders(tokens[u]!);
const get = (u: string, url: string) => t.app.inject({ url, headers: as(u) });

/** The `n` of a one-row count query. */
async function countOf(query: string): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(query);
  return row!.n;
}

/** A class of the current period that neither `mahasiswa` nor `dosen` belongs to. */
async function foreignClassId(): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `select c.id from classes c where c.college_id = 'demo' and c.periode = 20261
       and not exists (select 1 from class_teachers ct join users u on u.id = ct.dosen_id
                       where ct.kelas_id = c.id and u.username = 'dosen')
       and not exists (select 1 from class_students cs join users u on u.id = cs.mahasiswa_id
                       where cs.kelas_id = c.id and u.username = 'mahasiswa')
     order by c.id limit 1`,
  );
  return row!.id;
}

describe('GET /v2/lms/kelas_kuliah', () => {
  it('shows a student only their classes, with the list shape and counts', async () => {
    const res = await get('mahasiswa', '/v2/lms/kelas_kuliah?periode=20261&per_page=50');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThanOrEqual(6);
    expect(body.meta).toMatchObject({ page: 1, per_page: 50, total_items: body.data.length });
    for (const item of body.data) classListItemSchema.parse(item);
    const shared = body.data.find((c: { id: string }) => c.id === sharedClassId);
    expect(shared).toMatchObject({
      periode: 20261,
      mata_kuliah: { id: 'IF2102', kode: 'IF2102', prodi: { jenjang: 'S1' } },
      kelas: { nama: '01', jenis: { nama: 'Reguler' } },
    });
    expect(shared.jumlah_pertemuan).toBe(16);
    expect(shared.jumlah_peserta).toBeGreaterThan(0);
    expect(shared.jadwal[0].jam_mulai).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(shared.pengajar[0]).toMatchObject({ nama_pengajar: 'Budi Santoso', is_utama: true });
    const n = await countOf(
      `select count(*)::int n from class_students cs join users u on u.id = cs.mahasiswa_id
        join classes c on c.college_id = cs.college_id and c.id = cs.kelas_id
        where u.username = 'mahasiswa' and c.periode = 20261`,
    );
    expect(body.meta.total_items).toBe(n);
  });

  it('shows a lecturer the classes they teach', async () => {
    const body = (await get('dosen', '/v2/lms/kelas_kuliah?per_page=50')).json();
    expect(body.data.length).toBeGreaterThanOrEqual(3);
    for (const c of body.data) {
      expect(c.pengajar.map((p: { nama_pengajar: string }) => p.nama_pengajar)).toContain('Budi Santoso');
    }
  });

  it('shows operators with read every class of their college, and filters', async () => {
    const all = (await get('operator.lihat', '/v2/lms/kelas_kuliah?per_page=100')).json();
    const n = await countOf(`select count(*)::int n from classes where college_id = 'demo'`);
    expect(all.meta.total_items).toBe(n);
    expect(all.data.some((c: { id: string }) => c.id === other.classId)).toBe(false);

    const current = (await get('operator', '/v2/lms/kelas_kuliah?periode=20261&per_page=100')).json();
    expect(current.data.every((c: { periode: number }) => c.periode === 20261)).toBe(true);

    const byCourse = (await get('operator', '/v2/lms/kelas_kuliah?id_mata_kuliah=IF2101')).json();
    expect(byCourse.data.map((c: { id: string }) => c.id).sort()).toEqual([
      '20261_01_IF2101',
      '20261_K1_IF2101',
    ]);

    const notStarted = (await get('operator', '/v2/lms/kelas_kuliah?status=belum_dimulai')).json();
    expect(notStarted.meta.total_items).toBeGreaterThan(0);
    expect(notStarted.data.every((c: { status: string }) => c.status === 'akan_dimulai')).toBe(true);
    const done = (await get('operator', '/v2/lms/kelas_kuliah?status=selesai&per_page=100')).json();
    expect(done.data.every((c: { status: string; periode: number }) => c.status === 'selesai')).toBe(true);
    const semua = (await get('operator', '/v2/lms/kelas_kuliah?status=&per_page=1')).json();
    expect(semua.meta.total_items).toBe(n);

    const search = (await get('operator', '/v2/lms/kelas_kuliah?search=basis%20DATA')).json();
    expect(search.data.map((c: { id: string }) => c.id)).toContain(sharedClassId);
    const byTeacher = (
      await get('operator', '/v2/lms/kelas_kuliah?search=budi%20santoso&per_page=50')
    ).json();
    expect(byTeacher.meta.total_items).toBeGreaterThanOrEqual(3);
    const wildcard = (await get('operator', '/v2/lms/kelas_kuliah?search=%25%25')).json();
    expect(wildcard.meta.total_items).toBe(0);

    const si = (
      await get('operator', '/v2/lms/kelas_kuliah?id_prodi_mata_kuliah=demo-si&per_page=100')
    ).json();
    expect(si.data.length).toBeGreaterThan(0);
    expect(
      si.data.every(
        (c: { mata_kuliah: { prodi: { nama: string } } }) => c.mata_kuliah.prodi.nama === 'Sistem Informasi',
      ),
    ).toBe(true);
    const offeredToSi = (
      await get('operator', '/v2/lms/kelas_kuliah?id_prodi_kelas=demo-si&per_page=100')
    ).json();
    expect(offeredToSi.meta.total_items).toBeGreaterThanOrEqual(si.meta.total_items);
    for (const c of offeredToSi.data) {
      expect(c.prodi_kelas.map((p: { nama: string }) => p.nama)).toContain('Sistem Informasi');
    }
  });

  it('pages', async () => {
    const page1 = (await get('operator', '/v2/lms/kelas_kuliah?per_page=5')).json();
    const page2 = (await get('operator', '/v2/lms/kelas_kuliah?per_page=5&page=2')).json();
    expect(page1.data).toHaveLength(5);
    expect(page2.data).toHaveLength(5);
    expect(page1.data[0].id).not.toBe(page2.data[0].id);
    expect(page1.meta.total_pages).toBe(Math.ceil(page1.meta.total_items / 5));
  });

  it('refuses operators without read, bad input and anonymous callers', async () => {
    const noRead = await createUser(t.database, {
      collegeId: 'demo',
      role: 'operator',
      permissions: buildOperatorPermissions('read', { kelas_kuliah: 'no_access' }),
    });
    const refused = await authedRequest(t.app, await signToken(t.app, noRead), {
      url: '/v2/lms/kelas_kuliah',
    });
    expect(refused.statusCode).toBe(403);
    const bad = await get('operator', '/v2/lms/kelas_kuliah?status=kemarin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.code).toBe('validation_failed');
    expect((await get('operator', '/v2/lms/kelas_kuliah?per_page=0')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ url: '/v2/lms/kelas_kuliah', headers: { 'college-id': 'demo' } });
    expect(anonymous.statusCode).toBe(401);
    const wrongCollege = await t.app.inject({
      url: '/v2/lms/kelas_kuliah',
      headers: bearerHeaders(tokens.operator!, other.collegeId),
    });
    expect(wrongCollege.statusCode).toBe(401);
    expect(wrongCollege.json().status.code).toBe('college_mismatch');
  });
});

describe('GET /v2/lms/kelas_kuliah/{id}', () => {
  it('answers the class page data with access flags per role', async () => {
    const student = await get('mahasiswa', `/v2/lms/kelas_kuliah/${sharedClassId}`);
    expect(student.statusCode).toBe(200);
    const data = classDetailSchema.parse(student.json().data);
    expect(data.peserta.length).toBe(data.jumlah_peserta);
    expect(data.peserta.find((p) => p.jabatan === 'ketua_kelas')?.nim).toBe(data.ketua_kelas_nim);
    expect(data.mata_kuliah.pendahuluan.silabus.teks).toContain('Basis Data');
    expect(Object.values(data.akses).every((v) => v === false)).toBe(true);

    const lecturer = classDetailSchema.parse(
      (await get('dosen', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data,
    );
    expect(lecturer.akses).toEqual({
      ubah_banner: true,
      ubah_kelas: false,
      ubah_ketua_kelas: true,
      ubah_jabatan: true,
      ubah_silabus: true,
      ubah_rps: true,
      ubah_pertemuan: true,
    });
    const reader = (await get('operator.lihat', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    expect(Object.values(reader.akses).every((v) => v === false)).toBe(true);
    const writer = (await get('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    expect(writer.akses).toMatchObject({
      ubah_kelas: true,
      ubah_jabatan: true,
      ubah_silabus: true,
      ubah_rps: false,
    });
  });

  it('hides other classes from students and lecturers, and other colleges from everyone', async () => {
    const foreign = await foreignClassId();
    expect((await get('mahasiswa', `/v2/lms/kelas_kuliah/${foreign}`)).statusCode).toBe(403);
    expect((await get('dosen', `/v2/lms/kelas_kuliah/${foreign}`)).statusCode).toBe(403);
    expect((await get('mahasiswa.cuti', `/v2/lms/kelas_kuliah/${sharedClassId}`)).statusCode).toBe(403);
    expect((await get('operator.lihat', `/v2/lms/kelas_kuliah/${foreign}`)).statusCode).toBe(200);
    const otherCollege = await get('operator', `/v2/lms/kelas_kuliah/${other.classId}`);
    expect(otherCollege.statusCode).toBe(404);
    expect(otherCollege.json().status.code).toBe('class_not_found');
  });

  it('lists participants by nim and name, searchable', async () => {
    const res = await get(
      'dosen',
      `/v2/lms/kelas_kuliah/${sharedClassId}/peserta/nim_nama?search=rizky%20aditya`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ nim: '2024010001', nama: 'Rizky Aditya Pratama' }]);
    const all = (await get('mahasiswa', `/v2/lms/kelas_kuliah/${sharedClassId}/peserta/nim_nama`)).json()
      .data;
    expect(all.length).toBeGreaterThan(1);
    expect(Object.keys(all[0]).sort()).toEqual(['nama', 'nim']);
    expect(
      (await get('mahasiswa', `/v2/lms/kelas_kuliah/${await foreignClassId()}/peserta/nim_nama`)).statusCode,
    ).toBe(403);
  });
});

describe('PUT /v2/lms/kelas_kuliah/{id}', () => {
  const put = (u: string, id: string, body: ReturnType<typeof multipartBody>) =>
    t.app.inject({
      method: 'PUT',
      url: `/v2/lms/kelas_kuliah/${id}`,
      headers: { ...as(u), ...body.headers },
      payload: body.payload,
    });

  it('lets the lecturer upload a banner that is then served as an image', async () => {
    const res = await put(
      'dosen',
      sharedClassId,
      multipartBody({}, { field: 'file_banner', name: 'banner.png', type: 'image/png', content: tinyPng() }),
    );
    expect(res.statusCode).toBe(200);
    const url = res.json().data.banner_url as string;
    expect(url).toMatch(/^\/v2\/files\/[A-Za-z0-9_-]+\?college-id=demo$/);
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload.equals(tinyPng())).toBe(true);
    // The same key from another college is unknown.
    const key = url.split('/').pop()!.split('?')[0];
    expect((await t.app.inject({ url: `/v2/files/${key}?college-id=${other.collegeId}` })).statusCode).toBe(
      404,
    );

    const removed = await put(
      'dosen',
      sharedClassId,
      multipartBody({ hapus_banner: 'true', banner_color_idx: '3' }),
    );
    expect(removed.json().data).toMatchObject({ banner_url: null, banner_color_idx: 3 });
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('refuses a banner that is too large or not an image', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(2_000_001)]);
    const tooLarge = await put(
      'operator',
      sharedClassId,
      multipartBody({}, { field: 'file_banner', name: 'besar.png', type: 'image/png', content: big }),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().status).toEqual({
      code: 'banner_terlalu_besar',
      message: 'Ukuran file tidak boleh lebih dari 2MB.',
    });
    const fake = await put(
      'operator',
      sharedClassId,
      multipartBody(
        {},
        { field: 'file_banner', name: 'x.png', type: 'image/png', content: Buffer.from('<svg/>') },
      ),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().status.code).toBe('banner_tidak_valid');
    const gif = await put(
      'operator',
      sharedClassId,
      multipartBody({}, { field: 'file_banner', name: 'x.gif', type: 'image/gif', content: tinyPng() }),
    );
    expect(gif.json().status.code).toBe('banner_tidak_valid');
  });

  it('follows the college banner size setting', async () => {
    await t.database.query(
      `update colleges set settings = '{"pengaturan_sistem":{"ukuran_max_file":{"banner_kelas":0.00005}}}' where id = 'demo'`,
    );
    t.app.invalidateCollegeCache();
    const res = await put(
      'operator',
      sharedClassId,
      multipartBody({}, { field: 'file_banner', name: 'b.png', type: 'image/png', content: tinyPng() }),
    );
    expect(res.statusCode).toBe(413);
    await t.database.query(`update colleges set settings = '{}' where id = 'demo'`);
    t.app.invalidateCollegeCache();
  });

  it('lets operators with write change class data; not lecturers, readers or students', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/kelas_kuliah/${sharedClassId}`,
      headers: as('operator'),
      payload: { kapasitas: 48, lingkup: 'Fakultas', mode_kuliah: 'campuran' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kapasitas: 48, lingkup: 'Fakultas', mode_kuliah: 'campuran' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/kelas_kuliah/${sharedClassId}`,
      headers: as('operator'),
      payload: { kapasitas: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.code).toBe('validation_failed');
    for (const u of ['dosen', 'operator.lihat', 'mahasiswa']) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/v2/lms/kelas_kuliah/${sharedClassId}`,
        headers: as(u),
        payload: { kapasitas: 10 },
      });
      expect(refused.statusCode).toBe(403);
    }
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/kelas_kuliah/${other.classId}`,
      headers: as('operator'),
      payload: { kapasitas: 10 },
    });
    expect(foreign.statusCode).toBe(404);
  });

  // Issue 45: a capacity below the enrolment, or −5, was saved (−5 as 0) instead of refused.
  it('refuses a capacity below the enrolled students or below 0 with the field message, changing nothing', async () => {
    const before = (await get('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    expect(before.jumlah_peserta).toBeGreaterThan(1);
    const put = (kapasitas: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/v2/lms/kelas_kuliah/${sharedClassId}`,
        headers: as('operator'),
        payload: { kapasitas, lingkup: 'Universitas' },
      });
    const below = await put(before.jumlah_peserta - 1);
    expect(below.statusCode).toBe(400);
    const message = `Kapasitas tidak boleh kurang dari jumlah peserta saat ini (${before.jumlah_peserta}).`;
    expect(below.json().status).toMatchObject({ code: 'validation_failed', message });
    expect(below.json().detail.fields).toEqual([{ field: 'kapasitas', message }]);
    const negative = await put(-5);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().detail.fields).toEqual([
      { field: 'kapasitas', message: 'Nilai harus antara 0 dan 10000.' },
    ]);
    const after = (await get('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    expect({ kapasitas: after.kapasitas, lingkup: after.lingkup }).toEqual({
      kapasitas: before.kapasitas,
      lingkup: before.lingkup,
    });
    const exact = await put(before.jumlah_peserta);
    expect(exact.statusCode).toBe(200);
    expect(exact.json().data.kapasitas).toBe(before.jumlah_peserta);
  });

  it('moves a class to another campus of its college only', async () => {
    const campuses = (await get('operator', '/v2/lms/kampus')).json().data as { id: string; nama: string }[];
    const before = (await get('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    const target = campuses.find((c) => c.id !== before.kampus?.id)!;
    const putClass = (u: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/v2/lms/kelas_kuliah/${sharedClassId}`,
        headers: as(u),
        payload,
      });
    const moved = await putClass('operator', { id_kampus: target.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.kampus).toEqual({ id: target.id, nama: target.nama });
    // Multipart (the modal sends the same form as the banner) works the same.
    const form = multipartBody({ id_kampus: before.kampus.id });
    const back = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/kelas_kuliah/${sharedClassId}`,
      headers: { ...as('operator'), ...form.headers },
      payload: form.payload,
    });
    expect(back.json().data.kampus.id).toBe(before.kampus.id);

    const foreignCampus = await createCampus(t.database, { collegeId: other.collegeId });
    const foreign = await putClass('operator', { id_kampus: foreignCampus.campusId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail.fields[0].field).toBe('id_kampus');
    const unknown = await putClass('operator', { id_kampus: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect((await putClass('operator', { id_kampus: 'bukan-uuid' })).statusCode).toBe(400);
    for (const u of ['dosen', 'operator.lihat', 'mahasiswa']) {
      expect((await putClass(u, { id_kampus: target.id })).statusCode).toBe(403);
    }
    const after = (await get('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    expect(after.kampus.id).toBe(before.kampus.id);
  });
});

describe('class head and teacher role', () => {
  it('changes the class head to a student of the class, or to none', async () => {
    const names = (await get('dosen', `/v2/lms/kelas_kuliah/${sharedClassId}/peserta/nim_nama`)).json().data;
    const nim = names.find((s: { nim: string }) => s.nim !== '2024010001').nim;
    const put = (u: string, body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/v2/lms/kelas_kuliah/${sharedClassId}/ketua_kelas`,
        headers: as(u),
        payload: body,
      });
    const res = await put('dosen', { nim });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ketua_kelas_nim).toBe(nim);
    const none = await put('operator', { nim: '' });
    expect(none.json().data.ketua_kelas_nim).toBeNull();
    expect(none.json().data.peserta.every((p: { jabatan: string }) => p.jabatan === 'Peserta')).toBe(true);
    const outsider = await put('operator', { nim: '2023010001' });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().status.code).toBe('ketua_kelas_bukan_peserta');
    expect((await put('mahasiswa', { nim })).statusCode).toBe(403);
    expect((await put('operator.lihat', { nim })).statusCode).toBe(403);
    expect((await put('operator', {})).statusCode).toBe(400);
  });

  it('changes a teacher role for the main teacher and operators with write', async () => {
    const detail = (await get('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    const teacher = detail.pengajar[0];
    const put = (u: string, peran: string, id = teacher.id) =>
      t.app.inject({
        method: 'PUT',
        url: `/v2/lms/kelas_kuliah/${sharedClassId}/pengajar/${id}`,
        headers: as(u),
        payload: { peran },
      });
    const res = await put('operator', 'asisten');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pengajar[0]).toMatchObject({ peran: 'asisten', jabatan: 'Asisten' });
    expect((await put('dosen', 'koordinator')).json().data.pengajar[0].jabatan).toBe('Dosen Koordinator');
    expect((await put('operator', 'kepala')).statusCode).toBe(400);
    expect((await put('operator.lihat', 'dosen')).statusCode).toBe(403);
    expect((await put('mahasiswa', 'dosen')).statusCode).toBe(403);
    const stranger = await put('operator', 'dosen', '00000000-0000-4000-8000-000000000000');
    expect(stranger.json().status.code).toBe('pengajar_tidak_valid');
  });
});

describe('class changes by callers outside the class or the college', () => {
  const putJson = (u: string, url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: as(u), payload });

  it('refuses a lecturer on a class they do not teach: banner, class head and teacher role', async () => {
    const foreign = await foreignClassId();
    const teacher = (await get('operator', `/v2/lms/kelas_kuliah/${foreign}`)).json().data.pengajar[0];
    const nim = (await get('operator', `/v2/lms/kelas_kuliah/${foreign}/peserta/nim_nama`)).json().data[0]
      .nim;
    const banner = multipartBody(
      {},
      { field: 'file_banner', name: 'banner.png', type: 'image/png', content: tinyPng() },
    );
    const bannerRes = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/kelas_kuliah/${foreign}`,
      headers: { ...as('dosen'), ...banner.headers },
      payload: banner.payload,
    });
    expect(bannerRes.statusCode).toBe(403);
    for (const res of [
      await putJson('dosen', `/v2/lms/kelas_kuliah/${foreign}/ketua_kelas`, { nim }),
      await putJson('dosen', `/v2/lms/kelas_kuliah/${foreign}/pengajar/${teacher.id}`, { peran: 'asisten' }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const after = (await get('operator', `/v2/lms/kelas_kuliah/${foreign}`)).json().data;
    expect(after.pengajar[0].jabatan).toBe(teacher.jabatan);
    expect(after.banner_url).toBeNull();
  });

  it('refuses a teacher role change by a lecturer who teaches the class but is not its main teacher', async () => {
    // dosen is the second teacher of the evening class IF2101 K1.
    const k1 = '20261_K1_IF2101';
    const detail = (await get('dosen', `/v2/lms/kelas_kuliah/${k1}`)).json().data;
    const main =
      detail.pengajar.find((p: { peran: string }) => p.peran === 'koordinator') ?? detail.pengajar[0];
    const res = await putJson('dosen', `/v2/lms/kelas_kuliah/${k1}/pengajar/${main.id}`, {
      peran: 'asisten',
    });
    expect(res.statusCode).toBe(403);
    expect(detail.akses).toMatchObject({ ubah_jabatan: false });
  });

  it('keeps every class route of another college unknown', async () => {
    expect((await get('operator', `/v2/lms/kelas_kuliah/${other.classId}/peserta/nim_nama`)).statusCode).toBe(
      404,
    );
    const head = await putJson('operator', `/v2/lms/kelas_kuliah/${other.classId}/ketua_kelas`, { nim: '' });
    expect(head.statusCode).toBe(404);
    const role = await putJson(
      'operator',
      `/v2/lms/kelas_kuliah/${other.classId}/pengajar/00000000-0000-4000-8000-000000000000`,
      { peran: 'dosen' },
    );
    expect(role.statusCode).toBe(404);
  });
});
