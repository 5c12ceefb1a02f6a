import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementSchema,
  newsSchema,
  publicationImageUploadedSchema,
} from '@lms/contract/announcement.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  bearerHeaders,
  multipartBody,
  signInAll,
  signToken,
  tinyPng,
  type MultipartFile,
} from '../../testing/requests.ts';
import { createCollege } from '../../testing/factories.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let otherCollegeId: string;
let otherAnnouncementId: string;
let otherNewsId: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lms-announcement-'));
  t = await createTestApp({ rateLimitLoginPerMinute: 1000, dataDir });
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
  rmSync(dataDir, { recursive: true, force: true });
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

const image = (name: string, content: Buffer, type = 'image/png'): MultipartFile => ({
  field: 'file',
  name,
  type,
  content,
});

/** POST /v2/lms/pengumuman/gambar as `u` (a college's token, or the demo's). */
async function uploadImage(u: string, file: MultipartFile, collegeId?: string) {
  const { payload, headers } = multipartBody({}, file);
  return t.app.inject({
    method: 'POST',
    url: '/v2/lms/pengumuman/gambar',
    headers: { ...bearerHeaders(tokens[u]!, collegeId), ...headers },
    payload,
  });
}

async function uploadedUrl(u = 'operator'): Promise<string> {
  const res = await uploadImage(u, image('denah kampus.png', tinyPng()));
  expect(res.statusCode, res.body).toBe(200);
  return publicationImageUploadedSchema.parse(res.json()).data.url;
}

describe('POST /v2/lms/pengumuman/gambar', () => {
  it('stores an image for operators with write, served by the file route to every signed-in page', async () => {
    const url = await uploadedUrl();
    expect(url).toMatch(/^\/v2\/files\/[A-Za-z0-9_-]{24,64}\?college-id=demo$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(tinyPng())).toBe(true);
  });

  it('refuses read-only operators, lecturers, students, operators acting for a student and no session', async () => {
    for (const u of ['operator.lihat', 'dosen', 'mahasiswa']) {
      const res = await uploadImage(u, image('gambar.png', tinyPng()));
      expect(res.statusCode, u).toBe(403);
    }
    const [ids] = await t.database.query<{ student: string; operator: string }>(
      `select (select id from users where username = 'mahasiswa') student,
              (select id from users where username = 'operator') operator`,
    );
    tokens.acting = await signToken(
      t.app,
      { userId: ids!.student, collegeId: 'demo', role: 'mahasiswa' },
      { actorUserId: ids!.operator },
    );
    expect((await uploadImage('acting', image('gambar.png', tinyPng()))).statusCode).toBe(403);
    const { payload, headers } = multipartBody({}, image('gambar.png', tinyPng()));
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/pengumuman/gambar',
      headers: { 'college-id': 'demo', ...headers },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks the content, not the name: a PDF named .png and an SVG are refused', async () => {
    const pdf = await uploadImage('operator', image('poster.png', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n')));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().status.message).toBe('Isi berkas tidak sesuai dengan format .png.');
    const svg = await uploadImage(
      'operator',
      image(
        'logo.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ),
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json().status.message).toBe('Gambar harus berupa png, jpg atau jpeg.');
    const none = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/pengumuman/gambar',
      headers: { ...as('operator'), ...multipartBody({ judul: 'x' }).headers },
      payload: multipartBody({ judul: 'x' }).payload,
    });
    expect(none.statusCode).toBe(400);
  });

  it('refuses an image over 5 MB, storing nothing', async () => {
    const count = async () => {
      let n = 0;
      for await (const _ of t.app.files.list()) n++;
      return n;
    };
    const before = await count();
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5_000_001)]);
    const res = await uploadImage('operator', image('besar.png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().status.message).toBe('Ukuran file tidak boleh lebih dari 5.00MB.');
    expect(await count()).toBe(before);
  });
});

