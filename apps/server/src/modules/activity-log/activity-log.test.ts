import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogPageSchema } from '@lms/contract/activity-log.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { authedRequest, bearerHeaders, signInAll, signToken } from '../../testing/requests.ts';
import { buildOperatorPermissions, createCollege, createUser } from '../../testing/factories.ts';
import { formatExportTime } from './activity-log.presenter.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let mahasiswaId: string;
let operatorId: string;

async function get(url: string, who: string) {
  return t.app.inject({ url, headers: bearerHeaders(tokens[who]!) });
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen', 'operator', 'operator.lihat']));
  const users = await t.database.query<{ id: string; username: string }>(
    `select id, username from users where college_id = 'demo' and username in ('mahasiswa', 'operator')`,
  );
  mahasiswaId = users.find((u) => u.username === 'mahasiswa')!.id;
  operatorId = users.find((u) => u.username === 'operator')!.id;
  // Entries of later areas (context references), one made while acting, one that looks like a formula.
  await t.database.query(
    `insert into activity_logs (college_id, user_id, role, operator_user_id, jenis, detail, context, waktu) values
      ('demo', $1, 'mahasiswa', null, 'lihat_materi', 'Membuka materi 1', '{"periode":20261,"id_kelas":"K1","size":500}', '2026-03-02T01:00:00Z'),
      ('demo', $1, 'mahasiswa', null, 'lihat_materi', 'Membuka materi 2', '{"periode":20252,"id_kelas":"K2","size":50}', '2026-03-02T02:00:00Z'),
      ('demo', $1, 'mahasiswa', $2, 'login_akun_lain', '=cmd|"/C calc"!A0', '{}', '2026-03-03T03:00:00Z')`,
    [mahasiswaId, operatorId],
  );
  // Another college with its own entry, which demo operators must never see.
  const { collegeId } = await createCollege(t.database);
  const outsider = await createUser(t.database, { collegeId, role: 'mahasiswa' });
  await t.database.query(
    `insert into activity_logs (college_id, user_id, role, jenis, detail)
      values ($1, $2, 'mahasiswa', 'login', 'Rahasia kampus lain')`,
    [collegeId, outsider.userId],
  );
});
afterAll(async () => t.close());

describe('GET /v2/lms/log_aktivitas/me', () => {
  it('answers the caller’s own history, newest first, with the operator of acting entries', async () => {
    const res = await get('/v2/lms/log_aktivitas/me?per_page=5', 'mahasiswa');
    expect(res.statusCode).toBe(200);
    const body = activityLogPageSchema.parse(res.json());
    expect(body.data.every((e) => e.pengguna.username === 'mahasiswa')).toBe(true);
    expect(body.data[0]!.jenis).toBe('login');
    const acting = body.data.find((e) => e.jenis === 'login_akun_lain')!;
    expect(acting.operator?.username).toBe('operator');
    expect(acting.jenis_label).toBe('Login Akun Lain');
    expect(body.meta).toMatchObject({ page: 1, per_page: 5, total_items: 4 });
  });

  it('filters by kind and time range (UTC with Z)', async () => {
    const res = await get(
      '/v2/lms/log_aktivitas/me?jenis=lihat_materi&waktu_mulai=2026-03-02T01:30:00Z&waktu_selesai=2026-03-02T23:59:59Z',
      'mahasiswa',
    );
    expect(res.json().data.map((e: { detail: string }) => e.detail)).toEqual(['Membuka materi 2']);
    const dosen = await get('/v2/lms/log_aktivitas/me', 'dosen');
    expect(dosen.json().data.map((e: { jenis: string }) => e.jenis)).toEqual(['login']);
  });

  it('refuses bad input and anonymous callers', async () => {
    for (const query of [
      'waktu_mulai=kemarin',
      'page=0',
      'per_page=1000',
      'waktu_mulai=2026-03-03T00:00:00Z&waktu_selesai=2026-03-02T00:00:00Z',
    ]) {
      const res = await get(`/v2/lms/log_aktivitas/me?${query}`, 'mahasiswa');
      expect(res.statusCode, query).toBe(400);
    }
    expect(
      (await t.app.inject({ url: '/v2/lms/log_aktivitas/me', headers: { 'college-id': 'demo' } })).statusCode,
    ).toBe(401);
  });
});

describe('GET /v2/lms/log_aktivitas/jenis_aktivitas', () => {
  it('lists the kinds with their labels', async () => {
    const res = await get('/v2/lms/log_aktivitas/jenis_aktivitas', 'mahasiswa');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ value: 'ubah_password', label: 'Ubah Password' });
  });
});

