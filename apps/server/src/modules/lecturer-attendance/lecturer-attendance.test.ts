import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lecturerAttendanceListResponseSchema,
  type LecturerAttendanceRow,
} from '@lms/contract/lecturer-attendance.schema';
import {
  createClass,
  createClassWorld,
  createMeeting,
  createUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
const users: Record<string, UserRef> = {};
const tokens: Record<string, string> = {};
const meetings: Record<string, string> = {};
let classId: string;

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
// The own button shows at the meeting start (no extra minutes) so the tests need not wait.
const baseSettings = { pengaturan_kelas: { tampil_tombol_presensi_dosen: { mulai: 0 } } };

async function setSettings(settings: object) {
  await t.database.query(`update colleges set settings = $1 where id = $2`, [
    JSON.stringify(settings),
    world.collegeId,
  ]);
  t.app.invalidateCollegeCache();
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database, { settings: baseSettings });
  otherWorld = await createClassWorld(t.database);
  const c = world.collegeId;
  users.dosen = world.teacher;
  users.mahasiswa = world.student;
  users.asisten = await createUser(t.database, { collegeId: c, role: 'dosen' });
  users.koordinator = await createUser(t.database, { collegeId: c, role: 'dosen' });
  users.libur = await createUser(t.database, { collegeId: c, role: 'dosen' });
  users.lain = await createUser(t.database, { collegeId: c, role: 'dosen' });
  users.operator = await createUser(t.database, {
    collegeId: c,
    role: 'operator',
    permissions: { kelas_kuliah: 'write' },
  });
  users.pembaca = await createUser(t.database, {
    collegeId: c,
    role: 'operator',
    permissions: { kelas_kuliah: 'read' },
  });
  users.asing = await createUser(t.database, {
    collegeId: otherWorld.collegeId,
    role: 'operator',
    permissions: { kelas_kuliah: 'write' },
  });
  const kelas = await createClass(t.database, {
    collegeId: c,
    courseId: world.courseId,
    teachers: [
      world.teacher.userId,
      { dosenId: users.asisten.userId, peran: 'asisten' },
      { dosenId: users.koordinator.userId, peran: 'koordinator' },
      users.libur.userId,
    ],
    studentIds: [world.student.userId],
  });
  classId = kelas.classId;
  // Another class, taught by "lain".
  await createClass(t.database, { collegeId: c, courseId: world.courseId, teachers: [users.lain.userId] });
  const taught = [world.teacher.userId, users.asisten.userId, users.koordinator.userId];
  const meeting = async (name: string, jenis: 'online' | 'offline' | 'campuran', startMin: number) => {
    meetings[name] = (
      await createMeeting(t.database, {
        collegeId: c,
        classId,
        jenis,
        waktuMulai: minutes(startMin),
        waktuSelesai: minutes(startMin + 100),
        teacherIds: taught,
      })
    ).meetingId;
  };
  await meeting('offline', 'offline', -1);
  await meeting('online', 'online', -1);
  await meeting('nanti', 'offline', 10);
  await meeting('lalu', 'offline', -3 * 24 * 60);
  for (const [name, user] of Object.entries(users)) tokens[name] = (await signIn(t.app, user)).access_token;
});
afterAll(async () => t.close());

const send = (who: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), ...(payload ? { payload } : {}) });
const list = (who: string, meeting: string) =>
  send(who, 'GET', `/v2/lms/kehadiran_dosen/${meetings[meeting]}`);
const rowOf = async (meeting: string, who: string): Promise<LecturerAttendanceRow> =>
  (await send('operator', 'GET', `/v2/lms/kehadiran_dosen/${meetings[meeting]}/${users[who]!.userId}`)).json()
    .data;
const edit = (who: string, meeting: string, lecturer: string, body: object) =>
  send(who, 'PUT', `/v2/lms/kehadiran_dosen/${meetings[meeting]}/dosen/${users[lecturer]!.userId}`, body);

