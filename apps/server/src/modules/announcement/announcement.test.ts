import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementSchema, newsSchema } from '@lms/contract/announcement.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signInAll, signToken } from '../../testing/requests.ts';
import { createCollege } from '../../testing/factories.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let otherCollegeId: string;
let otherAnnouncementId: string;
let otherNewsId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen', 'operator', 'operator.lihat']));
  otherCollegeId = (await createCollege(t.database)).collegeId;
  const [a] = await t.database.query<{ id: string }>(
    `insert into announcements (college_id, judul, isi, tanggal_publish)
       values ($1, 'Pengumuman Kampus Lain', '<p>Rahasia</p>', now() - interval '1 day') returning id`,
    [otherCollegeId],
  );
  otherAnnouncementId = a!.id;
  const [n] = await t.database.query<{ id: string }>(
    `insert into news_articles (college_id, judul, isi, tanggal_publish)
       values ($1, 'Berita Kampus Lain', '<p>Rahasia</p>', now() - interval '1 day') returning id`,
    [otherCollegeId],
  );
  otherNewsId = n!.id;
});
afterAll(async () => {
  await t.close();
});

const as = (u: string) => bearerHeaders(tokens[u]!);
const get = (u: string, url: string) => t.app.inject({ url, headers: as(u) });
const send = (u: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), payload });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('GET /v2/lms/pengumuman', () => {
  it('lists published announcements newest first for every signed-in user, with paging', async () => {
    for (const u of ['mahasiswa', 'dosen', 'operator.lihat']) {
      const res = await get(u, '/v2/lms/pengumuman?per_page=2');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data).toHaveLength(2);
      for (const item of body.data) announcementSchema.parse(item);
      expect(body.meta).toMatchObject({ page: 1, per_page: 2, total_items: 6, total_pages: 3 });
      const [first, second] = body.data;
      expect(Date.parse(first.tanggal_publish)).toBeGreaterThanOrEqual(Date.parse(second.tanggal_publish));
      expect(body.data.every((a: { status: string }) => a.status === 'terbit')).toBe(true);
    }
    const all = (await get('mahasiswa', '/v2/lms/pengumuman?per_page=50')).json();
    expect(all.data.map((a: { judul: string }) => a.judul)).not.toContain(
      'Pengisian Kuesioner Evaluasi Dosen',
    );
    expect(all.akses).toEqual({ lihat_terjadwal: false, ubah: false });
  });

  it('searches titles', async () => {
    const body = (await get('mahasiswa', '/v2/lms/pengumuman?search=beasiswa')).json();
    expect(body.data.map((a: { judul: string }) => a.judul)).toEqual(['Pendaftaran Beasiswa Prestasi 2026']);
  });

  it('shows scheduled ones to operators with read, and refuses them to others', async () => {
    const lihat = (await get('operator.lihat', '/v2/lms/pengumuman?status=terjadwal')).json();
    expect(lihat.data.map((a: { judul: string }) => a.judul)).toEqual(['Pengisian Kuesioner Evaluasi Dosen']);
    expect(lihat.data[0].status).toBe('terjadwal');
    expect(lihat.akses).toEqual({ lihat_terjadwal: true, ubah: false });
    const semua = (await get('operator', '/v2/lms/pengumuman?status=semua&per_page=50')).json();
    expect(semua.meta.total_items).toBe(7);
    expect(semua.akses).toEqual({ lihat_terjadwal: true, ubah: true });
    expect((await get('mahasiswa', '/v2/lms/pengumuman?status=semua')).statusCode).toBe(403);
    expect((await get('dosen', '/v2/lms/pengumuman?status=terjadwal')).statusCode).toBe(403);
  });

  it('needs a session, and a token of the same college', async () => {
    expect(
      (await t.app.inject({ url: '/v2/lms/pengumuman', headers: { 'college-id': 'demo' } })).statusCode,
    ).toBe(401);
    const res = await t.app.inject({
      url: '/v2/lms/pengumuman',
      headers: bearerHeaders(tokens.mahasiswa!, otherCollegeId),
    });
    expect(res.statusCode).toBe(401);
  });

  it('never shows another college’s announcements', async () => {
    const all = (await get('operator', '/v2/lms/pengumuman?status=semua&per_page=100')).json();
    expect(all.data.map((a: { judul: string }) => a.judul)).not.toContain('Pengumuman Kampus Lain');
    expect((await get('operator', `/v2/lms/pengumuman/${otherAnnouncementId}`)).statusCode).toBe(404);
    const edit = await send('operator', 'PUT', `/v2/lms/pengumuman/${otherAnnouncementId}`, {
      judul: 'Diambil alih',
      isi: '<p>x</p>',
    });
    expect(edit.statusCode).toBe(404);
    expect((await send('operator', 'DELETE', `/v2/lms/pengumuman/${otherAnnouncementId}`)).statusCode).toBe(
      404,
    );
    const [row] = await t.database.query<{ judul: string }>(`select judul from announcements where id = $1`, [
      otherAnnouncementId,
    ]);
    expect(row?.judul).toBe('Pengumuman Kampus Lain');
  });
});

