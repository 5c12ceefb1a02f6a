import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { semesterImportMessages } from '@lms/contract/semester-import.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signInAll } from '../../testing/requests.ts';
import { siakadSignatureHeaders, siakadSignatureValid } from '../siakad/siakad.testing.ts';
import {
  semesterImportApplyJob,
  semesterImportApplyJobName,
  semesterImportReadJob,
  semesterImportReadJobName,
  semesterSyncJob,
  type SemesterJobDeps,
} from './semester-import.jobs.ts';

/*
 * "Sinkron otomatis dari SIAKAD": the setting's routes, and the hourly job run as the workers would —
 * the schedule, then the read job it queues, then the apply job the read queues when the preview has
 * no problem and no removal — against the demo SIAKAD and a campus SIAKAD on 127.0.0.1 that serves the
 * college's current period with a class of its own.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const url = '/v2/lms/muat_semester/sinkron_otomatis';
const key = 'kunci-rahasia-siakad-0123456789-abcdef';
let demoPeriod = 0;
let classId = '';
let campusUrl = '';
let campus: Record<string, Record<string, unknown>[]> = {};
const servers: Server[] = [];

/** Jobs the handlers queued (the test runs them, in order, as a worker would). */
let queued: { name: string; data: Record<string, unknown> }[] = [];
let deps: SemesterJobDeps;

/** 10:00 WIB (03:00 UTC) of a day in December 2026, plus `minutes`. */
const at = (day: number, minutes = 0) => new Date(Date.UTC(2026, 11, day, 3, 0) + minutes * 60_000);

/** One hourly run at `now`, then its read jobs and the apply jobs those queue. Answers what was queued. */
async function runSchedule(now: Date) {
  queued = [];
  await semesterSyncJob(deps, () => now).handler({});
  const reads = queued.filter((job) => job.name === semesterImportReadJobName);
  for (const job of reads) await semesterImportReadJob(deps).handler(job.data as never);
  const applies = queued.filter((job) => job.name === semesterImportApplyJobName);
  for (const job of applies) await semesterImportApplyJob(deps).handler(job.data as never);
  return { reads: reads.length, applies: applies.length };
}

const put = (payload: unknown, who = 'operator') =>
  t.app.inject({ method: 'PUT', url, headers: bearerHeaders(tokens[who]!), payload: payload as object });
const get = (who = 'operator') => t.app.inject({ url, headers: bearerHeaders(tokens[who]!) });
const latest = async () =>
  (
    await t.app.inject({
      url: '/v2/lms/muat_semester/terakhir',
      headers: bearerHeaders(tokens.operator!),
    })
  ).json().data;
const loadCount = async () =>
  Number(
    (
      await t.database.query<{ n: string }>(
        `select count(*) n from semester_imports where college_id = 'demo'`,
      )
    )[0]!.n,
  );
const enrolled = async () =>
  Number(
    (
      await t.database.query<{ n: string }>(
        `select count(*) n from class_students where college_id = 'demo' and kelas_id = $1`,
        [classId],
      )
    )[0]!.n,
  );

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

function serveCampus(req: IncomingMessage, body: string) {
  const signed = siakadSignatureValid(key, {
    method: req.method!,
    pathAndQuery: req.url!,
    body,
    timestamp: req.headers[siakadSignatureHeaders.timestamp] as string | undefined,
    signature: req.headers[siakadSignatureHeaders.signature] as string | undefined,
  });
  const m = /\/periode\/(\d+)\/muat_semester\/(\w+)$/.exec(new URL(req.url!, 'http://x').pathname);
  if (!signed || !m) return { status: 401, body: '{}' };
  const rows = Number(m[1]) === demoPeriod ? (campus[m[2]!] ?? []) : [];
  return { status: 200, body: JSON.stringify({ data: { baris: rows, halaman_berikutnya: null } }) };
}

