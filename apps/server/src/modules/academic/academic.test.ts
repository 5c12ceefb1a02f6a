import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInfoSchema } from '@lms/contract/academic.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, multipartBody, signInAll } from '../../testing/requests.ts';
import { createCampus, createClassWorld, type ClassWorld } from '../../testing/factories.ts';

let t: TestApp;
let dataDir: string;
const tokens: Record<string, string> = {};
let other: ClassWorld;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lms-academic-'));
  t = await createTestApp({ rateLimitLoginPerMinute: 1000, dataDir });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen', 'operator', 'operator.lihat']));
  other = await createClassWorld(t.database);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const as = (u: string) => bearerHeaders(tokens[u]!);
const get = (u: string, url: string) => t.app.inject({ url, headers: as(u) });
const put = (u: string, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: as(u), payload });

describe('course info, RPS and evaluation plan', () => {
  it('answers the seeded plans to any signed-in user', async () => {
    const rps = await get(
      'mahasiswa',
      '/v2/academic/makul/IF2102/rencana-pembelajaran?ignore_default_pagination=true',
    );
    expect(rps.statusCode).toBe(200);
    expect(rps.json().data).toHaveLength(16);
    expect(rps.json().data[0]).toMatchObject({
      id_pertemuan: 1,
      materi: 'Pendahuluan dan Kontrak Perkuliahan',
    });
    const re = (await get('mahasiswa', '/v2/academic/makul/IF2102/rencana-evaluasi')).json().data;
    expect(re.reduce((s: number, r: { bobot: number }) => s + r.bobot, 0)).toBe(100);
    expect(re[0]).toEqual({
      id: expect.any(String),
      komponen_nilai: { id: expect.any(String), nama: expect.any(String) },
      bobot: expect.any(Number),
    });

    const info = courseInfoSchema.parse((await get('dosen', '/v2/academic/matakuliah/IF2102')).json().data);
    expect(info).toMatchObject({
      kode: 'IF2102',
      nama_dosen_koordinator: 'Budi Santoso',
      akses: { ubah: true, ubah_rps: true },
    });
    const student = (await get('mahasiswa', '/v2/academic/matakuliah/IF2102')).json().data;
    expect(student.akses).toEqual({ ubah: false, ubah_rps: false });

    // Ubah Data RPS: the RPS developer too, and not a lecturer who is neither.
    const [course] = await t.database.query<{ id: string }>(
      `select c.id from courses c join users u on u.username = 'dosen'
        where c.college_id = 'demo' and c.koordinator_dosen_id <> u.id
          and c.pengembang_rps_dosen_id is distinct from u.id order by c.id limit 1`,
    );
    const rpsOf = async () => (await get('dosen', `/v2/academic/matakuliah/${course!.id}`)).json().data.akses;
    expect((await rpsOf()).ubah_rps).toBe(false);
    await t.database.query(
      `update courses set pengembang_rps_dosen_id = (select id from users where username = 'dosen') where id = $1`,
      [course!.id],
    );
    expect((await rpsOf()).ubah_rps).toBe(true);
    expect((await get('operator', `/v2/academic/matakuliah/${other.courseId}`)).statusCode).toBe(404);
    expect((await get('operator', '/v2/academic/makul/TIDAKADA/rencana-evaluasi')).json().status.code).toBe(
      'course_not_found',
    );
  });

  it('lets operators with write on data_master replace the plans', async () => {
    const rps = { data: [{ id_pertemuan: 1, materi: 'Pengantar', materi_inggris: 'Introduction' }] };
    const ok = await put('operator', '/v2/academic/makul/IF2103/rencana-pembelajaran', rps);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual([
      { id: expect.any(String), id_pertemuan: 1, materi: 'Pengantar', materi_inggris: 'Introduction' },
    ]);
    for (const u of ['operator.lihat', 'dosen', 'mahasiswa']) {
      expect((await put(u, '/v2/academic/makul/IF2103/rencana-pembelajaran', rps)).statusCode).toBe(403);
    }
    const plan = {
      data: [
        { komponen_nilai: { id: 'uas', nama: 'UAS' }, bobot: 60 },
        { komponen_nilai: { id: 'uts', nama: 'UTS' }, bobot: 40 },
      ],
    };
    expect(
      (await put('operator', '/v2/academic/makul/IF2103/rencana-evaluasi', plan)).json().data,
    ).toHaveLength(2);
    const notHundred = await put('operator', '/v2/academic/makul/IF2103/rencana-evaluasi', {
      data: [plan.data[0]],
    });
    expect(notHundred.statusCode).toBe(400);
    expect(notHundred.json().status.message).toContain('Jumlah bobot harus 100');
  });

  it('saves the syllabus text and a checked PDF for the coordinator', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const body = multipartBody(
      { teks: 'Silabus baru.' },
      { field: 'file_silabus', name: 'silabus.pdf', type: 'application/pdf', content: pdf },
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v2/academic/matakuliah/IF2102/silabus',
      headers: { ...as('dosen'), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const silabus = res.json().data.silabus;
    expect(silabus).toMatchObject({
      teks: 'Silabus baru.',
      file: { name: 'silabus.pdf', content_length: pdf.length },
    });
    const file = await t.app.inject({ url: silabus.file.url });
    expect(file.headers['content-type']).toBe('application/pdf');
    const klass = (await get('mahasiswa', '/v2/lms/kelas_kuliah/20261_01_IF2102')).json().data;
    expect(klass.mata_kuliah.pendahuluan.silabus.file.url).toBe(silabus.file.url);

    const fake = multipartBody(
      {},
      { field: 'file_silabus', name: 'x.pdf', type: 'application/pdf', content: Buffer.from('<html>') },
    );
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/v2/academic/matakuliah/IF2102/silabus',
      headers: { ...as('operator'), ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.json().status.code).toBe('file_tidak_valid');
    expect((await put('mahasiswa', '/v2/academic/matakuliah/IF2102/silabus', { teks: 'x' })).statusCode).toBe(
      403,
    );
    // dosen does not coordinate IF2103.
    expect((await put('dosen', '/v2/academic/matakuliah/IF2103/silabus', { teks: 'x' })).statusCode).toBe(
      403,
    );
    const cleared = await put('operator', '/v2/academic/matakuliah/IF2102/silabus', { hapus_file: true });
    expect(cleared.json().data.silabus.file).toBeNull();
  });
});

describe('reference lists for the filters', () => {
  it('lists courses, study programs and periods of the college with a huge page size', async () => {
    const courses = (await get('operator', '/v1/makul_ref?per_page=999999')).json();
    expect(courses.meta.total_items).toBe(42);
    expect(courses.data.some((c: { id: string }) => c.id === other.courseId)).toBe(false);
    const si = (await get('operator', '/v1/makul_ref?id_prodi=demo-si')).json();
    expect(si.data.every((c: { id_prodi: string }) => c.id_prodi === 'demo-si')).toBe(true);
    const prodi = (await get('dosen', '/v1/prodi_ref?per_page=999999')).json();
    expect(prodi.data).toHaveLength(6);
    const periods = (await get('mahasiswa', '/v1/periode_ref')).json();
    expect(periods.data.map((p: { kode: number }) => p.kode)).toEqual([20261, 20252]);
    expect(periods.data[0]).toMatchObject({ label: '2026/2027 Ganjil', is_current: true });
    expect((await t.app.inject({ url: '/v1/makul_ref', headers: { 'college-id': 'demo' } })).statusCode).toBe(
      401,
    );
  });

  it('lists the class names and kinds in use, sorted, searchable and paged', async () => {
    const [expected] = await t.database.query<{ names: string[]; kinds: string[] }>(
      `select array(select distinct nama from classes where college_id = 'demo' order by 1) as names,
              array(select distinct jenis from classes where college_id = 'demo' order by 1) as kinds`,
    );
    const labels = (await get('dosen', '/v1/label_kelas_ref')).json();
    expect(labels.data.map((r: { nama: string }) => r.nama)).toEqual(expected!.names);
    const kinds = (await get('mahasiswa', '/v1/jenis_kelas_ref')).json();
    expect(kinds.data.map((r: { nama: string }) => r.nama)).toEqual(expected!.kinds);
    expect(kinds.data.map((r: { nama: string }) => r.nama)).toContain('Reguler');
    const searched = (await get('operator', '/v1/jenis_kelas_ref?search=regul')).json();
    expect(searched.data).toEqual([{ nama: 'Reguler' }]);
    const paged = (await get('operator', '/v1/label_kelas_ref?per_page=1&page=2')).json();
    expect(paged.meta.total_items).toBe(expected!.names.length);
    expect(paged.data).toEqual(expected!.names.length > 1 ? [{ nama: expected!.names[1] }] : []);
    expect((await get('operator', '/v1/label_kelas_ref?per_page=0')).statusCode).toBe(400);
  });
});

describe('GET /v2/lms/kampus', () => {
  it("lists the caller's college campuses to every signed-in user, never another college's", async () => {
    await createCampus(t.database, { collegeId: other.collegeId, nama: 'Kampus Lain' });
    for (const u of ['mahasiswa', 'dosen', 'operator', 'operator.lihat']) {
      const res = await get(u, '/v2/lms/kampus');
      expect(res.statusCode).toBe(200);
      const campuses = res.json().data as { id: string; nama: string; alamat: string }[];
      expect(campuses.length).toBeGreaterThanOrEqual(2);
      expect(campuses[0]).toEqual({
        id: expect.any(String),
        nama: expect.any(String),
        alamat: expect.any(String),
      });
      expect(campuses.map((c) => c.nama)).not.toContain('Kampus Lain');
      expect(campuses.map((c) => c.nama)).toEqual([...campuses.map((c) => c.nama)].sort());
    }
    expect(
      (await t.app.inject({ url: '/v2/lms/kampus', headers: { 'college-id': 'demo' } })).statusCode,
    ).toBe(401);
    // A token of one college does not work under another college's header.
    const crossed = await t.app.inject({
      url: '/v2/lms/kampus',
      headers: { ...as('operator'), 'college-id': other.collegeId },
    });
    expect(crossed.statusCode).toBeGreaterThanOrEqual(400);
  });
});