describe('images in announcements and news', () => {
  it('keeps own images in the body and drops foreign, data: and javascript: sources', async () => {
    const url = await uploadedUrl();
    const created = await send('operator', 'POST', '/v2/lms/pengumuman', {
      judul: 'Denah Ujian',
      isi:
        `<p>Lihat denah.</p><img src="${url}" alt="Denah ruang ujian">` +
        '<img src="https://tracker.example/p.gif"><img src="data:image/png;base64,iVBORw0KGgo="><img src="javascript:alert(1)">',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.isi).toBe(`<p>Lihat denah.</p><img src="${url}" alt="Denah ruang ujian" />`);
    // An image alone is content enough.
    const poster = await send('operator', 'POST', '/v2/lms/pengumuman', {
      judul: 'Poster',
      isi: `<p><img src="${url}" alt="Poster"></p>`,
    });
    expect(poster.statusCode).toBe(201);
    const foreignOnly = await send('operator', 'POST', '/v2/lms/pengumuman', {
      judul: 'Poster',
      isi: '<p><img src="https://tracker.example/p.gif"></p>',
    });
    expect(foreignOnly.statusCode).toBe(400);
  });

  it('sets, keeps and removes a news cover; shows it in the list and the detail', async () => {
    const cover = await uploadedUrl();
    const created = await send('operator', 'POST', '/v2/lms/berita', {
      judul: 'Wisuda Periode II',
      ringkasan: 'Wisuda digelar di Auditorium.',
      isi: '<p>Isi</p>',
      gambar_url: cover,
    });
    expect(created.statusCode, created.body).toBe(201);
    const news = newsSchema.parse(created.json().data);
    expect(news.gambar_url).toBe(cover);
    const listed = (await get('mahasiswa', '/v2/lms/berita?per_page=50')).json().data;
    expect(listed.find((n: { id: string }) => n.id === news.id).gambar_url).toBe(cover);
    expect((await get('mahasiswa', `/v2/lms/berita/${news.id}`)).json().data.gambar_url).toBe(cover);

    // Absent keeps it; null removes it.
    const kept = await send('operator', 'PUT', `/v2/lms/berita/${news.id}`, {
      judul: 'Wisuda',
      isi: '<p>Isi</p>',
    });
    expect(kept.json().data.gambar_url).toBe(cover);
    const removed = await send('operator', 'PUT', `/v2/lms/berita/${news.id}`, {
      judul: 'Wisuda',
      isi: '<p>Isi</p>',
      gambar_url: null,
    });
    expect(removed.json().data.gambar_url).toBeNull();
    // News without a cover answers null.
    const seeded = (await get('mahasiswa', '/v2/lms/berita')).json().data;
    expect(
      seeded.every((n: { gambar_url: unknown }) => n.gambar_url === null || typeof n.gambar_url === 'string'),
    ).toBe(true);
  });

  it('refuses a cover that is not an image stored for this college', async () => {
    const otherCollegeImage = await t.app.files.put(tinyPng(), {
      collegeId: otherCollegeId,
      contentType: 'image/png',
      fileName: 'x.png',
    });
    const text = await t.app.files.put(Buffer.from('bukan gambar'), {
      collegeId: 'demo',
      contentType: 'text/plain',
      fileName: 'x.txt',
    });
    for (const gambar_url of [
      'https://evil.example/cover.png',
      'data:image/png;base64,iVBORw0KGgo=',
      `/v2/files/${otherCollegeImage.key}?college-id=${otherCollegeId}`,
      `/v2/files/${otherCollegeImage.key}?college-id=demo`,
      `/v2/files/${text.key}?college-id=demo`,
      '/v2/files/AAAAAAAAAAAAAAAAAAAAAAAAAAAA?college-id=demo',
    ]) {
      const res = await send('operator', 'POST', '/v2/lms/berita', {
        judul: 'x',
        isi: '<p>x</p>',
        gambar_url,
      });
      expect(res.statusCode, gambar_url).toBe(400);
      expect(res.json().status.code).toBe('validation_failed');
      expect(res.json().status.message).toContain('Gambar sampul tidak ditemukan.');
    }
  });
});