describe('who is listed and who may read', () => {
  it('lists the meeting teachers and assistants, not the coordinator or an unticked teacher', async () => {
    const res = await list('dosen', 'offline');
    expect(res.statusCode).toBe(200);
    const body = lecturerAttendanceListResponseSchema.parse(res.json());
    expect(body.data.map((r) => r.pengajar.id_dosen)).toEqual([world.teacher.userId, users.asisten!.userId]);
    expect(body.data.map((r) => r.pengajar.peran_label)).toEqual(['Pengajar', 'Asisten']);
    expect(body.data[0]!.tag).toEqual({ label: 'Belum Ada Presensi', tone: 'default' });
    expect(body.info).toMatchObject({
      jenis: 'offline',
      validasi_aktif: false,
      akses: { ubah: false, validasi: false },
      syarat: [
        { key: 'mulai_kuliah', label: 'Dosen memulai kuliah' },
        { key: 'akhiri_kuliah', label: 'Dosen mengakhiri kuliah' },
      ],
    });
    expect((await list('operator', 'offline')).json().info.akses).toEqual({ ubah: true, validasi: false });
    expect((await list('pembaca', 'offline')).json().info.akses).toEqual({ ubah: false, validasi: false });
  });

  it('refuses students, lecturers of another class and another college', async () => {
    expect((await list('mahasiswa', 'offline')).statusCode).toBe(403);
    expect((await list('lain', 'offline')).statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v2/lms/kehadiran_dosen/${meetings.offline}`,
      headers: { ...bearerHeaders(tokens.asing!), 'college-id': otherWorld.collegeId },
    });
    expect(foreign.statusCode).toBe(404);
    const coordinator = await send(
      'operator',
      'GET',
      `/v2/lms/kehadiran_dosen/${meetings.offline}/${users.koordinator!.userId}`,
    );
    expect(coordinator.statusCode).toBe(404);
    expect(coordinator.json().status.message).toBe(
      'Dosen ini tidak tercatat sebagai pengajar pada pertemuan ini.',
    );
  });
});

describe("the lecturer's own attendance button", () => {
  it('records the start, then the end, by server time, and then refuses', async () => {
    const url = `/v2/lms/kehadiran_dosen/${meetings.offline}/me`;
    expect((await send('dosen', 'GET', url)).json().data).toMatchObject({ tercatat: true, langkah: 'mulai' });
    const started = await send('dosen', 'PUT', url, { aksi: 'mulai' });
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({
      langkah: 'akhiri',
      kehadiran: { is_hadir: true, selesai_kuliah: null, tag: { label: 'Hadir', tone: 'primary' } },
    });
    expect(started.json().data.kehadiran.mulai_kuliah).not.toBeNull();
    const ended = await send('dosen', 'PUT', url, { aksi: 'akhiri' });
    expect(ended.json().data.langkah).toBe('selesai');
    const again = await send('dosen', 'PUT', url, { aksi: 'akhiri' });
    expect(again.statusCode).toBe(400);
    expect(again.json().status.message).toBe('Presensi dosen pada pertemuan ini sudah lengkap.');
  });

  it('refuses before the button shows, after 23:59 of the meeting day, and to the coordinator', async () => {
    const early = await send('dosen', 'PUT', `/v2/lms/kehadiran_dosen/${meetings.nanti}/me`, {
      aksi: 'mulai',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().status.message).toBe(
      'Presensi dosen belum dapat dilakukan. Tombol presensi tampil setelah pertemuan dimulai.',
    );
    const late = await send('asisten', 'PUT', `/v2/lms/kehadiran_dosen/${meetings.lalu}/me`, {
      aksi: 'mulai',
    });
    expect(late.json().status.message).toBe(
      'Batas waktu presensi dosen (pukul 23:59 pada hari pertemuan) sudah lewat.',
    );
    const own = (await send('asisten', 'GET', `/v2/lms/kehadiran_dosen/${meetings.lalu}/me`)).json().data;
    expect(own.langkah).toBe('lewat_batas');
    const coordinator = await send('koordinator', 'PUT', `/v2/lms/kehadiran_dosen/${meetings.offline}/me`, {
      aksi: 'mulai',
    });
    expect(coordinator.statusCode).toBe(403);
    expect(
      (await send('koordinator', 'GET', `/v2/lms/kehadiran_dosen/${meetings.offline}/me`)).json().data
        .tercatat,
    ).toBe(false);
  });

  it('shows after the configured minutes, or once the lecture started', async () => {
    await setSettings({ pengaturan_kelas: { tampil_tombol_presensi_dosen: { mulai: 30 } } });
    try {
      const url = `/v2/lms/kehadiran_dosen/${meetings.online}/me`;
      expect((await send('asisten', 'GET', url)).json().data.langkah).toBe('belum_tampil');
      await t.database.query(
        `update meetings set mulai_kuliah = now(), status = 'berlangsung' where id = $1`,
        [meetings.online],
      );
      expect((await send('asisten', 'GET', url)).json().data.langkah).toBe('mulai');
    } finally {
      await t.database.query(
        `update meetings set mulai_kuliah = null, status = 'belum_dimulai' where id = $1`,
        [meetings.online],
      );
      await setSettings(baseSettings);
    }
  });
});

describe('Ubah Kehadiran Pengajar (operators with write)', () => {
  it('needs the start and the end of a present lecturer, named in the message', async () => {
    const name = (await rowOf('online', 'dosen')).pengajar.nama_lengkap;
    const none = await edit('operator', 'online', 'dosen', { is_hadir: true, mulai_kuliah: null });
    expect(none.statusCode).toBe(400);
    expect(none.json().status.message).toBe(`Memulai kuliah dosen ${name} wajib diisi`);
    expect(none.json().detail.fields.map((f: { message: string }) => f.message)).toEqual([
      `Memulai kuliah dosen ${name} wajib diisi`,
      `Mengakhiri kuliah dosen ${name} wajib diisi`,
    ]);
    const noEnd = await edit('operator', 'online', 'dosen', {
      is_hadir: true,
      mulai_kuliah: minutes(0).toISOString(),
    });
    expect(noEnd.json().status.message).toBe(`Mengakhiri kuliah dosen ${name} wajib diisi`);
  });

  it('stores present and absent with the colours of spec 2 §4; absent clears the times', async () => {
    const present = await edit('operator', 'online', 'dosen', {
      is_hadir: true,
      mulai_kuliah: '2026-09-01T08:00:00+07:00',
      selesai_kuliah: '2026-09-01T10:00:00+07:00',
    });
    expect(present.statusCode).toBe(200);
    expect(present.json().data).toMatchObject({
      is_hadir: true,
      mulai_kuliah: '2026-09-01T01:00:00.000Z',
      tag: { label: 'Hadir', tone: 'success' },
      updated_by: { username: users.operator!.username },
    });
    const absent = await edit('operator', 'online', 'dosen', {
      is_hadir: false,
      mulai_kuliah: '2026-09-01T08:00:00+07:00',
      selesai_kuliah: '2026-09-01T10:00:00+07:00',
    });
    expect(absent.json().data).toMatchObject({
      is_hadir: false,
      mulai_kuliah: null,
      selesai_kuliah: null,
      tag: { label: 'Tidak Hadir', tone: 'danger' },
    });
    const offline = await edit('operator', 'offline', 'asisten', { is_hadir: false });
    expect(offline.json().data.tag).toEqual({ label: 'Tidak Hadir', tone: 'dark' });
    // The own button then says so instead of recording over the operator's mark.
    const own = await send('asisten', 'PUT', `/v2/lms/kehadiran_dosen/${meetings.offline}/me`, {
      aksi: 'mulai',
    });
    expect(own.json().status.message).toBe(
      'Anda tercatat tidak hadir pada pertemuan ini. Hubungi operator untuk mengubahnya.',
    );
  });

  it('is refused to lecturers, operators with read, other colleges, and before the meeting started', async () => {
    const body = { is_hadir: false };
    expect((await edit('dosen', 'online', 'asisten', body)).statusCode).toBe(403);
    expect((await edit('dosen', 'online', 'dosen', body)).statusCode).toBe(403);
    expect((await edit('pembaca', 'online', 'dosen', body)).statusCode).toBe(403);
    expect((await edit('mahasiswa', 'online', 'dosen', body)).statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/kehadiran_dosen/${meetings.online}/dosen/${world.teacher.userId}`,
      headers: { ...bearerHeaders(tokens.asing!), 'college-id': otherWorld.collegeId },
      payload: body,
    });
    expect(foreign.statusCode).toBe(404);
    const early = await edit('operator', 'nanti', 'dosen', body);
    expect(early.statusCode).toBe(400);
    expect(early.json().status.message).toBe(
      'Kehadiran dosen belum dapat diubah karena pertemuan belum dimulai.',
    );
    expect((await edit('operator', 'online', 'koordinator', body)).statusCode).toBe(404);
  });
});