describe('writing announcements', () => {
  it('lets an operator with write create, edit and delete; the detail follows', async () => {
    const created = await send('operator', 'POST', '/v2/lms/pengumuman', {
      judul: '  Libur Dies Natalis  ',
      isi: '<p>Perkuliahan <strong>libur</strong> pada hari Dies Natalis.</p>',
    });
    expect(created.statusCode).toBe(201);
    const item = announcementSchema.parse(created.json().data);
    expect(item).toMatchObject({
      judul: 'Libur Dies Natalis',
      status: 'terbit',
      penulis: { nama: expect.any(String) },
    });
    expect(Math.abs(Date.parse(item.tanggal_publish) - Date.now())).toBeLessThan(60_000);

    const list = (await get('mahasiswa', '/v2/lms/pengumuman?per_page=1')).json();
    expect(list.data[0].id).toBe(item.id);
    const detail = await get('mahasiswa', `/v2/lms/pengumuman/${item.id}`);
    expect(detail.json().data.isi).toBe('<p>Perkuliahan <strong>libur</strong> pada hari Dies Natalis.</p>');

    const edited = await send('operator', 'PUT', `/v2/lms/pengumuman/${item.id}`, {
      judul: 'Libur Dies Natalis ke-25',
      isi: '<p>Diubah.</p>',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      judul: 'Libur Dies Natalis ke-25',
      tanggal_publish: item.tanggal_publish,
    });

    expect((await send('operator', 'DELETE', `/v2/lms/pengumuman/${item.id}`)).statusCode).toBe(204);
    expect((await get('mahasiswa', `/v2/lms/pengumuman/${item.id}`)).statusCode).toBe(404);
    expect((await send('operator', 'DELETE', `/v2/lms/pengumuman/${item.id}`)).statusCode).toBe(404);
  });

  it('keeps a future announcement hidden until its time, then shows it', async () => {
    const created = await send('operator', 'POST', '/v2/lms/pengumuman', {
      judul: 'Pengumuman Terjadwal Uji',
      isi: '<p>Nanti</p>',
      tanggal_publish: inDays(2),
    });
    expect(created.statusCode).toBe(201);
    const { id, status } = created.json().data;
    expect(status).toBe('terjadwal');

    const titles = async (u: string, query = '') =>
      (await get(u, `/v2/lms/pengumuman?per_page=50${query}`))
        .json()
        .data.map((a: { judul: string }) => a.judul);
    expect(await titles('mahasiswa')).not.toContain('Pengumuman Terjadwal Uji');
    expect(await titles('operator')).not.toContain('Pengumuman Terjadwal Uji');
    expect(await titles('operator.lihat', '&status=terjadwal')).toContain('Pengumuman Terjadwal Uji');
    expect((await get('mahasiswa', `/v2/lms/pengumuman/${id}`)).statusCode).toBe(404);
    expect((await get('operator.lihat', `/v2/lms/pengumuman/${id}`)).json().data.status).toBe('terjadwal');

    // Its time comes.
    await t.database.query(
      `update announcements set tanggal_publish = now() - interval '1 second' where id = $1`,
      [id],
    );
    expect(await titles('mahasiswa')).toContain('Pengumuman Terjadwal Uji');
    expect((await get('mahasiswa', `/v2/lms/pengumuman/${id}`)).json().data.status).toBe('terbit');
  });

  it('sanitises HTML on the way in and on the way out', async () => {
    const created = await send('operator', 'POST', '/v2/lms/pengumuman', {
      judul: 'Uji Sanitasi',
      isi:
        '<p onclick="alert(1)">Halo<script>alert("x")</script></p><img src=x onerror="alert(2)">' +
        '<a href="javascript:alert(3)">tautan</a><a href="https://und.ac.id">kampus</a><iframe src="https://evil"></iframe>',
    });
    expect(created.statusCode).toBe(201);
    const { id, isi } = created.json().data;
    expect(isi).not.toMatch(/script|onclick|onerror|javascript:|<img|<iframe|alert/);
    expect(isi).toContain('<p>Halo</p>');
    expect(isi).toContain(
      '<a href="https://und.ac.id" target="_blank" rel="noopener noreferrer nofollow">kampus</a>',
    );
    const [stored] = await t.database.query<{ isi: string }>(`select isi from announcements where id = $1`, [
      id,
    ]);
    expect(stored!.isi).not.toContain('script');

    // A row written past the API (an import, older code) is cleaned when read.
    await t.database.query(
      `update announcements set isi = '<p>Lama</p><script>alert(1)</script>' where id = $1`,
      [id],
    );
    const detail = (await get('mahasiswa', `/v2/lms/pengumuman/${id}`)).json().data;
    expect(detail.isi).toBe('<p>Lama</p>');
  });

  it('refuses bad input with the validation envelope', async () => {
    const cases: object[] = [
      { judul: '', isi: '<p>isi</p>' },
      { judul: 'Judul', isi: '<p></p>' },
      { judul: 'Judul', isi: '<script>alert(1)</script>' },
      { judul: 'Judul', isi: '<p>isi</p>', tanggal_publish: 'besok pagi' },
      { judul: 'x'.repeat(201), isi: '<p>isi</p>' },
      { isi: '<p>isi</p>' },
    ];
    for (const payload of cases) {
      const res = await send('operator', 'POST', '/v2/lms/pengumuman', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().status.code).toBe('validation_failed');
    }
    expect((await get('mahasiswa', '/v2/lms/pengumuman/bukan-uuid')).statusCode).toBe(400);
    expect((await get('mahasiswa', '/v2/lms/pengumuman?per_page=1000')).statusCode).toBe(400);
    expect((await get('operator', '/v2/lms/pengumuman?status=draf')).statusCode).toBe(400);
  });

  it('refuses changes from read-only operators, students, lecturers and operators acting for a student', async () => {
    const payload = { judul: 'Tidak boleh', isi: '<p>x</p>' };
    const [seeded] = (await get('mahasiswa', '/v2/lms/pengumuman?per_page=1')).json().data;
    for (const u of ['operator.lihat', 'mahasiswa', 'dosen']) {
      expect((await send(u, 'POST', '/v2/lms/pengumuman', payload)).statusCode).toBe(403);
      expect((await send(u, 'PUT', `/v2/lms/pengumuman/${seeded.id}`, payload)).statusCode).toBe(403);
      expect((await send(u, 'DELETE', `/v2/lms/pengumuman/${seeded.id}`)).statusCode).toBe(403);
    }
    const [ids] = await t.database.query<{ student: string; operator: string }>(
      `select (select id from users where username = 'mahasiswa') student,
              (select id from users where username = 'operator') operator`,
    );
    const acting = await signToken(
      t.app,
      { userId: ids!.student, collegeId: 'demo', role: 'mahasiswa' },
      { actorUserId: ids!.operator },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/pengumuman',
      headers: bearerHeaders(acting),
      payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().status.code).toBe('forbidden');
  });
});