beforeAll(async () => {
  t = await createTestApp({
    rateLimitLoginPerMinute: 1000,
    siakadAllowedHosts: ['127.0.0.1'],
    siakadPrivateNetworks: ['127.0.0.0/8'],
  });
  deps = {
    db: t.database.db,
    config: t.app.config,
    jobs: {
      send: async (name: string, data: object = {}) => {
        queued.push({ name, data: data as Record<string, unknown> });
        return 'id';
      },
    },
  };
  Object.assign(tokens, await signInAll(t.app, ['operator', 'operator.lihat', 'dosen', 'mahasiswa']));
  const [period] = await t.database.query<{ kode: number; label: string; mulai: string; selesai: string }>(
    `select kode, label, tanggal_mulai::text mulai, tanggal_selesai::text selesai
     from periods where college_id = 'demo' and is_current`,
  );
  demoPeriod = period!.kode;
  classId = `${demoPeriod}_A_SYMK1`;
  // The campus SIAKAD holds the current period (as the LMS has it) with one class of its own.
  campus = {
    periode: [
      {
        kode: demoPeriod,
        label: period!.label,
        tanggal_mulai: period!.mulai,
        tanggal_selesai: period!.selesai,
      },
    ],
    prodi: [{ id_prodi: 'SYPRODI', kode: 'SYP', nama: 'Prodi Sinkron', jenjang: 'S1' }],
    mata_kuliah: [
      { id_mata_kuliah: 'SYMK1', kode: 'SY101', nama: 'Sinkron', sks: 2, semester: 1, id_prodi: 'SYPRODI' },
    ],
    dosen: [{ nidn: 'SYD001', nama: 'Dosen Sinkron', email: null, id_prodi: 'SYPRODI' }],
    mahasiswa: [
      { nim: 'SYM001', nama: 'Mahasiswa Sinkron Satu', email: null, id_prodi: 'SYPRODI', angkatan: 2026 },
      { nim: 'SYM002', nama: 'Mahasiswa Sinkron Dua', email: null, id_prodi: 'SYPRODI', angkatan: 2026 },
    ],
    kelas: [
      {
        id_kelas: classId,
        periode: demoPeriod,
        id_mata_kuliah: 'SYMK1',
        nama: 'A',
        kapasitas: 40,
        mode: 'online',
        hari: null,
        jam_mulai: null,
        jam_selesai: null,
        ruangan: null,
      },
    ],
    pengajar: [{ id_kelas: classId, nidn: 'SYD001', peran: 'koordinator', utama: true }],
    peserta: [
      { id_kelas: classId, nim: 'SYM001' },
      { id_kelas: classId, nim: 'SYM002' },
    ],
  };
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
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await t.close();
});

describe('the Sinkron otomatis setting', () => {
  it('is off by default, saved by a writer, logged with what changed', async () => {
    const first = await get();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ aktif: false, jam: 2, zona_waktu: 'WIB' });

    const saved = await put({ aktif: true, jam: 22 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ aktif: true, jam: 22, zona_waktu: 'WIB' });
    expect((await get('operator.lihat')).json().data).toEqual({ aktif: true, jam: 22, zona_waktu: 'WIB' });

    const [logged] = await t.database.query<{ detail: string; context: { perubahan: unknown } }>(
      `select detail, context from activity_logs where college_id = 'demo' and jenis = 'ubah_konfigurasi'
       order by id desc limit 1`,
    );
    expect(logged!.detail).toBe('Mengubah sinkron otomatis dari Siakad');
    expect(logged!.context.perubahan).toEqual([
      { field: 'aktif', label: 'Sinkron otomatis dari SIAKAD', lama: 'Nonaktif', baru: 'Aktif' },
      { field: 'jam', label: 'Jam sinkron otomatis', lama: '02.00 WIB', baru: '22.00 WIB' },
    ]);
    // The Konfigurasi page's save keeps the key it does not know.
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/v2/lms/pengaturan',
      headers: bearerHeaders(tokens.operator!),
      payload: { aturan_qr_code: { status: false } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await get()).json().data.aktif).toBe(true);
  });

  it('refuses another hour or a bad flag with an Indonesian message, and changes nothing', async () => {
    for (const body of [
      { aktif: true, jam: 24 },
      { aktif: true, jam: -1 },
      { aktif: true, jam: 1.5 },
      { aktif: true, jam: '3' },
      { aktif: 'ya', jam: 3 },
      { jam: 3 },
    ]) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await put({ aktif: true, jam: 24 })).json().status.message).toContain(
      semesterImportMessages.syncHourInvalid,
    );
    expect((await get()).json().data).toEqual({ aktif: true, jam: 22, zona_waktu: 'WIB' });
  });

  it('is seen by readers of data_master and changed only by its writers', async () => {
    expect((await get('operator.lihat')).statusCode).toBe(200);
    expect((await put({ aktif: false, jam: 3 }, 'operator.lihat')).statusCode).toBe(403);
    for (const who of ['dosen', 'mahasiswa']) {
      expect((await get(who)).statusCode, who).toBe(403);
      expect((await put({ aktif: false, jam: 3 }, who)).statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await get()).json().data).toEqual({ aktif: true, jam: 22, zona_waktu: 'WIB' });
  });
});

