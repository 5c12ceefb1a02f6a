import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpArticleSchema } from '@lms/contract/help.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signInAll } from '../../testing/requests.ts';
import { createCollege } from '../../testing/factories.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let otherId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen', 'operator', 'operator.lihat']));
  const { collegeId } = await createCollege(t.database);
  const [row] = await t.database.query<{ id: string }>(
    `insert into help_articles (college_id, kategori, judul, isi) values ($1, 'Lain', 'Bantuan Lain', '<p>x</p>')
     returning id`,
    [collegeId],
  );
  otherId = row!.id;
});
afterAll(async () => {
  await t.close();
});

const as = (u: string) => bearerHeaders(tokens[u]!);
const get = (u: string, url: string) => t.app.inject({ url, headers: as(u) });
const send = (u: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(u), payload });

describe('GET /v2/lms/bantuan', () => {
  it('gives everyone the college’s help by topic and order', async () => {
    for (const u of ['mahasiswa', 'dosen', 'operator.lihat']) {
      const res = await get(u, '/v2/lms/bantuan');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.length).toBe(10);
      for (const item of body.data) helpArticleSchema.parse(item);
      expect(body.data.map((a: { judul: string }) => a.judul)).not.toContain('Bantuan Lain');
      const keys = body.data.map((a: { kategori: string; urutan: number }) => `${a.kategori}#${a.urutan}`);
      expect(keys).toEqual([...keys].sort());
      expect(body.akses.ubah).toBe(false);
    }
    expect((await get('operator', '/v2/lms/bantuan')).json().akses.ubah).toBe(true);
  });

  it('searches title, topic and body', async () => {
    const body = (await get('mahasiswa', '/v2/lms/bantuan?search=password')).json();
    expect(body.data.map((a: { judul: string }) => a.judul)).toContain(
      'Saya lupa password. Apa yang harus dilakukan?',
    );
    expect(body.data.every((a: { kategori: string }) => a.kategori === 'Akun dan Login')).toBe(true);
  });
});

describe('writing help', () => {
  it('lets operators with write on data_sistem add, edit and delete, sanitised', async () => {
    const created = await send('operator', 'POST', '/v2/lms/bantuan', {
      kategori: 'Nilai',
      judul: 'Kapan nilai terbit?',
      isi: '<p>Setelah dosen mengirim nilai.<script>alert(1)</script></p>',
      urutan: 1,
    });
    expect(created.statusCode).toBe(201);
    const item = helpArticleSchema.parse(created.json().data);
    expect(item.isi).toBe('<p>Setelah dosen mengirim nilai.</p>');
    const edited = await send('operator', 'PUT', `/v2/lms/bantuan/${item.id}`, {
      kategori: 'Nilai',
      judul: 'Kapan nilai akhir terbit?',
      isi: '<p>Diubah</p>',
    });
    expect(edited.json().data).toMatchObject({ judul: 'Kapan nilai akhir terbit?', urutan: 0 });
    expect((await get('mahasiswa', '/v2/lms/bantuan?search=nilai akhir')).json().data).toHaveLength(1);
    expect((await send('operator', 'DELETE', `/v2/lms/bantuan/${item.id}`)).statusCode).toBe(204);
    expect((await send('operator', 'DELETE', `/v2/lms/bantuan/${item.id}`)).statusCode).toBe(404);
  });

  it('refuses others, other colleges and bad input', async () => {
    const payload = { kategori: 'X', judul: 'Y', isi: '<p>z</p>' };
    for (const u of ['operator.lihat', 'mahasiswa', 'dosen']) {
      expect((await send(u, 'POST', '/v2/lms/bantuan', payload)).statusCode).toBe(403);
    }
    expect((await send('operator', 'PUT', `/v2/lms/bantuan/${otherId}`, payload)).statusCode).toBe(404);
    expect((await send('operator', 'DELETE', `/v2/lms/bantuan/${otherId}`)).statusCode).toBe(404);
    for (const bad of [
      { ...payload, kategori: '' },
      { ...payload, judul: ' ' },
      { ...payload, isi: '<script>x</script>' },
      { ...payload, urutan: -1 },
    ]) {
      const res = await send('operator', 'POST', '/v2/lms/bantuan', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
