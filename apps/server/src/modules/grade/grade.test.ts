import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gradeMessages, lecturerWindowDelaySeconds, noScore } from '@lms/contract/grade.rules';
import {
  gradeRecapSchema,
  gradeSendDetailResponseSchema,
  sendPreviewSchema,
  type GradeRecap,
} from '@lms/contract/grade.schema';
import {
  buildOperatorPermissions,
  createClass,
  createClassWorld,
  createExam,
  createMeeting,
  createUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signToken } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordActivityScores, syncActivities } from '../activity/activity.api.ts';
import { createDemoSiakadClass } from '../siakad/siakad.testing.ts';
import { runGradeSend } from './grade-send.job.ts';

let t: TestApp;
let world: ClassWorld;
let other: ClassWorld;
let students: UserRef[];
let operatorWrite: UserRef;
let operatorRead: UserRef;
let outsiderLecturer: UserRef;
let otherClassId: string;
const token: Record<string, string> = {};
const ids: Record<string, string> = {};
let komponen: { id: string; jenis: string }[];
const day = 86_400_000;

const base = () => `/v2/lms/nilai/kelas_kuliah/${world.classId}`;

async function call(who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearerHeaders(token[who]!), ...(payload ? { payload } : {}) });
}

async function recap(who = 'dosen'): Promise<GradeRecap> {
  const res = await call(who, 'GET', base());
  expect(res.statusCode, res.body).toBe(200);
  return gradeRecapSchema.parse(res.json().data);
}

async function setIntegration(value: object) {
  await t.database.query(
    `update colleges set settings = jsonb_set(settings, '{integrasi_nilai}', $2::jsonb) where id = $1`,
    [world.collegeId, JSON.stringify(value)],
  );
  t.app.invalidateCollegeCache();
}

async function setWindow(body: object) {
  const res = await call('opw', 'PUT', `/v2/dev/siakad/kelas_kuliah/${world.classId}`, body);
  expect(res.statusCode, res.body).toBe(200);
}

