import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPeriodLabel, nextPeriodCode } from '@lms/contract/period.rules';
import { semesterImportMessages } from '@lms/contract/semester-import.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signInAll } from '../../testing/requests.ts';
import { siakadSignatureHeaders, siakadSignatureValid, signSiakadRequest } from '../siakad/siakad.testing.ts';
import { applySemesterImport, readSiakadSemesterImport } from './semester-import.service.ts';

/*
 * "Muat Semester › Dari SIAKAD": the same preview and apply as a workbook's, from the demo SIAKAD (in
 * our own database, directly and over signed HTTP through the routes this server serves) and from a
 * SIAKAD on 127.0.0.1 that serves a new period, fails, or is not set up.
 */

let t: TestApp;
let publicUrl = '';
let demoPeriod = 0;
const tokens: Record<string, string> = {};
const base = '/v2/lms/muat_semester';
const key = 'kunci-rahasia-siakad-0123456789-abcdef';
const classId = '20301_A_SKMK1';

type Rows = Record<string, Record<string, unknown>[]>;
/** What the campus SIAKAD on 127.0.0.1 serves for period 20301 (two pages of students). */
let campus: Rows = {};
let campusStatus = 200;
let campusSigned = true;
const campusSemester = (): Rows => ({
  periode: [
    { kode: 20301, label: '2030/2031 Ganjil', tanggal_mulai: '2030-08-01', tanggal_selesai: '2031-01-31' },
  ],
  prodi: [{ id_prodi: 'SKPRODI', kode: 'SKP', nama: 'Prodi Siakad', jenjang: 'S1' }],
  mata_kuliah: [
    { id_mata_kuliah: 'SKMK1', kode: 'SK101', nama: 'Basis Data', sks: 3, semester: 3, id_prodi: 'SKPRODI' },
  ],
  dosen: [{ nidn: 'SKD001', nama: 'Dosen Siakad', email: null, id_prodi: 'SKPRODI' }],
  mahasiswa: [
    { nim: 'SKM001', nama: 'Mahasiswa Siakad Satu', email: null, id_prodi: 'SKPRODI', angkatan: 2030 },
    { nim: 'SKM002', nama: 'Mahasiswa Siakad Dua', email: null, id_prodi: 'SKPRODI', angkatan: 2030 },
  ],
  kelas: [
    {
      id_kelas: classId,
      periode: 20301,
      id_mata_kuliah: 'SKMK1',
      nama: 'A',
      kapasitas: 40,
      mode: 'offline',
      hari: 'Rabu',
      jam_mulai: '10:00',
      jam_selesai: '11:40',
      ruangan: 'R-Siakad-1',
    },
  ],
  pengajar: [{ id_kelas: classId, nidn: 'SKD001', peran: 'koordinator', utama: true }],
  peserta: [
    { id_kelas: classId, nim: 'SKM001' },
    { id_kelas: classId, nim: 'SKM002' },
  ],
});

const servers: Server[] = [];
let campusUrl = '';

/** Serves `campus` by the protocol; `mahasiswa` one row a page, so the reader follows pages. */
function serveCampus(req: IncomingMessage, body: string) {
  campusSigned = siakadSignatureValid(key, {
    method: req.method!,
    pathAndQuery: req.url!,
    body,
    timestamp: req.headers[siakadSignatureHeaders.timestamp] as string | undefined,
    signature: req.headers[siakadSignatureHeaders.signature] as string | undefined,
  });
  const url = new URL(req.url!, 'http://x');
  const m = /\/periode\/(\d+)\/muat_semester\/(\w+)$/.exec(url.pathname);
  if (!campusSigned || !m) return { status: 401, body: '{}' };
  if (campusStatus !== 200) return { status: campusStatus, body: '{"rahasia":"RAHASIA"}' };
  const all = Number(m[1]) === 20301 ? (campus[m[2]!] ?? []) : [];
  const page = Number(url.searchParams.get('halaman') ?? 1);
  if (m[2] !== 'mahasiswa')
    return { status: 200, body: JSON.stringify({ data: { baris: all, halaman_berikutnya: null } }) };
  const next = page < all.length ? page + 1 : null;
  return {
    status: 200,
    body: JSON.stringify({ data: { baris: all.slice(page - 1, page), halaman_berikutnya: next } }),
  };
}