describe('validation of lecturer attendance', () => {
  it('marks unvalidated records as warning while validation is on, and operators with write validate', async () => {
    const validasi = (who: string, lecturer: string, is_valid: boolean) =>
      send(
        who,
        'PUT',
        `/v2/lms/kehadiran_dosen/${meetings.offline}/dosen/${users[lecturer]!.userId}/validasi`,
        {
          is_valid,
        },
      );
    const off = await validasi('operator', 'dosen', true);
    expect(off.statusCode).toBe(400);
    expect(off.json().status.message).toBe('Validasi kehadiran dosen tidak aktif.');

    await setSettings({
      pengaturan_kelas: { ...baseSettings.pengaturan_kelas, validasi_kehadiran_dosen: true },
    });
    try {
      expect((await rowOf('offline', 'dosen')).tag).toEqual({ label: 'Belum Divalidasi', tone: 'warning' });
      expect((await list('operator', 'offline')).json().info.akses).toEqual({ ubah: true, validasi: true });
      expect((await validasi('pembaca', 'dosen', true)).statusCode).toBe(403);
      expect((await validasi('dosen', 'dosen', true)).statusCode).toBe(403);
      const done = await validasi('operator', 'dosen', true);
      expect(done.json().data).toMatchObject({ is_valid: true, tag: { label: 'Hadir', tone: 'primary' } });
      // The edit form's checkbox sets it in the same call.
      const edited = await edit('operator', 'offline', 'asisten', { is_hadir: false, is_valid: true });
      expect(edited.json().data).toMatchObject({ is_valid: true, tag: { tone: 'dark' } });
      const never = await validasi('operator', 'dosen', false);
      expect(never.json().data.tag.tone).toBe('warning');
    } finally {
      await setSettings(baseSettings);
    }
  });
});