/** Runs every waiting sending of the class (the job's work, without pg-boss). */
async function runSends(backoffMs = [5, 5]) {
  const rows = await t.database.query<{ id: string }>(
    `select id from grade_sends where college_id = $1 and status = 'menunggu'`,
    [world.collegeId],
  );
  for (const r of rows) {
    await runGradeSend(t.database.db, world.collegeId, r.id, { backoffMs, platform: t.config });
  }
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  // The HTTP SIAKAD of these tests listens on 127.0.0.1: the platform allows it (docs/operations.md).
  t = await createTestApp({
    rateLimitLoginPerMinute: 1000,
    siakadAllowedHosts: ['siakad.example.ac.id', '127.0.0.1'],
    siakadPrivateNetworks: ['127.0.0.0/8'],
  });
  world = await createClassWorld(t.database);
  other = await createClassWorld(t.database);
  const { collegeId } = world;
  students = [world.student];
  for (let i = 0; i < 2; i++) {
    students.push(await createUser(t.database, { collegeId, role: 'mahasiswa', prodiId: world.prodiId }));
  }
  await t.database.query(
    `insert into class_students (college_id, kelas_id, mahasiswa_id) values ($1, $2, $3), ($1, $2, $4)`,
    [collegeId, world.classId, students[1]!.userId, students[2]!.userId],
  );
  operatorWrite = await createUser(t.database, {
    collegeId,
    role: 'operator',
    permissions: buildOperatorPermissions('write'),
  });
  operatorRead = await createUser(t.database, {
    collegeId,
    role: 'operator',
    permissions: buildOperatorPermissions('read'),
  });
  outsiderLecturer = await createUser(t.database, { collegeId, role: 'dosen', prodiId: world.prodiId });
  otherClassId = (
    await createClass(t.database, {
      collegeId,
      courseId: world.courseId,
      teachers: [outsiderLecturer.userId],
      studentIds: [],
    })
  ).classId;
  const long = { ttlSeconds: 30 * 86_400 };
  token.dosen = await signToken(t.app, { ...world.teacher, role: 'dosen' }, long);
  token.mhs = await signToken(t.app, { ...students[0]!, role: 'mahasiswa' }, long);
  token.opw = await signToken(t.app, { ...operatorWrite, role: 'operator' }, long);
  token.opr = await signToken(t.app, { ...operatorRead, role: 'operator' }, long);
  token.outsider = await signToken(t.app, { ...outsiderLecturer, role: 'dosen' }, long);
  token.foreign = await signToken(t.app, { ...other.teacher, role: 'dosen' }, long);

  const uts = await createMeeting(t.database, { collegeId, classId: world.classId, kategori: 'uts' });
  const otherMeeting = await createMeeting(t.database, { collegeId, classId: otherClassId });
  const past = new Date(Date.now() - day);
  const future = new Date(Date.now() + 30 * day);
  await syncActivities(t.database.db, [
    {
      collegeId,
      kind: 'tugas',
      contentId: 't1',
      pertemuanId: world.meetingId,
      title: 'Tugas 1',
      countsForAttendance: false,
      closesAt: past,
    },
    {
      collegeId,
      kind: 'forum',
      contentId: 'f1',
      pertemuanId: world.meetingId,
      title: 'Forum 1',
      countsForAttendance: false,
      closesAt: past,
    },
    {
      collegeId,
      kind: 'tugas',
      contentId: 't2',
      pertemuanId: world.meetingId,
      title: 'Tugas 2',
      countsForAttendance: false,
      closesAt: future,
    },
    {
      collegeId,
      kind: 'ujian',
      contentId: 'u1',
      pertemuanId: uts.meetingId,
      title: 'UTS',
      countsForAttendance: false,
      closesAt: past,
    },
    {
      collegeId,
      kind: 'ujian',
      contentId: 'u2',
      pertemuanId: uts.meetingId,
      title: 'Ujian kosong',
      countsForAttendance: false,
      closesAt: past,
    },
    {
      collegeId,
      kind: 'materi',
      contentId: 'm1',
      pertemuanId: world.meetingId,
      title: 'Materi',
      countsForAttendance: false,
    },
    {
      collegeId,
      kind: 'tugas',
      contentId: 'tx',
      pertemuanId: otherMeeting.meetingId,
      title: 'Tugas kelas lain',
      countsForAttendance: false,
    },
  ]);
  const [s0, s1] = students.map((s) => s.userId) as [string, string];
  await recordActivityScores(t.database.db, [
    { collegeId, kind: 'tugas', contentId: 't1', mahasiswaId: s0, score: 80, published: true },
    { collegeId, kind: 'tugas', contentId: 't1', mahasiswaId: s1, score: 70 },
    { collegeId, kind: 'forum', contentId: 'f1', mahasiswaId: s0, score: 90 },
    { collegeId, kind: 'ujian', contentId: 'u1', mahasiswaId: s0, score: 75, published: true },
    // Worked on but not graded yet: the UTS column is belum_dinilai.
    { collegeId, kind: 'ujian', contentId: 'u1', mahasiswaId: s1, score: null, graded: false },
  ]);
  await t.database.query(
    `update activity_facts set completed = true, completed_at = now(), timing = 'on_time', attempted_at = now()
      where college_id = $1 and mahasiswa_id = $2 and activity_id = (select id from activities where college_id = $1 and content_id = 'u1')`,
    [collegeId, s1],
  );
  const acts = await t.database.query<{ id: string; content_id: string }>(
    `select id, content_id from activities where college_id = $1`,
    [collegeId],
  );
  for (const a of acts) ids[a.content_id] = a.id;
  komponen = await createDemoSiakadClass(t.database.db, collegeId, world.classId, [
    { jenis: 'tugas', label: 'Tugas', bobot: 40 },
    { jenis: 'uts', label: 'UTS', bobot: 60 },
    { jenis: 'kehadiran', label: 'Kehadiran', bobot: 0 },
  ]);
}, 120_000);

afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

