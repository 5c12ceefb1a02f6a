// The operators' attendance list (issue 45): its programme, class, lecturer and date filters, its
// export, the per-student export and "Update Kehadiran Manual" with its scope, progress and log entry.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceListResponseSchema,
  recalculationSchema,
  recalculationScopeSchema,
} from '@lms/contract/attendance.schema';
import {
  createClass,
  createClassWorld,
  createCourse,
  createMaterial,
  createMeeting,
  createStudyProgram,
  createUser,
  type ClassRef,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runRecalculation } from './attendance-recalculation.job.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let classA: ClassRef;
let classB: ClassRef;
let prodiB: string;
let lecturerB: UserRef;
let studentBoth: UserRef;
let studentB: UserRef;
let computedMeeting: string;
let datedMeeting: string;
const tokens: Record<string, string> = {};
const hour = 3_600_000;
const base = '/v2/lms/kehadiran_mahasiswa';

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  const { collegeId } = world;
  studentBoth = await createUser(t.database, { collegeId, role: 'mahasiswa', prodiId: world.prodiId });
  studentB = await createUser(t.database, { collegeId, role: 'mahasiswa', prodiId: world.prodiId });
  lecturerB = await createUser(t.database, { collegeId, role: 'dosen' });
  // Class A: the world's course (programme A), taught by the world's lecturer.
  classA = await createClass(t.database, {
    collegeId,
    courseId: world.courseId,
    teachers: [world.teacher.userId],
    studentIds: [studentBoth.userId, world.student.userId],
  });
  computedMeeting = (
    await createMeeting(t.database, {
      collegeId,
      classId: classA.classId,
      jenis: 'online',
      parameterKehadiran: {
        hadir_vidcon: false,
        kerjakan_kuis_ujian: false,
        kerjakan_tugas: false,
        posting_forum: false,
        unduh_materi: true,
      },
      waktuMulai: new Date(Date.now() - hour),
      waktuSelesai: new Date(Date.now() + hour),
    })
  ).meetingId;
  await createMaterial(t.database, { collegeId, meetingId: computedMeeting, isSyaratHadir: true });
  // Class B: a course of programme B, taught by another lecturer, with a meeting on 15 Sep 2026 (WIB).
  prodiB = (await createStudyProgram(t.database, { collegeId, nama: 'Sistem Informasi' })).prodiId;
  const courseB = await createCourse(t.database, { collegeId, prodiId: prodiB });
  classB = await createClass(t.database, {
    collegeId,
    courseId: courseB.courseId,
    teachers: [lecturerB.userId],
    studentIds: [studentBoth.userId, studentB.userId],
  });
  datedMeeting = (
    await createMeeting(t.database, {
      collegeId,
      classId: classB.classId,
      jenis: 'offline',
      waktuMulai: new Date('2026-09-15T01:00:00Z'),
      waktuSelesai: new Date('2026-09-15T03:00:00Z'),
    })
  ).meetingId;
  const users: [string, UserRef][] = [
    [
      'operator',
      await createUser(t.database, { collegeId, role: 'operator', permissions: { kelas_kuliah: 'write' } }),
    ],
    [
      'operatorLihat',
      await createUser(t.database, { collegeId, role: 'operator', permissions: { kelas_kuliah: 'read' } }),
    ],
    [
      'operatorLain',
      await createUser(t.database, { collegeId, role: 'operator', permissions: { konfigurasi: 'write' } }),
    ],
    [
      'operatorAsing',
      await createUser(t.database, {
        collegeId: otherWorld.collegeId,
        role: 'operator',
        permissions: { kelas_kuliah: 'write' },
      }),
    ],
    ['dosenA', world.teacher],
    ['mahasiswa', studentBoth],
  ];
  for (const [name, user] of users) tokens[name] = (await signIn(t.app, user)).access_token;
}, 120_000);
afterAll(async () => t.close());

const send = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), ...(payload ? { payload } : {}) });