async function storeIntegration(siakad: object | null) {
  await t.database.query(
    `update colleges set settings = jsonb_set(settings, '{integrasi_nilai}', $1::jsonb) where id = 'demo'`,
    [
      JSON.stringify({
        pelaku: 'dosen',
        siakad: siakad ?? { jenis: 'demo', url: null, batas_waktu_ms: 10_000 },
      }),
    ],
  );
  t.app.invalidateCollegeCache();
}

const start = (periode: unknown, who = 'operator') =>
  t.app.inject({
    method: 'POST',
    url: `${base}/siakad`,
    headers: bearerHeaders(tokens[who]!),
    payload: { periode },
  });

const latest = async () =>
  (await t.app.inject({ url: `${base}/terakhir`, headers: bearerHeaders(tokens.operator!) })).json().data;

/** Starts a load of `periode` and runs its read job as a worker would; answers the preview. */
async function preview(periode: number) {
  const res = await start(periode);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().data).toMatchObject({ status: 'memproses', nama_file: `Siakad periode ${periode}` });
  const id = res.json().data.id as string;
  await readSiakadSemesterImport(t.database.db, t.app.config, 'demo', id, periode, {
    timeLimitMs: 60_000,
    backoffMs: [],
  });
  const p = await latest();
  expect(p.id).toBe(id);
  return p;
}