describe('the recap', () => {
  it('shows activities by meeting with statuses, averages, SIAKAD components, -1.618 for nothing', async () => {
    const r = await recap();
    expect(r.header_aktivitas.map((a) => [a.aktivitas.label, a.aktivitas.jenis, a.status_nilai])).toEqual([
      ['Tugas 1', 'tugas', 'sudah_dinilai'],
      ['Tugas 2', 'tugas', 'belum_berakhir'],
      ['Forum 1', 'forum', 'sudah_dinilai'],
      ['UTS', 'uts', 'belum_dinilai'],
      ['Ujian kosong', 'uts', 'tidak_ada_pengerjaan'],
    ]);
    expect(r.header_rerata.map((h) => h.jenis)).toEqual(['tugas', 'forum', 'uts']);
    expect(r.header_sikad.map((k) => [k.label, k.bobot])).toEqual([
      ['Tugas', 40],
      ['UTS', 60],
      ['Kehadiran', 0],
    ]);
    const first = r.nilai_mahasiswa.find((m) => m.mahasiswa.id_user === students[0]!.userId)!;
    const value = (id: string) => first.nilai_pertemuan.find((v) => v.aktivitas === ids[id])!.nilai;
    expect([value('t1'), value('f1'), value('t2'), value('u1')]).toEqual([80, 90, noScore, 75]);
    // Tugas: 80 alone; Tugas 2 has not ended and is not graded, so it does not count as 0 (issue 45).
    expect(first.rata_rata_lms.find((a) => a.jenis === 'tugas')!.rata_rata).toBe(80);
    const second = r.nilai_mahasiswa.find((m) => m.mahasiswa.id_user === students[1]!.userId)!;
    expect(second.rata_rata_lms.find((a) => a.jenis === 'tugas')!.rata_rata).toBe(70);
    // Forum 1 ended without a score for this student: it counts 0.
    expect(second.rata_rata_lms.find((a) => a.jenis === 'forum')!.rata_rata).toBe(0);
    expect(first.nilai_sikad.every((k) => k.nilai === noScore && k.nilai_di_sikad === noScore)).toBe(true);
    expect(r.akses).toMatchObject({ atur_komponen: true, baca_kelas: true });
    expect(r.kelas.is_nilai_dikunci).toBe(false);
  });

  it('types an exam by its own jenis in an ordinary meeting, after an extension and for rows synced without it', async () => {
    // The demo's UTS sat in an ordinary meeting and was headed Kuis, filtered and averaged as one.
    const { collegeId, meetingId, classId } = other;
    const uts = await createExam(t.database, {
      collegeId,
      meetingId,
      judul: 'Ujian Tengah Semester',
      jenis: 'uts',
      waktuMulai: new Date(Date.now() - 2 * day),
      waktuSelesai: new Date(Date.now() - day),
    });
    const kuis = await createExam(t.database, { collegeId, meetingId, judul: 'Kuis 1', jenis: 'kuis' });
    await recordActivityScores(t.database.db, [
      { collegeId, kind: 'ujian', contentId: uts.examId, mahasiswaId: other.student.userId, score: 80 },
      { collegeId, kind: 'ujian', contentId: kuis.examId, mahasiswaId: other.student.userId, score: 60 },
    ]);
    // Extending (or resuming) re-syncs the activity: it wrote no jenis and the UTS became a Kuis.
    const extended = await call('foreign', 'PUT', `/v2/lms/ujian/${uts.examId}/perpanjang`, { menit: 10 });
    expect(extended.statusCode, extended.body).toBe(200);
    const expectTyped = async () => {
      const res = await call('foreign', 'GET', `/v2/lms/nilai/kelas_kuliah/${classId}`);
      expect(res.statusCode, res.body).toBe(200);
      const r = gradeRecapSchema.parse(res.json().data);
      expect(r.header_aktivitas.map((a) => [a.aktivitas.label, a.aktivitas.jenis])).toEqual([
        ['Ujian Tengah Semester', 'uts'],
        ['Kuis 1', 'kuis'],
      ]);
      expect(r.header_rerata).toEqual([
        { jenis: 'kuis', label: 'Rata-rata Kuis' },
        { jenis: 'uts', label: 'Rata-rata UTS' },
      ]);
      const mine = r.nilai_mahasiswa.find((m) => m.mahasiswa.id_user === other.student.userId)!;
      expect(mine.rata_rata_lms).toEqual([
        { jenis: 'kuis', rata_rata: 60 },
        { jenis: 'uts', rata_rata: 80 },
      ]);
    };
    await expectTyped();
    // An activity stored without the jenis is given it from its exam by the migration.
    await t.database.query(`update activities set subkind = null where college_id = $1 and kind = 'ujian'`, [
      collegeId,
    ]);
    const folder = new URL('../../../drizzle/', import.meta.url);
    const migration = readdirSync(folder).find((f) => f.endsWith('_exam_activity_jenis.sql'))!;
    await t.database.query(readFileSync(new URL(migration, folder), 'utf8'));
    await expectTyped();
  });

  it('is refused to students, lecturers of other classes and operators of another college', async () => {
    expect((await call('mhs', 'GET', base())).statusCode).toBe(403);
    expect((await call('outsider', 'GET', base())).statusCode).toBe(403);
    expect((await call('foreign', 'GET', base())).statusCode).toBe(404);
    expect((await call('opr', 'GET', base())).statusCode).toBe(200);
  });

  it('lists the activities a component may hold, and the classes of the list by role', async () => {
    const res = await call('dosen', 'GET', `${base()}/aktivitas`);
    expect(res.json().data.map((a: { aktivitas: { id: string } }) => a.aktivitas.id)).not.toContain(ids.tx);
    const mine = await call('dosen', 'GET', '/v2/lms/nilai');
    expect(mine.json().data.map((c: { id: string }) => c.id)).toEqual([world.classId]);
    const all = await call('opr', 'GET', '/v2/lms/nilai?per_page=50');
    expect(
      all
        .json()
        .data.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([world.classId, otherClassId].sort());
    expect((await call('mhs', 'GET', '/v2/lms/nilai')).statusCode).toBe(403);
  });

  it('shows a student only their published scores', async () => {
    const res = await call('mhs', 'GET', '/v2/lms/nilai/me');
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.find((c: { kelas: { id: string } }) => c.kelas.id === world.classId);
    expect(mine.nilai.map((n: { label: string; nilai: number }) => [n.label, n.nilai])).toEqual([
      ['Tugas 1', 80],
      ['UTS', 75],
    ]);
    expect((await call('dosen', 'GET', '/v2/lms/nilai/me')).statusCode).toBe(403);
  });

  it('exports the recap with the Tampilkan flags', async () => {
    const res = await call('dosen', 'GET', `${base()}/export_excel?forum=false&sikad_sama_0=false`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(header.some((h) => h.includes('Forum'))).toBe(false);
    expect(header).toContain('Tugas (40%)');
    expect(header).not.toContain('Kehadiran (0%)');
    expect((await call('mhs', 'GET', `${base()}/export_excel`)).statusCode).toBe(403);
  });
});

describe('the component modal', () => {
  it('lets the integrator (lecturers by default) choose activities; the value is their mean, missing counting 0', async () => {
    const url = `${base()}/komponen/${komponen[0]!.id}`;
    const res = await call('dosen', 'PUT', url, { list_aktivitas: [ids.t1, ids.f1] });
    expect(res.statusCode, res.body).toBe(200);
    const chosen = await call('dosen', 'GET', url);
    expect(
      chosen
        .json()
        .data.map((a: { aktivitas: { id: string } }) => a.aktivitas.id)
        .sort(),
    ).toEqual([ids.t1, ids.f1].sort());
    const r = await recap();
    const value = (i: number) =>
      r.nilai_mahasiswa.find((m) => m.mahasiswa.id_user === students[i]!.userId)!.nilai_sikad[0]!.nilai;
    expect([value(0), value(1), value(2)]).toEqual([85, 35, 0]);
    expect(r.header_sikad[0]!.aktivitas.sort()).toEqual([ids.t1, ids.f1].sort());
  });

  it('refuses operators while lecturers integrate, and the other way round', async () => {
    const url = `${base()}/komponen/${komponen[1]!.id}`;
    const refused = await call('opw', 'PUT', url, { list_aktivitas: [ids.u1] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status.message).toBe(gradeMessages.notIntegrator);
    expect((await recap('opw')).akses.atur_komponen).toBe(false);
    await setIntegration({ pelaku: 'operator' });
    try {
      expect((await call('dosen', 'PUT', url, { list_aktivitas: [ids.u1] })).statusCode).toBe(403);
      expect((await call('opw', 'PUT', url, { list_aktivitas: [ids.u1] })).statusCode).toBe(200);
      const setting = await call('dosen', 'GET', `/v2/lms/pengaturan/integrasi_nilai/${world.classId}`);
      expect(setting.json().data).toEqual({
        pelaku_integrasi_nilai: 'operator',
        is_pelaku: false,
        siakad: 'demo',
      });
    } finally {
      await setIntegration({ pelaku: 'dosen' });
    }
    expect((await call('opr', 'PUT', url, { list_aktivitas: [] })).statusCode).toBe(403);
    expect((await call('outsider', 'PUT', url, { list_aktivitas: [] })).statusCode).toBe(403);
    expect((await call('foreign', 'PUT', url, { list_aktivitas: [] })).statusCode).toBe(404);
  });

  it('refuses activities of another class and components SIAKAD does not have', async () => {
    const bad = await call('dosen', 'PUT', `${base()}/komponen/${komponen[1]!.id}`, {
      list_aktivitas: [ids.tx],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.message).toBe(gradeMessages.activityNotInClass);
    const material = await call('dosen', 'PUT', `${base()}/komponen/${komponen[1]!.id}`, {
      list_aktivitas: [ids.m1],
    });
    expect(material.statusCode).toBe(400);
    const unknown = await call('dosen', 'PUT', `${base()}/komponen/nope`, { list_aktivitas: [] });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the grade integration settings (Konfigurasi > Integrasi Nilai)', () => {
  const url = '/v2/lms/pengaturan/integrasi_nilai';
  it('lets operators with konfigurasi read them and those with write change them', async () => {
    const classOnly = await createUser(t.database, {
      collegeId: world.collegeId,
      role: 'operator',
      permissions: buildOperatorPermissions('no_access', { kelas_kuliah: 'write' }),
    });
    const foreignOperator = await createUser(t.database, {
      collegeId: other.collegeId,
      role: 'operator',
      permissions: buildOperatorPermissions('write'),
    });
    token.classOnly = await signToken(t.app, { ...classOnly, role: 'operator' });
    token.foreignOp = await signToken(t.app, { ...foreignOperator, role: 'operator' });
    const stored = await call('opw', 'GET', url);
    expect(stored.json().data).toEqual({
      pelaku: 'dosen',
      siakad: { jenis: 'demo', url: null, batas_waktu_ms: 10_000, kunci_rahasia_tersimpan: false },
    });
    expect((await call('opr', 'GET', url)).statusCode).toBe(200);
    const body = {
      pelaku: 'operator',
      siakad: {
        jenis: 'http',
        url: 'https://siakad.example.ac.id/api',
        batas_waktu_ms: 5000,
        kunci_rahasia: 'kunci-rahasia-siakad-0123456789-abcdef',
      },
    };
    const { kunci_rahasia: _key, ...siakadShown } = body.siakad;
    const shown = { ...body, siakad: { ...siakadShown, kunci_rahasia_tersimpan: true } };
    for (const who of ['dosen', 'mhs', 'classOnly']) {
      expect((await call(who, 'GET', url)).statusCode, who).toBe(403);
    }
    for (const who of ['dosen', 'mhs', 'classOnly', 'opr']) {
      expect((await call(who, 'PUT', url, body)).statusCode, who).toBe(403);
    }
    const before = (await call('opw', 'GET', '/v2/lms/pengaturan')).json().data;
    try {
      const saved = await call('opw', 'PUT', url, body);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toEqual(shown);
      expect((await call('opw', 'GET', url)).json().data).toEqual(shown);
      // The class's setting follows at once; the other settings of the college stay as they were.
      const perClass = await call('dosen', 'GET', `/v2/lms/pengaturan/integrasi_nilai/${world.classId}`);
      expect(perClass.json().data).toEqual({
        pelaku_integrasi_nilai: 'operator',
        is_pelaku: false,
        siakad: 'http',
      });
      expect((await call('opw', 'GET', '/v2/lms/pengaturan')).json().data).toEqual(before);
      // Another college's operator changes only their own college.
      expect((await call('foreignOp', 'PUT', url, { ...body, pelaku: 'dosen' })).statusCode).toBe(200);
      expect((await call('opw', 'GET', url)).json().data.pelaku).toBe('operator');
    } finally {
      const reset = await call('opw', 'PUT', url, { pelaku: 'dosen', siakad: { jenis: 'demo' } });
      expect(reset.json().data).toEqual({
        pelaku: 'dosen',
        siakad: { jenis: 'demo', url: null, batas_waktu_ms: 10_000, kunci_rahasia_tersimpan: true },
      });
    }
  });

  it('refuses a HTTP SIAKAD without an address, a bad address and an unreasonable time limit', async () => {
    const put = (siakad: object) => call('opw', 'PUT', url, { pelaku: 'dosen', siakad });
    const cases: [object, string][] = [
      [{ jenis: 'http', url: '' }, 'Alamat Siakad wajib diisi bila memakai Siakad HTTP.'],
      [{ jenis: 'http', url: 'ftp://siakad.example.ac.id' }, 'Alamat Siakad harus URL http atau https.'],
      [{ jenis: 'demo', batas_waktu_ms: 50 }, 'Batas waktu harus 100 sampai 120.000 milidetik.'],
    ];
    for (const [siakad, message] of cases) {
      const res = await put(siakad);
      expect(res.statusCode, JSON.stringify(siakad)).toBe(400);
      expect(res.body).toContain(message);
    }
    const wrongRole = await call('opw', 'PUT', url, { pelaku: 'mahasiswa', siakad: { jenis: 'demo' } });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.body).toContain('Pilih dosen atau operator.');
  });
});

describe('the entry window, by the server clock, in WIB, WITA and WIT', () => {
  const zones = [
    ['Asia/Jakarta', '+07:00'],
    ['Asia/Makassar', '+08:00'],
    ['Asia/Jayapura', '+09:00'],
  ] as const;

  for (const [zone, offset] of zones) {
    it(`${zone}: a lecturer sends from start + 24:59:59 to the end, inclusive`, async () => {
      await t.database.query(`update colleges set time_zone = $2 where id = $1`, [world.collegeId, zone]);
      t.app.invalidateCollegeCache();
      // A window given in local time whose lecturer part opens ten seconds from now.
      const opens = Math.floor(Date.now() / 1000) * 1000 + 10_000;
      const local = (ms: number) => {
        const d = new Date(ms + Number(offset.slice(0, 3)) * 3_600_000);
        return `${d.toISOString().slice(0, 19)}${offset}`;
      };
      const start = opens - lecturerWindowDelaySeconds * 1000;
      const end = opens + 60_000;
      await setWindow({
        waktu_entri_nilai_start: local(start),
        waktu_entri_nilai_end: local(end),
        is_nilai_dikunci: false,
      });
      vi.useFakeTimers({ toFake: ['Date'] });
      const attempt = async (at: number) => {
        vi.setSystemTime(at);
        const res = await call('dosen', 'POST', `${base()}/kirim`, { konfirmasi_timpa: true });
        await runSends();
        return res;
      };
      const early = await attempt(opens - 1000);
      expect(early.statusCode).toBe(409);
      expect(early.json().status.message).toBe(gradeMessages.outsideWindow);
      vi.setSystemTime(opens - 1000);
      expect((await recap()).akses).toMatchObject({ kirim: false, pesan: gradeMessages.outsideWindow });
      expect((await attempt(opens)).statusCode).toBe(202);
      vi.setSystemTime(opens);
      expect((await recap()).akses).toMatchObject({ kirim: true, pesan: gradeMessages.windowOpen });
      expect((await attempt(end)).statusCode).toBe(202);
      const late = await attempt(end + 1000);
      expect(late.statusCode).toBe(409);
      expect(late.json().status.message).toBe(gradeMessages.outsideWindow);
      // Operators send whenever the class is unlocked.
      expect((await attempt(end + day)).statusCode).toBe(409);
      vi.setSystemTime(end + day);
      const op = await call('opw', 'POST', `${base()}/kirim`, { konfirmasi_timpa: true });
      expect(op.statusCode, op.body).toBe(202);
      await runSends();
    });
  }

  it('shows every lock message and refuses everybody while SIAKAD locks the class', async () => {
    const now = Date.now();
    await setWindow({
      waktu_entri_nilai_start: new Date(now - 2 * day).toISOString(),
      waktu_entri_nilai_end: new Date(now + day).toISOString(),
      is_nilai_dikunci: true,
    });
    try {
      const inWindow = await call('dosen', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false });
      expect(inWindow.statusCode).toBe(409);
      expect(inWindow.json().status.message).toBe(gradeMessages.windowOpenLocked);
      expect((await recap()).kelas.is_nilai_dikunci).toBe(true);
      const op = await call('opw', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false });
      expect(op.json().status.message).toBe(gradeMessages.classLocked);
      expect((await recap('opr')).akses.pesan).toBe(gradeMessages.classLocked);
      await setWindow({ waktu_entri_nilai_end: new Date(now - day).toISOString() });
      const outside = await call('dosen', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false });
      expect(outside.json().status.message).toBe(gradeMessages.outsideWindowLocked);
    } finally {
      await setWindow({ waktu_entri_nilai_end: new Date(now + day).toISOString(), is_nilai_dikunci: false });
    }
    expect((await call('opr', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false })).statusCode).toBe(403);
    expect((await call('outsider', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false })).statusCode).toBe(
      403,
    );
    expect((await call('mhs', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false })).statusCode).toBe(403);
  });
});