async function listIds(who: string, query: string): Promise<string[]> {
  const res = await send(who, 'GET', `${base}?per_page=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return attendanceListResponseSchema.parse(res.json()).data.map((r) => r.pertemuan.id);
}

async function workbook(res: { rawPayload: Buffer }) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

/** A sheet's rows as objects by header. */
function rowsOf(sheet: ExcelJS.Worksheet) {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: { values: Record<string, unknown>; cells: Record<string, ExcelJS.Cell> }[] = [];
  for (let i = 2; i <= sheet.rowCount; i++) {
    const row = sheet.getRow(i);
    const values: Record<string, unknown> = {};
    const cells: Record<string, ExcelJS.Cell> = {};
    headers.forEach((header, j) => {
      values[header] = row.getCell(j + 1).value;
      cells[header] = row.getCell(j + 1);
    });
    rows.push({ values, cells });
  }
  return rows;
}

describe('filters of the attendance list', () => {
  it('filters by programme, class, lecturer and local dates, within the college', async () => {
    const scoped = `periode=20261&id_kelas_kuliah=`;
    expect(await listIds('operatorLihat', `id_prodi=${world.prodiId}`)).toContain(computedMeeting);
    expect(await listIds('operatorLihat', `id_prodi=${world.prodiId}`)).not.toContain(datedMeeting);
    expect(await listIds('operatorLihat', `id_prodi=${prodiB}`)).toEqual([datedMeeting]);
    expect(await listIds('operatorLihat', `${scoped}${classB.classId}`)).toEqual([datedMeeting]);
    expect(await listIds('operator', `id_dosen=${lecturerB.userId}`)).toEqual([datedMeeting]);
    // 15 Sep 2026 08:00 WIB is on the 15th; the 14th and the 16th do not hold it.
    expect(await listIds('operator', 'tanggal_mulai=2026-09-15&tanggal_selesai=2026-09-15')).toContain(
      datedMeeting,
    );
    expect(await listIds('operator', 'tanggal_mulai=2026-09-16')).not.toContain(datedMeeting);
    expect(await listIds('operator', 'tanggal_selesai=2026-09-14')).not.toContain(datedMeeting);
    // Another college's operator naming this college's programme gets nothing of it.
    expect(await listIds('operatorAsing', `id_prodi=${prodiB}`)).toEqual([]);
    // A lecturer filtering by another lecturer sees only their own classes, so nothing here.
    expect(await listIds('dosenA', `id_dosen=${lecturerB.userId}`)).toEqual([]);
  });

  it('refuses bad input, students and operators without the classes area', async () => {
    for (const query of [
      'tanggal_mulai=2026-09-16&tanggal_selesai=2026-09-15',
      'tanggal_mulai=15-09-2026',
      'id_dosen=bukan-uuid',
      `id_prodi=${'x'.repeat(101)}`,
      'periode=1',
    ]) {
      expect((await send('operator', 'GET', `${base}?${query}`)).statusCode, query).toBe(400);
    }
    expect((await send('mahasiswa', 'GET', `${base}?id_prodi=${prodiB}`)).statusCode).toBe(403);
    expect((await send('operatorLain', 'GET', `${base}?id_prodi=${prodiB}`)).statusCode).toBe(403);
    expect((await send('operatorLain', 'GET', `${base}/export_excel?id_prodi=${prodiB}`)).statusCode).toBe(
      403,
    );
  });
});

describe('exports', () => {
  it("the list's export names the period and shows 0.0 % where the meeting's page does", async () => {
    const res = await send('operatorLihat', 'GET', `${base}/export_excel?id_kelas_kuliah=${classA.classId}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf((await workbook(res)).getWorksheet('Kehadiran Peserta')!);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.values['Periode']).toBe('2026/2027 Ganjil');
    expect(rows[0]!.values['Rata-rata Progress']).toBe(0);
    expect(rows[0]!.cells['Rata-rata Progress']!.numFmt).toBe('0.0 "%"');
    const offline = rowsOf(
      (await workbook(await send('operator', 'GET', `${base}/export_excel?id_prodi=${prodiB}`))).getWorksheet(
        'Kehadiran Peserta',
      )!,
    );
    expect(offline.map((r) => r.values['Rata-rata Progress'])).toEqual(['-']);
  });

  it("one student's attendance across their classes, for operators", async () => {
    const url = `${base}/mahasiswa/${studentBoth.nim}/export_excel?periode=20261`;
    const res = await send('operatorLihat', 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="kehadiran-99\d+-.*\.xlsx"/);
    const rows = rowsOf((await workbook(res)).getWorksheet('Kehadiran Mahasiswa')!);
    expect(rows).toHaveLength(2);
    const computed = rows.find((r) => r.values['Jenis'] === 'Online')!;
    expect(computed.values).toMatchObject({
      NIM: studentBoth.nim,
      Periode: '2026/2027 Ganjil',
      // Started, computed, nothing done: the system's Alpa at 0.0 %, as the detail shows.
      Kehadiran: 'Alpa',
      Sumber: 'Sistem',
      Progress: 0,
    });
    expect(computed.cells['Progress']!.numFmt).toBe('0.0 "%"');
    const manual = rows.find((r) => r.values['Jenis'] !== 'Online')!;
    expect(manual.values['Progress']).toBe('-');
    // Refused: lecturers (their class's recap export is theirs), a student, operators without the
    // area, another college's operator (no such student there).
    expect((await send('dosenA', 'GET', url)).statusCode).toBe(403);
    expect((await send('mahasiswa', 'GET', url)).statusCode).toBe(403);
    expect((await send('operatorLain', 'GET', url)).statusCode).toBe(403);
    const foreign = await send('operatorAsing', 'GET', url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().status.message).toBe('Mahasiswa tidak ditemukan.');
    expect(
      (await send('operator', 'GET', `${base}/mahasiswa/${studentBoth.nim}/export_excel?periode=1`))
        .statusCode,
    ).toBe(400);
  });
});