describe('news (berita)', () => {
  it('lists and shows published news to everyone, and hides other colleges', async () => {
    const list = (await get('mahasiswa', '/v2/lms/berita')).json();
    expect(list.data).toHaveLength(3);
    for (const item of list.data) newsSchema.parse(item);
    expect(list.data[0].judul).toBe('Tim Robotik UND Juara Kontes Robot Indonesia');
    const detail = await get('dosen', `/v2/lms/berita/${list.data[0].id}`);
    expect(detail.json().data.ringkasan).toContain('Teknik Elektro');
    expect((await get('operator', `/v2/lms/berita/${otherNewsId}`)).statusCode).toBe(404);
  });

  it('lets operators with write on pengumuman publish news, sanitised, at a time', async () => {
    const created = await send('operator', 'POST', '/v2/lms/berita', {
      judul: 'Berita Terjadwal',
      ringkasan: 'Ringkas',
      isi: '<p>Isi<script>alert(1)</script></p>',
      tanggal_publish: inDays(1),
    });
    expect(created.statusCode).toBe(201);
    const { id, isi } = created.json().data;
    expect(isi).toBe('<p>Isi</p>');
    expect((await get('mahasiswa', `/v2/lms/berita/${id}`)).statusCode).toBe(404);
    const edited = await send('operator', 'PUT', `/v2/lms/berita/${id}`, {
      judul: 'Berita Terbit',
      isi: '<p>Isi</p>',
      tanggal_publish: inDays(-1),
    });
    expect(edited.json().data).toMatchObject({ judul: 'Berita Terbit', ringkasan: '', status: 'terbit' });
    expect((await get('mahasiswa', `/v2/lms/berita/${id}`)).statusCode).toBe(200);
    expect((await send('operator.lihat', 'DELETE', `/v2/lms/berita/${id}`)).statusCode).toBe(403);
    expect((await send('operator', 'DELETE', `/v2/lms/berita/${id}`)).statusCode).toBe(204);
  });
});
