import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classAttendanceRecapSchema,
  meetingAttendanceSchema,
  meetingForumParticipationResponseSchema,
  studentMeetingAttendanceSchema,
  type MeetingAttendance,
} from '@lms/contract/attendance.schema';
import { attendanceMessages } from '@lms/contract/attendance.rules';
import {
  createClass,
  createClassOperator,
  createClassWorld,
  createForum,
  createMaterial,
  createMeeting,
  createUser,
  createVidcon,
  type ClassRef,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signIn, signInEach } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordActivityFact } from '../activity/activity.api.ts';
import { attendanceStreamKey } from '../activity/activity.api.ts';
import { runRecalculation } from './attendance-recalculation.job.ts';
import {
  findAttendanceList,
  findAttendanceListAfter,
  findStudentClassTotals,
  sumStudentAttendedLectures,
  type AttendanceListKey,
} from './attendance.repository.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let cls: ClassRef;
let students: UserRef[];
let operator: UserRef;
let operatorRead: UserRef;
let meetingId: string;
let futureMeetingId: string;
let offlineMeetingId: string;
let required: string[];
const tokens: Record<string, string> = {};
const hour = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  const { collegeId } = world;
  students = [world.student];
  for (let i = 0; i < 2; i++) {
    students.push(await createUser(t.database, { collegeId, role: 'mahasiswa', prodiId: world.prodiId }));
  }
  cls = await createClass(t.database, {
    collegeId,
    courseId: world.courseId,
    teachers: [world.teacher.userId],
    studentIds: students.map((s) => s.userId),
  });
  const online = {
    jenis: 'online' as const,
    parameterKehadiran: {
      hadir_vidcon: true,
      kerjakan_kuis_ujian: false,
      kerjakan_tugas: false,
      posting_forum: false,
      unduh_materi: true,
    },
  };
  meetingId = (
    await createMeeting(t.database, {
      collegeId,
      classId: cls.classId,
      ...online,
      waktuMulai: new Date(Date.now() - hour),
      waktuSelesai: new Date(Date.now() + hour),
    })
  ).meetingId;
  futureMeetingId = (
    await createMeeting(t.database, {
      collegeId,
      classId: cls.classId,
      ...online,
      waktuMulai: new Date(Date.now() + 24 * hour),
      waktuSelesai: new Date(Date.now() + 26 * hour),
    })
  ).meetingId;
  offlineMeetingId = (
    await createMeeting(t.database, {
      collegeId,
      classId: cls.classId,
      jenis: 'offline',
      waktuMulai: new Date(Date.now() - 3 * hour),
      waktuSelesai: new Date(Date.now() - 2 * hour),
    })
  ).meetingId;
  const due = new Date(Date.now() + 12 * hour);
  required = [
    (await createMaterial(t.database, { collegeId, meetingId, isSyaratHadir: true, deadline: due }))
      .materialId,
    (await createMaterial(t.database, { collegeId, meetingId, isSyaratHadir: true, deadline: due }))
      .materialId,
  ];
  // Not required: never counts.
  await createMaterial(t.database, { collegeId, meetingId, isSyaratHadir: false });
  operator = await createClassOperator(t.database, collegeId);
  operatorRead = await createClassOperator(t.database, collegeId, 'read');
  Object.assign(
    tokens,
    await signInEach(t.app, {
      dosen: world.teacher,
      mhs0: students[0]!,
      mhs1: students[1]!,
      mhs2: students[2]!,
      operator,
      operatorLihat: operatorRead,
      asing: otherWorld.teacher,
    }),
  );
}, 120_000);
afterAll(async () => t.close());

const send = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), ...(payload ? { payload } : {}) });

const download = (studentIndex: number, materialId: string, at = new Date()) =>
  recordActivityFact(t.database.db, {
    collegeId: world.collegeId,
    kind: 'materi',
    contentId: materialId,
    mahasiswaId: students[studentIndex]!.userId,
    completedAt: at,
    evidence: { downloadedAt: at },
  });