describe('GET /v2/lms/log_aktivitas (operators with read on laporan)', () => {
  it('lists everyone’s entries of the college only', async () => {
    const res = await get('/v2/lms/log_aktivitas?per_page=100', 'operator.lihat');
    expect(res.statusCode).toBe(200);
    const body = activityLogPageSchema.parse(res.json());
    const usernames = new Set(body.data.map((e) => e.pengguna.username));
    expect(usernames).toEqual(new Set(['mahasiswa', 'dosen', 'operator', 'operator.lihat']));
    expect(body.data.some((e) => e.detail === 'Rahasia kampus lain')).toBe(false);
  });

  it('applies person and context filters', async () => {
    const details = async (query: string) =>
      (await get(`/v2/lms/log_aktivitas?${query}`, 'operator'))
        .json()
        .data.map((e: { detail: string }) => e.detail);
    expect(await details('periode=20261&jenis=lihat_materi')).toEqual(['Membuka materi 1']);
    // Entries without a periode count for the period they happened in (the seed's current period holds today).
    expect((await details('periode=20261&jenis=login')).length).toBe(4);
    expect(await details('periode=20252&jenis=login')).toEqual([]);
    expect(await details('id_kelas=K2')).toEqual(['Membuka materi 2']);
    expect(await details('size_gte=100')).toEqual(['Membuka materi 1']);
    expect(await details('role=dosen')).toEqual(['Login ke LMS']);
    expect(await details('search=operator.lih')).toEqual(['Login ke LMS']);
    expect(await details('jenis=lihat_materi&waktu_selesai=2026-03-02T01:30:00Z')).toEqual([
      'Membuka materi 1',
    ]);
    const nim = (
      await t.database.query<{ nim: string }>(`select nim from students where user_id = $1`, [mahasiswaId])
    )[0]!.nim;
    expect(await details(`nim=${nim}&jenis=lihat_materi`)).toEqual(['Membuka materi 2', 'Membuka materi 1']);
    expect(await details('nidn=tidak-ada')).toEqual([]);
  });

  it('refuses students, lecturers, acting sessions and bad filters', async () => {
    expect((await get('/v2/lms/log_aktivitas', 'mahasiswa')).statusCode).toBe(403);
    expect((await get('/v2/lms/log_aktivitas', 'dosen')).statusCode).toBe(403);
    expect((await get('/v2/lms/log_aktivitas?role=dekan', 'operator')).statusCode).toBe(400);
    expect((await get('/v2/lms/log_aktivitas?periode=abc', 'operator')).statusCode).toBe(400);
    const withoutLaporan = await createUser(t.database, {
      collegeId: 'demo',
      role: 'operator',
      permissions: buildOperatorPermissions('read', { laporan: 'no_access' }),
    });
    const refused = await authedRequest(t.app, await signToken(t.app, withoutLaporan), {
      url: '/v2/lms/log_aktivitas',
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /v2/lms/log_aktivitas/export_excel', () => {
  it('streams an xlsx with a header row and neutralised formula cells', async () => {
    const res = await get('/v2/lms/log_aktivitas/export_excel?nim=&role=mahasiswa', 'operator.lihat');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="log-aktivitas-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Log Aktivitas')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'No',
      'Waktu',
      'Username',
      'Nama',
      'Peran',
      'Jenis Aktivitas',
      'Detail',
      'Perubahan',
      'Alamat IP',
      'Operator',
    ]);
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    expect(rows).toHaveLength(4);
    const acting = rows.find((r) => r[6] === 'Login Akun Lain')!;
    expect(acting[7]).toBe(`'=cmd|"/C calc"!A0`);
    expect(String(acting[10])).toContain('(operator)');
    expect(acting[2]).toBe('03 Mar 2026 10:00:00 WIB');
  });

  it('refuses callers without read on laporan before streaming', async () => {
    expect((await get('/v2/lms/log_aktivitas/export_excel', 'mahasiswa')).statusCode).toBe(403);
    expect((await get('/v2/lms/log_aktivitas/export_excel?waktu_mulai=x', 'operator')).statusCode).toBe(400);
  });

  it('formats export times in the college zone', () => {
    const at = new Date('2026-08-17T00:30:00Z');
    expect(formatExportTime(at, 'Asia/Jayapura')).toBe('17 Agu 2026 09:30:00 WIT');
  });
});

describe('class activity: a participant opening a meeting', () => {
  it('is logged with its class, meeting and period, and filtered by class, meeting and participant', async () => {
    // Two meetings of one of the student's classes that are not exams (exam meetings may be restricted).
    const meetings = await t.database.query<{ id: string; kelas_id: string; periode: number }>(
      `select m.id, m.kelas_id, c.periode from meetings m
       join classes c on c.id = m.kelas_id
       join class_students cs on cs.kelas_id = m.kelas_id and cs.mahasiswa_id = $1
       where m.kategori = 'kuliah' order by c.periode desc, m.kelas_id, m.nomor limit 2`,
      [mahasiswaId],
    );
    const [first, second] = meetings;
    expect(second?.kelas_id).toBe(first!.kelas_id);
    for (const meeting of [first!, second!]) {
      expect((await get(`/v2/lms/pertemuan/${meeting.id}`, 'mahasiswa')).statusCode).toBe(200);
    }
    // Lecturers opening a meeting are not a participant's activity.
    await get(`/v2/lms/pertemuan/${first!.id}`, 'dosen');

    const nim = (
      await t.database.query<{ nim: string }>(`select nim from students where user_id = $1`, [mahasiswaId])
    )[0]!.nim;
    const byClass = activityLogPageSchema.parse(
      (
        await get(`/v2/lms/log_aktivitas?periode=&id_kelas=${first!.kelas_id}&nim=${nim}`, 'operator.lihat')
      ).json(),
    );
    expect(byClass.meta.total_items).toBe(2);
    expect(
      byClass.data.every(
        (e) =>
          e.jenis === 'buka_pertemuan' &&
          e.jenis_label === 'Membuka Pertemuan' &&
          e.pengguna.username === 'mahasiswa' &&
          e.context.id_kelas === first!.kelas_id &&
          e.context.periode === first!.periode,
      ),
    ).toBe(true);
    const byMeeting = (
      await get(`/v2/lms/log_aktivitas?periode=&id_pertemuan=${second!.id}`, 'operator.lihat')
    ).json();
    expect(byMeeting.data.map((e: { context: { id_pertemuan: string } }) => e.context.id_pertemuan)).toEqual([
      second!.id,
    ]);
    const byPeriod = (
      await get(`/v2/lms/log_aktivitas?periode=${first!.periode}&id_kelas=${first!.kelas_id}`, 'operator')
    ).json();
    expect(byPeriod.meta.total_items).toBe(2);

    const file = await get(
      `/v2/lms/log_aktivitas/export_excel?periode=&id_kelas=${first!.kelas_id}&nim=${nim}`,
      'operator.lihat',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.getWorksheet('Log Aktivitas')!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => r[6])).toEqual(['Membuka Pertemuan', 'Membuka Pertemuan']);
  });
});

describe('filters by what an entry was recorded with: mode, type, status, kind, is_valid', () => {
  it('keeps exactly the matching rows', async () => {
    await t.database.query(
      `insert into activity_logs (college_id, user_id, role, jenis, detail, context, waktu) values
        ('demo', $1, 'mahasiswa', 'uji_filter', 'F1', '{"mode":"online","type":"uts","status":"selesai"}', '2026-04-01T01:00:00Z'),
        ('demo', $1, 'mahasiswa', 'uji_filter', 'F2', '{"mode":"offline","type":"kuliah","status":"berlangsung"}', '2026-04-01T02:00:00Z'),
        ('demo', $1, 'mahasiswa', 'uji_filter', 'F3', '{"kind":"materi","is_valid":true,"size":3000000}', '2026-04-01T03:00:00Z'),
        ('demo', $1, 'mahasiswa', 'uji_filter', 'F4', '{"kind":"soal_ujian","is_valid":false,"size":1000000}', '2026-04-01T04:00:00Z')`,
      [mahasiswaId],
    );
    const details = async (query: string) => {
      const res = await get(`/v2/lms/log_aktivitas?periode=&jenis=uji_filter&${query}`, 'operator.lihat');
      expect(res.statusCode, query).toBe(200);
      return activityLogPageSchema
        .parse(res.json())
        .data.map((e) => e.detail)
        .sort();
    };
    expect(await details('')).toEqual(['F1', 'F2', 'F3', 'F4']);
    expect(await details('mode=online')).toEqual(['F1']);
    expect(await details('type=kuliah')).toEqual(['F2']);
    expect(await details('status=selesai')).toEqual(['F1']);
    expect(await details('mode=offline&status=selesai')).toEqual([]);
    expect(await details('kind=materi')).toEqual(['F3']);
    expect(await details('is_valid=true')).toEqual(['F3']);
    expect(await details('is_valid=false')).toEqual(['F4']);
    expect(await details('is_valid=')).toEqual(['F1', 'F2', 'F3', 'F4']);
    expect(await details('size_gte=2000000')).toEqual(['F3']);
    expect(await details('kind=soal_ujian&size_gte=1000000')).toEqual(['F4']);
    expect((await get('/v2/lms/log_aktivitas?is_valid=ya', 'operator')).statusCode).toBe(400);
  });

  it("records a participant's meeting with its mode, type and status", async () => {
    const [meeting] = await t.database.query<{ id: string; jenis: string; kategori: string; status: string }>(
      `select m.id, m.jenis, m.kategori, m.status from meetings m
       join class_students cs on cs.kelas_id = m.kelas_id and cs.mahasiswa_id = $1
       where m.kategori = 'kuliah' order by m.kelas_id, m.nomor limit 1`,
      [mahasiswaId],
    );
    expect((await get(`/v2/lms/pertemuan/${meeting!.id}`, 'mahasiswa')).statusCode).toBe(200);
    const res = await get(
      `/v2/lms/log_aktivitas?periode=&id_pertemuan=${meeting!.id}&mode=${meeting!.jenis}&type=kuliah&status=${meeting!.status}`,
      'operator',
    );
    const body = activityLogPageSchema.parse(res.json());
    expect(body.meta.total_items).toBeGreaterThanOrEqual(1);
    expect(body.data[0]!.context).toMatchObject({
      mode: meeting!.jenis,
      type: 'kuliah',
      status: meeting!.status,
    });
  });
});