async function apply(id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/${id}/terapkan`,
    headers: bearerHeaders(tokens.operator!),
  });
  expect(res.statusCode, res.body).toBe(200);
  await applySemesterImport(t.database.db, 'demo', id);
  return latest();
}

const total = (p: {
  ringkasan: Record<string, { baru: number; berubah: number; sama: number; dihapus: number }>;
}) =>
  Object.values(p.ringkasan).reduce(
    (sum, c) => ({ changed: sum.changed + c.baru + c.berubah + c.dihapus, same: sum.same + c.sama }),
    { changed: 0, same: 0 },
  );

beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  publicUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    publicUrl,
    rateLimitLoginPerMinute: 1000,
    siakadAllowedHosts: ['127.0.0.1'],
    siakadPrivateNetworks: ['127.0.0.0/8'],
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  Object.assign(tokens, await signInAll(t.app, ['operator', 'operator.lihat']));
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const answer = serveCampus(req, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  campusUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  await t.database.query(
    `insert into siakad_credentials (college_id, secret) values ('demo', $1)
     on conflict (college_id) do update set secret = excluded.secret`,
    [key],
  );
  const [current] = await t.database.query<{ kode: number }>(
    `select kode from periods where college_id = 'demo' and is_current`,
  );
  demoPeriod = current!.kode;
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await t.close();
});

describe('loading a semester from the demo SIAKAD', () => {
  it('previews the demo college period as SIAKAD holds it: the same data, so nothing changes', async () => {
    await storeIntegration(null);
    const p = await preview(demoPeriod);
    expect(p.status, p.pesan).toBe('pratinjau');
    expect(p.ringkasan.kelas.sama).toBeGreaterThan(0);
    expect(p.ringkasan.peserta.sama).toBeGreaterThan(0);
    expect(total(p).changed).toBe(0);
    expect((await apply(p.id)).status).toBe('diterapkan');
  });

  it('reads the same through its signed protocol routes over HTTP', async () => {
    await storeIntegration({ jenis: 'http', url: `${publicUrl}/dev/siakad/demo`, batas_waktu_ms: 10_000 });
    const p = await preview(demoPeriod);
    expect(p.status, p.pesan).toBe('pratinjau');
    expect(total(p).changed).toBe(0);
    expect(p.ringkasan.kelas.sama).toBeGreaterThan(0);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${base}/${p.id}/batal`,
      headers: bearerHeaders(tokens.operator!),
    });
    expect(cancel.json().data.status).toBe('dibatalkan');
  });

  it('serves the period after the latest as a new semester: all new, applied, then unchanged', async () => {
    await storeIntegration(null);
    const next = nextPeriodCode(demoPeriod);
    const count = async (query: string) =>
      Number((await t.database.query<{ n: string }>(query, [demoPeriod]))[0]!.n);
    const classCount = await count(
      `select count(*) n from classes where college_id = 'demo' and periode = $1`,
    );
    const enrolmentCount = await count(
      `select count(*) n from class_students e
         join classes k on k.college_id = e.college_id and k.id = e.kelas_id
         join students s on s.college_id = e.college_id and s.user_id = e.mahasiswa_id
       where e.college_id = 'demo' and k.periode = $1 and s.status = 'Aktif'`,
    );
    const p = await preview(next);
    expect(p.status, JSON.stringify(p.masalah ?? p.pesan)).toBe('pratinjau');
    expect(p.ringkasan.periode).toEqual({ baru: 1, berubah: 0, sama: 0, dihapus: 0 });
    expect(p.ringkasan.kelas).toEqual({ baru: classCount, berubah: 0, sama: 0, dihapus: 0 });
    expect(p.ringkasan.peserta).toEqual({ baru: enrolmentCount, berubah: 0, sama: 0, dihapus: 0 });
    expect(p.ringkasan.mahasiswa.baru + p.ringkasan.dosen.baru + p.ringkasan.mata_kuliah.baru).toBe(0);
    expect((await apply(p.id)).status).toBe('diterapkan');

    const [period] = await t.database.query<{ label: string; starts_after: boolean }>(
      `select n.label, n.tanggal_mulai > c.tanggal_selesai as starts_after
       from periods n, periods c where n.college_id = 'demo' and c.college_id = 'demo'
         and n.kode = $1 and c.kode = $2`,
      [next, demoPeriod],
    );
    expect(period).toEqual({ label: formatPeriodLabel(next), starts_after: true });
    const [course] = await t.database.query<{ id: string }>(
      `select id from classes where college_id = 'demo' and periode = $1 order by id limit 1`,
      [next],
    );
    expect(course!.id).toMatch(new RegExp(`^${next}_[^_]+_`));
    const [current] = await t.database.query<{ kode: number }>(
      `select kode from periods where college_id = 'demo' and is_current`,
    );
    expect(current!.kode).toBe(demoPeriod);

    const again = await preview(next);
    expect(again.status).toBe('pratinjau');
    expect(total(again)).toEqual({ changed: 0, same: total(p).changed + total(p).same });
    const beyond = await preview(nextPeriodCode(nextPeriodCode(next)));
    expect(beyond.pesan).toBe(semesterImportMessages.siakadEmpty(nextPeriodCode(nextPeriodCode(next))));
  });

  it('answers its protocol routes only to signed requests', async () => {
    const path = `/dev/siakad/demo/periode/${demoPeriod}/muat_semester/peserta`;
    const unsigned = await t.app.inject({ url: path });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.body).not.toContain('baris');
    const signed = await t.app.inject({
      url: `${path}?halaman=1`,
      headers: signSiakadRequest(key, { method: 'GET', pathAndQuery: `${path}?halaman=1`, body: '' }),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.baris.length).toBeGreaterThan(0);
    expect(signed.json().data.halaman_berikutnya).toBeNull();
  });
});