async function meetingList(who = 'dosen', id = meetingId): Promise<MeetingAttendance> {
  const res = await send(who, 'GET', `/v2/lms/kehadiran_mahasiswa/pertemuan/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return meetingAttendanceSchema.parse(res.json().data);
}

const rowOf = (list: MeetingAttendance, i: number) =>
  list.mahasiswa.find((m) => m.mahasiswa.id_user === students[i]!.userId)!;

describe('computed attendance', () => {
  it('marks present at the minimum progress of on-time required activities, live on each fact', async () => {
    const events: unknown[] = [];
    const stop = t.app.events.subscribe(attendanceStreamKey(world.collegeId, cls.classId), (event, data) =>
      events.push({ event, data }),
    );
    await download(0, required[0]!);
    await download(0, required[1]!);
    await download(1, required[0]!);
    // After the deadline: late, so it does not count (spec: completed before their deadlines).
    await download(1, required[1]!, new Date(Date.now() + 13 * hour));
    const list = await meetingList();
    expect(list).toMatchObject({
      dihitung_sistem: true,
      presentase_progress_minimal_persen: 80,
      jumlah_hadir: 1,
      jumlah_peserta: 3,
      akses: { ubah: true, hitung_ulang: true },
    });
    expect(rowOf(list, 0)).toMatchObject({
      presensi: 'H',
      is_hadir: true,
      sistem: true,
      progress: { overall: 1 },
      updated_by: { username: 'LMS:SYSTEM' },
    });
    expect(rowOf(list, 1)).toMatchObject({ presensi: 'A', sistem: true, progress: { overall: 0.5 } });
    // Enrolled with nothing done: the material's sync computed a 0 for them.
    expect(rowOf(list, 2)).toMatchObject({ presensi: 'A', progress: { overall: 0 } });
    expect(list.rata_rata_progress).toBe(50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop();
    expect(events).toContainEqual({ event: 'progress', data: { id_pertemuan: [meetingId] } });
  });

  it('explains a mark with the activities, their weight and the evidence', async () => {
    const res = await send(
      'mhs1',
      'GET',
      `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}/pertemuan/${meetingId}/me`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const detail = studentMeetingAttendanceSchema.parse(res.json().data);
    expect(detail.presensi_label).toBe('Alpa');
    const counting = detail.aktivitas.filter((a) => a.weight > 0);
    expect(counting).toHaveLength(2);
    expect(counting.map((a) => a.weight)).toEqual([0.5, 0.5]);
    expect(counting.filter((a) => a.is_hadir)).toHaveLength(1);
    expect(counting.find((a) => a.terlambat)?.bukti[0]).toMatch(/^diunduh \d\d:\d\d$/);
    expect(detail.aktivitas.filter((a) => a.weight === 0)).toHaveLength(1);
    const byNim = await send(
      'dosen',
      'GET',
      `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}/pertemuan/${meetingId}/nim/${students[1]!.nim}`,
    );
    expect(byNim.json().data.progress.overall).toBe(0.5);
    expect(
      (
        await send(
          'mhs0',
          'GET',
          `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}/pertemuan/${meetingId}/nim/${students[1]!.nim}`,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('a vidcon joined after the lateness allowance does not count, one in time does', async () => {
    const { vidconId } = await createVidcon(t.database, {
      collegeId: world.collegeId,
      meetingId,
      waktuMulai: new Date(Date.now() - hour),
      waktuSelesai: new Date(Date.now() + hour),
    });
    const join = (i: number, at: Date) =>
      recordActivityFact(t.database.db, {
        collegeId: world.collegeId,
        kind: 'vidcon',
        contentId: vidconId,
        mahasiswaId: students[i]!.userId,
        completedAt: at,
        evidence: { joinedAt: at },
      });
    await join(0, new Date(Date.now() - hour + 60_000));
    await join(1, new Date(Date.now() - 10 * 60_000));
    const list = await meetingList();
    expect(rowOf(list, 0)).toMatchObject({ presensi: 'H', progress: { overall: 1 } });
    expect(rowOf(list, 1).progress.overall).toBeCloseTo(1 / 3);
    const detail = await send(
      'mhs1',
      'GET',
      `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}/pertemuan/${meetingId}/me`,
    );
    const vidcon = detail.json().data.aktivitas.find((a: { jenis: string }) => a.jenis === 'vidcon');
    expect(vidcon.bukti[0]).toMatch(/^bergabung \d+ menit terlambat$/);
  });
});

describe('what counts', () => {
  it("a kind counts only while the meeting's parameter is on; switching it recomputes at once", async () => {
    const { forumId } = await createForum(t.database, { collegeId: world.collegeId, meetingId });
    const posted = new Date();
    await recordActivityFact(t.database.db, {
      collegeId: world.collegeId,
      kind: 'forum',
      contentId: forumId,
      mahasiswaId: students[2]!.userId,
      completedAt: posted,
      evidence: { postCount: 2 },
    });
    // posting_forum is off: two materials and the vidcon count, the forum does not.
    const before = await send(
      'mhs2',
      'GET',
      `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}/pertemuan/${meetingId}/me`,
    );
    const forum = before.json().data.aktivitas.find((a: { jenis: string }) => a.jenis === 'forum');
    expect(forum).toMatchObject({ weight: 0, is_hadir: true, bukti: ['2 komentar'] });
    expect(rowOf(await meetingList(), 2).progress.overall).toBe(0);

    // The schedule is not editable in this college, so the edit needs only the texts.
    await t.database.query(
      `update colleges set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{pengaturan_kelas}', coalesce(settings->'pengaturan_kelas', '{}'::jsonb) || '{"ubah_jadwal_pertemuan": {"online": false, "offline": false}}'::jsonb) where id = $1`,
      [world.collegeId],
    );
    t.app.invalidateCollegeCache();
    const changed = await send('operator', 'PUT', `/v2/lms/pertemuan/${meetingId}`, {
      judul: 'Pertemuan daring',
      deskripsi: 'Materi, vidcon dan forum.',
      parameter_kehadiran: {
        hadir_vidcon: true,
        kerjakan_kuis_ujian: false,
        kerjakan_tugas: false,
        posting_forum: true,
        unduh_materi: true,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(rowOf(await meetingList(), 2).progress.overall).toBeCloseTo(1 / 4);
  });
});