describe('the hourly SIAKAD sync', () => {
  beforeEach(async () => {
    await storeIntegration(null);
    await t.database.query(
      `insert into siakad_credentials (college_id, secret) values ('demo', $1)
       on conflict (college_id) do update set secret = excluded.secret`,
      [key],
    );
  });

  it('starts nothing while off, nor at another hour', async () => {
    expect((await put({ aktif: false, jam: 10 })).statusCode).toBe(200);
    const before = await loadCount();
    expect(await runSchedule(at(1))).toEqual({ reads: 0, applies: 0 });
    expect((await put({ aktif: true, jam: 11 })).statusCode).toBe(200);
    expect(await runSchedule(at(1))).toEqual({ reads: 0, applies: 0 });
    expect(await loadCount()).toBe(before);
  });

  it('at its hour reads the current period, applies a preview without removals, and only once an hour', async () => {
    expect((await put({ aktif: true, jam: 10 })).statusCode).toBe(200);
    expect(await runSchedule(at(2))).toEqual({ reads: 1, applies: 1 });
    const done = await latest();
    expect(done).toMatchObject({
      nama_file: `Siakad periode ${demoPeriod}`,
      status: 'diterapkan',
      terjadwal: true,
      jumlah_penghapusan: 0,
    });
    // The demo SIAKAD holds the college's own data: nothing changed.
    expect(Object.values(done.ringkasan as Record<string, { baru: number }>).every((c) => c.baru === 0)).toBe(
      true,
    );
    const [logged] = await t.database.query<{ detail: string; username: string; context: object }>(
      `select a.detail, u.username, a.context from activity_logs a join users u on u.id = a.user_id
       where a.college_id = 'demo' and a.jenis = 'muat_semester' order by a.id desc limit 1`,
    );
    expect(logged).toMatchObject({
      detail: `Jadwal Siakad menerapkan Muat Semester dari Siakad periode ${demoPeriod}: tanpa perubahan`,
      username: 'operator',
      context: { id_muat_semester: done.id, pelaku: 'Jadwal Siakad' },
    });

    // A second run in the same hour (a retry, another instance) starts nothing, though none is busy.
    const count = await loadCount();
    expect(await runSchedule(at(2, 30))).toEqual({ reads: 0, applies: 0 });
    expect(await loadCount()).toBe(count);
  });

  it('skips a college while one of its loads is busy', async () => {
    expect((await put({ aktif: true, jam: 10 })).statusCode).toBe(200);
    const [busy] = await t.database.query<{ id: string }>(
      `insert into semester_imports (college_id, created_by, file_name, status)
       values ('demo', gen_random_uuid(), 'sibuk.xlsx', 'memproses') returning id`,
    );
    const count = await loadCount();
    expect(await runSchedule(at(3))).toEqual({ reads: 0, applies: 0 });
    expect(await loadCount()).toBe(count);
    await t.database.query(`update semester_imports set status = 'gagal' where id = $1`, [busy!.id]);
  });

  it('skips a college whose sync operator is no longer active', async () => {
    expect((await put({ aktif: true, jam: 10 })).statusCode).toBe(200);
    const count = await loadCount();
    await t.database.query(`update users set is_active = false where username = 'operator'`);
    try {
      expect(await runSchedule(at(8))).toEqual({ reads: 0, applies: 0 });
    } finally {
      await t.database.query(`update users set is_active = true where username = 'operator'`);
    }
    expect(await loadCount()).toBe(count);
  });

  it('skips a college whose SIAKAD is not set up', async () => {
    expect((await put({ aktif: true, jam: 10 })).statusCode).toBe(200);
    await storeIntegration({ jenis: 'http', url: null, batas_waktu_ms: 5_000 });
    const count = await loadCount();
    expect(await runSchedule(at(4))).toEqual({ reads: 0, applies: 0 });
    expect(await loadCount()).toBe(count);
  });

  it('applies new rows from a campus SIAKAD, and leaves a removal for the operator to see first', async () => {
    expect((await put({ aktif: true, jam: 10 })).statusCode).toBe(200);
    await storeIntegration({ jenis: 'http', url: campusUrl, batas_waktu_ms: 5_000 });
    expect(await runSchedule(at(5))).toEqual({ reads: 1, applies: 1 });
    const added = await latest();
    expect(added.status, JSON.stringify(added.masalah ?? added.pesan)).toBe('diterapkan');
    expect(added.ringkasan.peserta).toEqual({ baru: 2, berubah: 0, sama: 0, dihapus: 0 });
    expect(await enrolled()).toBe(2);

    campus.peserta = [{ id_kelas: classId, nim: 'SYM001' }];
    expect(await runSchedule(at(6))).toEqual({ reads: 1, applies: 0 });
    const waiting = await latest();
    expect(waiting).toMatchObject({ status: 'pratinjau', terjadwal: true, jumlah_penghapusan: 1 });
    expect(waiting.penghapusan).toEqual([
      { entitas: 'peserta', kelas: classId, kunci: 'SYM002', nama: 'Mahasiswa Sinkron Dua' },
    ]);
    expect(await enrolled()).toBe(2);

    // While that preview waits for the operator, the next day's sync does not hide it behind a new one.
    expect(await runSchedule(at(7))).toEqual({ reads: 0, applies: 0 });
    expect((await latest()).id).toBe(waiting.id);

    // The operator applies it by hand, as any preview.
    const apply = await t.app.inject({
      method: 'POST',
      url: `/v2/lms/muat_semester/${waiting.id}/terapkan`,
      headers: bearerHeaders(tokens.operator!),
    });
    expect(apply.statusCode, apply.body).toBe(200);
    await semesterImportApplyJob(deps).handler({ collegeId: 'demo', id: waiting.id });
    expect(await enrolled()).toBe(1);
  });

  it('marks a load an operator started as not scheduled', async () => {
    await storeIntegration(null);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/muat_semester/siakad',
      headers: bearerHeaders(tokens.operator!),
      payload: { periode: demoPeriod },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.terjadwal).toBe(false);
    await t.database.query(`update semester_imports set status = 'gagal' where id = $1`, [
      res.json().data.id,
    ]);
  });
});