describe('Update Kehadiran Manual', () => {
  it("names the lecturer and the dates in its scope, and counts only the dates' meetings", async () => {
    const scopeOf = async (query: string) => {
      const res = await send('operator', 'GET', `${base}/hitung_persentase/cakupan?periode=20261&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return recalculationScopeSchema.parse(res.json().data);
    };
    const dated = await scopeOf(
      `id_dosen=${lecturerB.userId}&tanggal_mulai=2026-09-15&tanggal_selesai=2026-09-15`,
    );
    expect(dated).toMatchObject({ jumlah_kelas: 1, jumlah_mahasiswa: 2, jumlah_pertemuan: 1 });
    expect(dated.cakupan).toMatch(
      /^Periode 2026\/2027 Ganjil · Dosen Dosen Uji \d+ · Tanggal 15\/09\/2026–15\/09\/2026$/,
    );
    expect(await scopeOf(`id_dosen=${lecturerB.userId}&tanggal_mulai=2026-09-16`)).toMatchObject({
      jumlah_kelas: 1,
      jumlah_pertemuan: 0,
    });
    const unknown = await send(
      'operator',
      'GET',
      `${base}/hitung_persentase/cakupan?id_dosen=${otherWorld.teacher.userId}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status.message).toBe('Prodi, mata kuliah atau dosen pada filter tidak ditemukan.');
  });

  it('describes its scope, runs with progress, and records the scope in the activity log', async () => {
    const filter = { periode: 20261, id_prodi: world.prodiId };
    const scopeUrl = `${base}/hitung_persentase/cakupan?periode=20261&id_prodi=${world.prodiId}`;
    const scopeRes = await send('operator', 'GET', scopeUrl);
    expect(scopeRes.statusCode, scopeRes.body).toBe(200);
    const scope = recalculationScopeSchema.parse(scopeRes.json().data);
    // The world's own class and class A are both of programme A; three students, two with meetings.
    expect(scope).toMatchObject({ jumlah_kelas: 2, jumlah_mahasiswa: 2, jumlah_pertemuan: 2 });
    expect(scope.cakupan).toBe(
      'Periode 2026/2027 Ganjil · Prodi S1 Program Studi ' + world.prodiId.replace('prodi-', ''),
    );
    expect((await send('operatorLihat', 'GET', scopeUrl)).statusCode).toBe(403);
    expect((await send('mahasiswa', 'GET', scopeUrl)).statusCode).toBe(403);
    expect((await send('dosenA', 'GET', scopeUrl)).statusCode).toBe(403);
    expect((await send('operatorAsing', 'GET', scopeUrl)).statusCode).toBe(404);
    expect((await send('operatorAsing', 'POST', `${base}/hitung_persentase`, filter)).statusCode).toBe(404);

    const started = await send('operator', 'POST', `${base}/hitung_persentase`, filter);
    expect(started.statusCode, started.body).toBe(202);
    const request = recalculationSchema.parse(started.json().data);
    expect(request).toMatchObject({ status: 'processing', jumlah_kelas: 2, kelas_selesai: 0 });
    const listed = attendanceListResponseSchema.parse((await send('operatorLihat', 'GET', base)).json());
    expect(listed.proses_update).toMatchObject({ id: request.id, jumlah_kelas: 2 });

    const [entry] = await t.database.query<{
      jenis: string;
      detail: string;
      context: Record<string, unknown>;
    }>(
      `select jenis, detail, context from activity_logs where college_id = $1 and jenis = 'hitung_ulang_kehadiran'`,
      [world.collegeId],
    );
    expect(entry).toMatchObject({
      detail: 'Update Kehadiran Manual: 2 kelas, 2 mahasiswa, 2 pertemuan',
      context: { cakupan: scope.cakupan, periode: 20261, id_prodi: world.prodiId, id_permintaan: request.id },
    });

    await runRecalculation(t.database.db, t.app.events, world.collegeId, request.id);
    const done = await send('operatorLihat', 'GET', `${base}/hitung_persentase/${request.id}`);
    expect(recalculationSchema.parse(done.json().data)).toMatchObject({
      status: 'completed',
      kelas_selesai: 2,
      message: 'Update persentase kehadiran selesai',
    });
    expect((await send('operatorAsing', 'GET', `${base}/hitung_persentase/${request.id}`)).statusCode).toBe(
      404,
    );
    expect((await send('mahasiswa', 'GET', `${base}/hitung_persentase/${request.id}`)).statusCode).toBe(403);
    const after = attendanceListResponseSchema.parse((await send('operator', 'GET', base)).json());
    expect(after).toMatchObject({ sedang_update: false, proses_update: null });
  });
});