describe('manual marks', () => {
  it('saves in bulk by nim; a recalculation never overwrites them; ada_presensi false goes back', async () => {
    const res = await send('dosen', 'PUT', `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}`, {
      data: [
        { nim: students[2]!.nim, presensi: 'I', ada_presensi: true },
        { nim: students[1]!.nim, presensi: 'H', ada_presensi: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = meetingAttendanceSchema.parse(res.json().data);
    expect(rowOf(saved, 2)).toMatchObject({
      presensi: 'I',
      sistem: false,
      updated_by: { username: world.teacher.username },
    });
    expect(rowOf(saved, 1)).toMatchObject({ presensi: 'H', is_hadir: true, sistem: false });

    const started = await send(
      'dosen',
      'POST',
      `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}/hitung_ulang`,
    );
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data).toMatchObject({
      status: 'processing',
      message: attendanceMessages.recalculationRequested,
    });
    expect((await meetingList()).sedang_update).toBe(true);
    // The operator's list says so too, so "Update Kehadiran Manual" waits.
    const listWhileRunning = await send('operator', 'GET', '/v2/lms/kehadiran_mahasiswa');
    expect(listWhileRunning.json().sedang_update).toBe(true);
    const again = await send('operator', 'POST', '/v2/lms/kehadiran_mahasiswa/hitung_persentase', {
      id_kelas_kuliah: cls.classId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().status.message).toBe('Sedang ada proses update');

    const events: unknown[] = [];
    const stop = t.app.events.subscribe(attendanceStreamKey(world.collegeId, cls.classId), (event, data) =>
      events.push({ event, data }),
    );
    await runRecalculation(t.database.db, t.app.events, world.collegeId, started.json().data.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop();
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'calc-percentage',
        data: expect.objectContaining({ status: 'completed' }),
      }),
    );
    const after = await meetingList();
    expect(after.sedang_update).toBe(false);
    expect((await send('operator', 'GET', '/v2/lms/kehadiran_mahasiswa')).json().sedang_update).toBe(false);
    expect(rowOf(after, 2).presensi).toBe('I');
    expect(rowOf(after, 1)).toMatchObject({ presensi: 'H', sistem: false });

    const back = await send('operator', 'PUT', `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}`, {
      data: [{ nim: students[1]!.nim, presensi: 'A', ada_presensi: false }],
    });
    expect(rowOf(meetingAttendanceSchema.parse(back.json().data), 1)).toMatchObject({
      presensi: 'A',
      sistem: true,
    });
  });

  it('saves one student by id, and refuses what the rules refuse', async () => {
    const one = await send(
      'dosen',
      'PUT',
      `/v2/lms/kehadiran_mahasiswa/pertemuan/${offlineMeetingId}/mahasiswa/${students[0]!.userId}`,
      { is_hadir: true },
    );
    expect(one.statusCode, one.body).toBe(200);
    const offline = meetingAttendanceSchema.parse(one.json().data);
    expect(offline.dihitung_sistem).toBe(false);
    expect(rowOf(offline, 0)).toMatchObject({ presensi: 'H', sistem: false });
    // Offline: no system marks at all.
    expect(rowOf(offline, 1)).toMatchObject({ presensi: null, ada_presensi: false });
    expect(offline.akses.hitung_ulang).toBe(false);

    const early = await send('dosen', 'PUT', `/v2/lms/kehadiran_mahasiswa/pertemuan/${futureMeetingId}`, {
      data: [{ nim: students[0]!.nim, presensi: 'H' }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().status.message).toBe(attendanceMessages.notEditable);
    const stray = await send('dosen', 'PUT', `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}`, {
      data: [{ nim: otherWorld.student.nim, presensi: 'H' }],
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().status.message).toContain(attendanceMessages.studentNotInClass);
    expect(
      (
        await send('operatorLihat', 'PUT', `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}`, {
          data: [{ nim: students[0]!.nim, presensi: 'H' }],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('offers izin and sakit only when the college has them on', async () => {
    const kinds = await send('dosen', 'GET', '/v2/lms/kehadiran_mahasiswa/jenis_presensi');
    expect(kinds.json().data.izin).toEqual({ id: 'I', nama: 'Izin', is_active: true });
    await t.database.query(
      `update colleges set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{pengaturan_kelas}', coalesce(settings->'pengaturan_kelas', '{}'::jsonb) || '{"jenis_presensi": {"izin": true, "sakit": false}}'::jsonb) where id = $1`,
      [world.collegeId],
    );
    t.app.invalidateCollegeCache();
    expect(
      (await send('dosen', 'GET', '/v2/lms/kehadiran_mahasiswa/jenis_presensi')).json().data.sakit.is_active,
    ).toBe(false);
    const refused = await send('dosen', 'PUT', `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}`, {
      data: [{ nim: students[0]!.nim, presensi: 'S' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().status.message).toContain(attendanceMessages.markNotActive);
    const izin = await send('dosen', 'PUT', `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}`, {
      data: [{ nim: students[0]!.nim, presensi: 'I', ada_presensi: false }],
    });
    expect(izin.statusCode).toBe(200);
  });
});

describe('who sees what', () => {
  it('refuses students, lecturers of other classes, readers writing and other colleges', async () => {
    expect((await send('mhs0', 'GET', `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}`)).statusCode).toBe(
      403,
    );
    expect([403, 404]).toContain(
      (await send('asing', 'GET', `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}`)).statusCode,
    );
    expect((await meetingList('operatorLihat')).akses).toEqual({ ubah: false, hitung_ulang: false });
    const otherCollege = await t.app.inject({
      method: 'GET',
      url: `/v2/lms/kehadiran_mahasiswa/pertemuan/${otherWorld.meetingId}`,
      headers: bearerHeaders(tokens.dosen!),
    });
    expect([403, 404]).toContain(otherCollege.statusCode);
    expect(
      (await send('mhs0', 'POST', `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}/hitung_ulang`))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('dosen', 'POST', '/v2/lms/kehadiran_mahasiswa/hitung_persentase', { periode: 20261 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('recaps, lists and exports', () => {
  it('the class recap: every student for lecturers, a student only their own row with the exam requirement', async () => {
    const staff = classAttendanceRecapSchema.parse(
      (await send('dosen', 'GET', `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}`)).json().data,
    );
    expect(staff.mahasiswa).toHaveLength(3);
    expect(staff.pertemuan).toHaveLength(3);
    expect(staff.syarat_ujian).toBeNull();
    const offlineCell = staff.mahasiswa[0]!.kehadiran.find((c) => c.id_pertemuan === offlineMeetingId);
    expect(
      staff.mahasiswa
        .find((m) => m.mahasiswa.nim === students[0]!.nim)!
        .kehadiran.find((c) => c.id_pertemuan === offlineMeetingId)?.presensi,
    ).toBe('H');
    expect(offlineCell).toBeDefined();
    const own = classAttendanceRecapSchema.parse(
      (await send('mhs0', 'GET', `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}`)).json().data,
    );
    expect(own.mahasiswa.map((m) => m.mahasiswa.nim)).toEqual([students[0]!.nim]);
    // The offline meeting ended and they were marked present there: 1 of 1 held.
    expect(own.mahasiswa[0]).toMatchObject({ jumlah_hadir: 1, jumlah_pertemuan_selesai: 1, persentase: 100 });
    expect(own.syarat_ujian).toEqual([]);
  });

  it('exports the recap as a workbook with one row per student and a column per meeting', async () => {
    const res = await send(
      'dosen',
      'GET',
      `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}/export_excel`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="kehadiran-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Rekap Kehadiran')!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['No', 'NIM', 'Nama', 'P1', 'P2', 'P3', 'Persentase (%)']),
    );
    expect(sheet.rowCount).toBe(4);
    expect(
      (await send('mhs0', 'GET', `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}/export_excel`))
        .statusCode,
    ).toBe(403);
  });

  it("lists meetings with their figures for operators and a lecturer's classes, and exports them", async () => {
    const res = await send(
      'operator',
      'GET',
      `/v2/lms/kehadiran_mahasiswa?id_kelas_kuliah=${cls.classId}&per_page=50`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as {
      pertemuan: { id: string };
      jumlah_peserta: number;
      jumlah_hadir: number;
    }[];
    expect(rows).toHaveLength(3);
    const current = rows.find((r) => r.pertemuan.id === meetingId)!;
    const list = await meetingList();
    expect(current).toMatchObject({ jumlah_peserta: 3, jumlah_hadir: list.jumlah_hadir });
    const asLecturer = await send(
      'asing',
      'GET',
      `/v2/lms/kehadiran_mahasiswa?id_kelas_kuliah=${cls.classId}`,
    );
    expect(asLecturer.json().data).toEqual([]);
    const file = await send(
      'operator',
      'GET',
      `/v2/lms/kehadiran_mahasiswa/export_excel?id_kelas_kuliah=${cls.classId}`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Kehadiran Peserta')!.rowCount).toBe(4);
  });

  it("a student's classes with their percentage", async () => {
    const res = await send('mhs0', 'GET', '/v2/lms/kehadiran_mahasiswa/me');
    expect(res.statusCode, res.body).toBe(200);
    const mine = (res.json().data as { kelas_kuliah: { id: string }; persentase: number }[]).find(
      (c) => c.kelas_kuliah.id === cls.classId,
    );
    expect(mine).toMatchObject({
      persentase: 100,
      jumlah_hadir: 1,
      jumlah_pertemuan_selesai: 1,
      jumlah_pertemuan: 3,
    });
    expect((await send('dosen', 'GET', '/v2/lms/kehadiran_mahasiswa/me')).statusCode).toBe(403);
  });

  it("counts the exam minimum's sums as the classes' totals add up, per class and over the period", async () => {
    for (const student of students) {
      for (const options of [{ kelasId: cls.classId }, { currentPeriod: true }, {}]) {
        const totals = await findStudentClassTotals(t.app.db, world.collegeId, student.userId, 80, options);
        const sums = await sumStudentAttendedLectures(t.app.db, world.collegeId, student.userId, 80, options);
        expect(sums, JSON.stringify(options)).toEqual({
          held: totals.reduce((n, r) => n + r.held, 0),
          attended: totals.reduce((n, r) => n + r.attended, 0),
        });
      }
    }
    const mine = await sumStudentAttendedLectures(t.app.db, world.collegeId, students[0]!.userId, 80, {
      kelasId: cls.classId,
    });
    expect(mine).toEqual({ held: 1, attended: 1 });
  });
});

describe('reading the attendance list by key (the export)', () => {
  it('gives the rows of the offset pages in the same order, with meetings that start together', async () => {
    const now = new Date();
    const scope = { kind: 'all' } as const;
    const { rows: all } = await findAttendanceList(
      t.database.db,
      'demo',
      scope,
      {},
      { offset: 0, limit: 100_000 },
      75,
      now,
    );
    const starts = new Set(all.map((r) => r.waktuMulai.getTime()));
    expect(all.length).toBeGreaterThan(3 * 97);
    expect(starts.size).toBeLessThan(all.length);
    expect(all.some((r) => r.waktuMulai > now) && all.some((r) => r.waktuMulai <= now)).toBe(true);
    const byKey: string[] = [];
    let after: AttendanceListKey | null = null;
    for (;;) {
      const page = await findAttendanceListAfter(
        t.database.db,
        'demo',
        scope,
        {},
        { after, limit: 97, now },
        75,
      );
      byKey.push(...page.rows.map((r) => r.id));
      if (page.rows.length < 97) break;
      after = page.next;
    }
    expect(byKey).toEqual(all.map((r) => r.id));
  });
});

describe('the forum list of the attendance page', () => {
  it('lists the meeting’s forums with who completed them, for its lecturers and operators only', async () => {
    const { collegeId } = world;
    const { meetingId: forumMeetingId } = await createMeeting(t.database, {
      collegeId,
      classId: cls.classId,
      jenis: 'online',
      waktuMulai: new Date(Date.now() - hour),
      waktuSelesai: new Date(Date.now() + hour),
    });
    const first = await createForum(t.database, { collegeId, meetingId: forumMeetingId, judul: 'Diskusi A' });
    await createForum(t.database, {
      collegeId,
      meetingId: forumMeetingId,
      judul: 'Diskusi B',
      minimalPost: 2,
      waktuMulai: new Date(Date.now() - 5 * 60_000),
    });
    const posted = await send('mhs1', 'POST', `/v2/lms/forum/${first.forumId}/post`, {
      isi: '<p>Pendapat saya</p>',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const url = `/v2/lms/kehadiran_mahasiswa/pertemuan/${forumMeetingId}/forum`;

    for (const who of ['dosen', 'operator', 'operatorLihat']) {
      const res = await send(who, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const [a, b] = meetingForumParticipationResponseSchema.parse(res.json()).data;
      expect([a!.judul, b!.judul]).toEqual(['Diskusi A', 'Diskusi B']);
      expect(a).toMatchObject({ id_forum_chat: first.forumId, id_group_chat: cls.classId, minimal_post: 1 });
      expect(a).toMatchObject({ jumlah_selesai: 1, jumlah_peserta: 3, completed: false });
      const done = a!.mahasiswa.filter((m) => m.completed).map((m) => m.mahasiswa.id_user);
      expect(done).toEqual([students[1]!.userId]);
      expect(a!.mahasiswa.find((m) => m.mahasiswa.id_user === students[1]!.userId)!.jumlah_post).toBe(1);
      expect(b).toMatchObject({ jumlah_selesai: 0, jumlah_peserta: 3, minimal_post: 2 });
    }

    // A student of the class, a student and a lecturer of another class, another college: refused.
    const outsider = await createUser(t.database, { collegeId, role: 'mahasiswa', prodiId: world.prodiId });
    await createClass(t.database, { collegeId, courseId: world.courseId, studentIds: [outsider.userId] });
    tokens.luar = (await signIn(t.app, outsider)).access_token;
    expect((await send('mhs1', 'GET', url)).statusCode).toBe(403);
    expect([403, 404]).toContain((await send('luar', 'GET', url)).statusCode);
    expect([403, 404]).toContain((await send('asing', 'GET', url)).statusCode);
  });
});

describe('the detail says what is missing (issue 45)', () => {
  it("names the missing part of each activity's requirement, for the lecturer and the student only", async () => {
    const { meetingId: id } = await createMeeting(t.database, {
      collegeId: world.collegeId,
      classId: cls.classId,
      jenis: 'online',
      parameterKehadiran: {
        hadir_vidcon: true,
        kerjakan_kuis_ujian: false,
        kerjakan_tugas: false,
        posting_forum: false,
        unduh_materi: true,
      },
      waktuMulai: new Date(Date.now() - hour),
      waktuSelesai: new Date(Date.now() + hour),
    });
    const material = async (tipeFile: 'ebook' | 'video' | 'url', judul: string) =>
      (
        await createMaterial(t.database, {
          collegeId: world.collegeId,
          meetingId: id,
          isSyaratHadir: true,
          tipeFile,
          judul,
          ...(tipeFile === 'url' ? {} : { fileKey: `materi/${judul}`, fileName: `${judul}.bin` }),
        })
      ).materialId;
    const ebook = await material('ebook', 'Modul Dibuka');
    const video = await material('video', 'Video Sebagian');
    const link = await material('url', 'Tautan Dibuka');
    const fact = (contentId: string, completed: boolean, evidence: object) =>
      recordActivityFact(t.database.db, {
        collegeId: world.collegeId,
        kind: 'materi',
        contentId,
        mahasiswaId: students[1]!.userId,
        completedAt: completed ? new Date() : null,
        evidence,
      });
    // Opened but not marked Sudah Baca (the case), 20 % of the video, the link opened (done).
    await fact(ebook, false, { openedAt: new Date() });
    await fact(video, false, { watchedPercent: 20 });
    await fact(link, true, { openedAt: new Date() });
    const url = `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}/pertemuan/${id}/nim/${students[1]!.nim}`;
    for (const who of ['dosen', 'operatorLihat']) {
      const res = await send(who, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const detail = studentMeetingAttendanceSchema.parse(res.json().data);
      const missing = Object.fromEntries(detail.aktivitas.map((a) => [a.judul, a.belum_terpenuhi]));
      expect(missing).toEqual({
        'Modul Dibuka': 'Belum: sudah dibuka, tetapi belum ditandai "Sudah Baca" (dibaca minimal 60 detik)',
        'Video Sebagian': 'Belum: ditonton 20% dari minimal 50% (atau diunduh)',
        'Tautan Dibuka': null,
      });
      expect(detail.aktivitas.find((a) => a.judul === 'Modul Dibuka')!.bukti[0]).toMatch(
        /^dibuka \d\d:\d\d$/,
      );
    }
    const own = await send(
      'mhs1',
      'GET',
      `/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${cls.classId}/pertemuan/${id}/me`,
    );
    expect(own.statusCode, own.body).toBe(200);
    const mine = studentMeetingAttendanceSchema.parse(own.json().data);
    expect(mine.aktivitas.map((a) => a.belum_terpenuhi)).toContain(
      'Belum: ditonton 20% dari minimal 50% (atau diunduh)',
    );
    // Another student of the class, a lecturer of another college: refused.
    expect((await send('mhs0', 'GET', url)).statusCode).toBe(403);
    expect([403, 404]).toContain((await send('asing', 'GET', url)).statusCode);
  });
});