describe('sending as a job', () => {
  it('previews, sends, records per-student results, and changes nothing the second time', async () => {
    await call('dosen', 'PUT', `${base()}/komponen/${komponen[1]!.id}`, { list_aktivitas: [ids.u1] });
    const preview = sendPreviewSchema.parse(
      (await call('dosen', 'GET', `${base()}/kirim/pratinjau`)).json().data,
    );
    expect(preview.items).toHaveLength(students.length * komponen.length);
    expect(preview.ringkasan.kosong).toBe(students.length); // Kehadiran has no activities.
    const res = await call('dosen', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false });
    expect(res.statusCode, res.body).toBe(202);
    const sendId = res.json().data.id as string;
    expect(res.json().data.status).toBe('menunggu');
    expect((await call('dosen', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false })).statusCode).toBe(
      409,
    );
    await runSends();
    const detail = gradeSendDetailResponseSchema.parse(
      (await call('opr', 'GET', `${base()}/kirim/${sendId}`)).json(),
    ).data;
    expect(detail.status).toBe('selesai');
    expect(detail.total).toBe(students.length * 2);
    expect(detail.selesai).toBe(detail.total);
    const siakad = (await call('opw', 'GET', `/v2/dev/siakad/kelas_kuliah/${world.classId}`)).json().data;
    const held = siakad.nilai.find(
      (v: { nim: string; id_komponen: string }) =>
        v.nim === students[0]!.nim && v.id_komponen === komponen[0]!.id,
    );
    expect(held).toMatchObject({ nilai: 85, update_by_sikad: false });
    const before = siakad.nilai.map((v: { updated_at: string }) => v.updated_at);

    const again = await call('dosen', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false });
    expect(again.statusCode).toBe(202);
    await runSends();
    const second = (await call('dosen', 'GET', `${base()}/kirim/${again.json().data.id}`)).json().data;
    expect(second).toMatchObject({ status: 'selesai', terkirim: 0, sama: second.total, gagal: 0 });
    const after = (await call('opw', 'GET', `/v2/dev/siakad/kelas_kuliah/${world.classId}`)).json().data;
    expect(after.nilai.map((v: { updated_at: string }) => v.updated_at)).toEqual(before);
    const list = await call('opr', 'GET', `${base()}/kirim`);
    // (PGlite's clock follows the faked Date of the window tests, so order is not asserted here.)
    const trail = list.json().data as { id: string; dibuat_oleh: { role: string } }[];
    expect(trail.find((s) => s.id === sendId)?.dibuat_oleh.role).toBe('dosen');
    expect((await call('mhs', 'GET', `${base()}/kirim`)).statusCode).toBe(403);
  });

  it('asks before overwriting a value changed in SIAKAD', async () => {
    const changed = await call('opw', 'PUT', `/v2/dev/siakad/kelas_kuliah/${world.classId}/nilai`, {
      id_komponen: komponen[0]!.id,
      nim: students[0]!.nim,
      nilai: 99,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const r = await recap();
    const cell = r.nilai_mahasiswa.find((m) => m.mahasiswa.id_user === students[0]!.userId)!.nilai_sikad[0]!;
    expect(cell).toMatchObject({ nilai: 85, nilai_di_sikad: 99, update_by_sikad: true });
    const preview = sendPreviewSchema.parse(
      (await call('dosen', 'GET', `${base()}/kirim/pratinjau`)).json().data,
    );
    expect(preview).toMatchObject({
      perlu_konfirmasi: true,
      pesan_konfirmasi: gradeMessages.overwriteConfirm,
    });
    expect(preview.ringkasan.timpa).toBe(1);
    const refused = await call('dosen', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status.message).toBe(gradeMessages.overwriteConfirm);
    const confirmed = await call('dosen', 'POST', `${base()}/kirim`, { konfirmasi_timpa: true });
    expect(confirmed.statusCode).toBe(202);
    await runSends();
    const after = (await call('opw', 'GET', `/v2/dev/siakad/kelas_kuliah/${world.classId}`)).json().data;
    expect(
      after.nilai.find(
        (v: { nim: string; id_komponen: string }) =>
          v.nim === students[0]!.nim && v.id_komponen === komponen[0]!.id,
      ),
    ).toMatchObject({ nilai: 85, update_by_sikad: false });
  });

  it('keeps the demo SIAKAD screen to operators with write', async () => {
    const url = `/v2/dev/siakad/kelas_kuliah/${world.classId}`;
    expect((await call('dosen', 'GET', url)).statusCode).toBe(403);
    expect((await call('opr', 'PUT', url, { is_nilai_dikunci: true })).statusCode).toBe(403);
    expect((await call('foreign', 'GET', url)).statusCode).toBe(403);
  });
});