describe('loading a semester from a campus SIAKAD', () => {
  const enrolled = async () =>
    Number(
      (
        await t.database.query<{ n: string }>(
          `select count(*) n from class_students where college_id = 'demo' and kelas_id = $1`,
          [classId],
        )
      )[0]!.n,
    );

  it('previews a new period read page by page, applies it, and a second load changes nothing', async () => {
    campus = campusSemester();
    await storeIntegration({ jenis: 'http', url: campusUrl, batas_waktu_ms: 5_000 });
    const p = await preview(20301);
    expect(p.status, JSON.stringify(p.masalah)).toBe('pratinjau');
    expect(campusSigned).toBe(true);
    expect(p.ringkasan.mahasiswa).toEqual({ baru: 2, berubah: 0, sama: 0, dihapus: 0 });
    expect(p.ringkasan.kelas).toEqual({ baru: 1, berubah: 0, sama: 0, dihapus: 0 });
    expect(await enrolled()).toBe(0);
    const done = await apply(p.id);
    expect(done.status).toBe('diterapkan');
    expect(await enrolled()).toBe(2);
    const logged = await t.database.query<{ detail: string }>(
      `select detail from activity_logs where college_id = 'demo' and jenis = 'muat_semester'`,
    );
    expect(logged.map((l) => l.detail)).toContainEqual(
      expect.stringContaining('Menerapkan Muat Semester dari Siakad periode 20301: Periode: 1 baru'),
    );

    const again = await preview(20301);
    expect(total(again)).toEqual({ changed: 0, same: total(p).changed });
  });

  it('shows a student SIAKAD dropped before removing them', async () => {
    campus = { ...campusSemester(), peserta: [{ id_kelas: classId, nim: 'SKM001' }] };
    const p = await preview(20301);
    expect(p.ringkasan.peserta).toEqual({ baru: 0, berubah: 0, sama: 1, dihapus: 1 });
    expect(p.penghapusan).toEqual([
      { entitas: 'peserta', kelas: classId, kunci: 'SKM002', nama: 'Mahasiswa Siakad Dua' },
    ]);
    expect((await apply(p.id)).status).toBe('diterapkan');
    expect(await enrolled()).toBe(1);
  });

  it('lists the problems of SIAKAD rows by part and position, as a workbook’s', async () => {
    campus = {
      ...campusSemester(),
      mahasiswa: [{ nim: 'SKM001', nama: '', email: 'bukan-email', id_prodi: 'SKPRODI', angkatan: 2030 }],
    };
    const p = await preview(20301);
    expect(p.status).toBe('ditolak');
    expect(p.pesan).toBe('Data Siakad memuat 2 masalah. Perbaiki di Siakad lalu baca ulang.');
    expect(p.masalah).toEqual([
      { lembar: 'Mahasiswa', baris: 1, kolom: 'Nama', pesan: 'Wajib diisi.' },
      { lembar: 'Mahasiswa', baris: 1, kolom: 'Email', pesan: 'Alamat email tidak valid.' },
    ]);
  });

  it('names a failing SIAKAD in Indonesian without echoing it, and a period SIAKAD does not have', async () => {
    campus = campusSemester();
    campusStatus = 500;
    const failed = await preview(20301);
    expect(failed.status).toBe('ditolak');
    expect(failed.pesan).toBe(`${semesterImportMessages.siakadFailed} Siakad menolak permintaan (HTTP 500).`);
    expect(JSON.stringify(failed)).not.toContain('RAHASIA');
    campusStatus = 200;
    const empty = await preview(20302);
    expect(empty.status).toBe('ditolak');
    expect(empty.pesan).toBe(semesterImportMessages.siakadEmpty(20302));
  });

  it('is refused while SIAKAD is not set up, for a bad period, and to an operator who may only read', async () => {
    const before = await t.database.query(
      `select count(*) n from semester_imports where college_id = 'demo'`,
    );
    await t.database.query(`delete from siakad_credentials where college_id = 'demo'`);
    const unset = await start(20301);
    expect(unset.statusCode).toBe(409);
    expect(unset.json().status).toMatchObject({
      code: 'siakad_belum_diatur',
      message: 'Kunci rahasia Siakad belum diatur (Konfigurasi › Integrasi Nilai).',
    });
    for (const periode of [20304, 123, '20301'])
      expect((await start(periode)).statusCode, String(periode)).toBe(400);
    expect((await start(20301, 'operator.lihat')).statusCode).toBe(403);
    expect(
      await t.database.query(`select count(*) n from semester_imports where college_id = 'demo'`),
    ).toEqual(before);
  });
});