describe('a real SIAKAD over HTTP that times out or refuses', () => {
  let server: Server;
  let mode: 'ok' | 'hang' | 'refuse' | 'flaky' | 'down';
  let flakyCalls = 0;
  let writes = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (mode === 'hang' && req.method === 'PUT') return; // never answers
      if (req.method === 'GET') {
        if (mode === 'down') return json(503, { status: { message: 'Pemeliharaan' } });
        return json(200, {
          data: {
            is_nilai_dikunci: false,
            waktu_entri_nilai_start: new Date(Date.now() - 5 * day).toISOString(),
            waktu_entri_nilai_end: new Date(Date.now() + 5 * day).toISOString(),
            komponen: [{ id: 'K1', jenis: 'tugas', label: 'Tugas', bobot: 100 }],
            nilai: [],
          },
        });
      }
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        writes++;
        if (mode === 'refuse') return json(422, { status: { message: 'Kelas sudah ditutup di Siakad' } });
        if (mode === 'flaky' && flakyCalls++ === 0) return json(503, { status: { message: 'Sibuk' } });
        const { nilai } = JSON.parse(body) as { nilai: { id_komponen: string; nim: string }[] };
        json(200, { data: nilai.map((v) => ({ ...v, status: 'ok', pesan: 'Tersimpan' })) });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await t.database.query(
      `insert into siakad_credentials (college_id, secret) values ($1, $2)
       on conflict (college_id) do update set secret = excluded.secret`,
      [world.collegeId, 'kunci-rahasia-siakad-0123456789-abcdef'],
    );
    await setIntegration({
      pelaku: 'dosen',
      siakad: { jenis: 'http', url: `http://127.0.0.1:${port}`, batas_waktu_ms: 300 },
    });
    mode = 'ok';
    expect(
      (await call('dosen', 'PUT', `${base()}/komponen/K1`, { list_aktivitas: [ids.t1] })).statusCode,
    ).toBe(200);
  });

  afterAll(async () => {
    await setIntegration({ pelaku: 'dosen' });
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function sendAndRun() {
    const res = await call('dosen', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false });
    expect(res.statusCode, res.body).toBe(202);
    await runSends([5, 5]);
    return (await call('dosen', 'GET', `${base()}/kirim/${res.json().data.id}`)).json().data;
  }

  it('shows an unreachable SIAKAD on the recap and refuses to act on it', async () => {
    mode = 'down';
    const r = await recap();
    expect(r.akses.kirim).toBe(false);
    expect(r.akses.pesan).toContain(gradeMessages.siakadUnavailable);
    // The failure is named; what SIAKAD sent is never passed on.
    expect(r.akses.pesan).toContain('HTTP 503');
    expect(r.akses.pesan).not.toContain('Pemeliharaan');
    const put = await call('dosen', 'PUT', `${base()}/komponen/K1`, { list_aktivitas: [ids.t1] });
    expect(put.statusCode).toBe(502);
    expect((await call('dosen', 'POST', `${base()}/kirim`, { konfirmasi_timpa: false })).statusCode).toBe(
      502,
    );
  });

  it('retries a transient failure with back-off and then succeeds', async () => {
    mode = 'flaky';
    flakyCalls = 0;
    const detail = await sendAndRun();
    expect(detail).toMatchObject({ status: 'selesai', terkirim: students.length, gagal: 0 });
    expect(detail.items.every((i: { percobaan: number }) => i.percobaan === 2)).toBe(true);
  });

  it('records a refusal with its status, without retrying', async () => {
    mode = 'refuse';
    writes = 0;
    // SIAKAD holds nothing, so every value is sent again.
    const detail = await sendAndRun();
    expect(writes).toBe(1);
    expect(detail.gagal).toBe(students.length);
    expect(detail.items[0]).toMatchObject({ status: 'gagal', percobaan: 1 });
    expect(detail.items[0].jawaban_sikad).toContain('HTTP 422');
    expect(detail.items[0].jawaban_sikad).not.toContain('Kelas sudah ditutup di Siakad');
  });

  it('gives up on a SIAKAD that does not answer in time, after its retries', async () => {
    mode = 'hang';
    writes = 0;
    const detail = await sendAndRun();
    expect(detail.gagal).toBe(students.length);
    expect(detail.items[0].percobaan).toBe(3);
    expect(detail.items[0].jawaban_sikad).toContain('tidak menjawab');
  });
});
