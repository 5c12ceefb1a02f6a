import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingQrCodeSchema, qrCheckInResultSchema } from '@lms/contract/qr-attendance.schema';
import { qrSlotOf } from '@lms/contract/qr-attendance.rules';
import {
  createClass,
  createClassWorld,
  createMeeting,
  createUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signIn, signToken } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { QrCodeSigner } from './qr-code-signer.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let signer: QrCodeSigner;
const users: Record<string, UserRef> = {};
const tokens: Record<string, string> = {};
const meetings: Record<string, string> = {};

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const qrOn = { aturan_qr_code: { status: true } };

async function setSettings(collegeId: string, settings: object) {
  await t.database.query(`update colleges set settings = $1 where id = $2`, [
    JSON.stringify(settings),
    collegeId,
  ]);
  t.app.invalidateCollegeCache();
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  signer = new QrCodeSigner(t.app.config.tokenSecret);
  world = await createClassWorld(t.database, { settings: qrOn });
  otherWorld = await createClassWorld(t.database, { settings: qrOn });
  const c = world.collegeId;
  users.dosen = world.teacher;
  users.mahasiswa = world.student;
  users.kedua = await createUser(t.database, { collegeId: c, role: 'mahasiswa' });
  users.luar = await createUser(t.database, { collegeId: c, role: 'mahasiswa' });
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
  users.asing = otherWorld.student;
  const kelas = await createClass(t.database, {
    collegeId: c,
    courseId: world.courseId,
    teachers: [world.teacher.userId],
    studentIds: [world.student.userId, users.kedua.userId],
  });
  await createClass(t.database, {
    collegeId: c,
    courseId: world.courseId,
    teachers: [users.lain.userId],
    studentIds: [users.luar.userId],
  });
  const meeting = async (name: string, jenis: 'online' | 'offline' | 'campuran', startMin: number) => {
    meetings[name] = (
      await createMeeting(t.database, {
        collegeId: c,
        classId: kelas.classId,
        jenis,
        waktuMulai: minutes(startMin),
        waktuSelesai: minutes(startMin + 100),
      })
    ).meetingId;
  };
  await meeting('offline', 'offline', -10);
  await meeting('campuran', 'campuran', -10);
  await meeting('online', 'online', -10);
  await meeting('nanti', 'offline', 60);
  for (const [name, user] of Object.entries(users)) tokens[name] = (await signIn(t.app, user)).access_token;
});
afterAll(async () => t.close());

const qrOf = (who: string, meeting: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetings[meeting]}/qr`,
    headers: bearerHeaders(tokens[who]!),
  });
const checkIn = (who: string, kode: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/lms/kehadiran_mahasiswa/presensi_qr',
    headers: bearerHeaders(tokens[who]!),
    payload: { kode },
  });
const codeOf = async (meeting: string) => (await qrOf('dosen', meeting)).json().data.kode as string;

async function markOf(studentId: string, meeting: string) {
  const [row] = await t.database.query<{ presensi: string; source: string; updated_by: string }>(
    `select presensi, source, updated_by from student_attendance where college_id = $1 and pertemuan_id = $2 and mahasiswa_id = $3`,
    [world.collegeId, meetings[meeting], studentId],
  );
  return row;
}

describe('the QR code of a meeting', () => {
  it('gives the teacher and operators with write a signed code of our check-in page, the same within a slot', async () => {
    const res = await qrOf('dosen', 'offline');
    expect(res.statusCode).toBe(200);
    const qr = meetingQrCodeSchema.parse(res.json().data);
    expect(qr.url).toBe(`${t.app.config.publicUrl}/presensi-qr?kode=${encodeURIComponent(qr.kode)}`);
    expect(qr.interval_detik).toBe(30);
    expect(Date.parse(qr.berganti_pada) - Date.now()).toBeLessThanOrEqual(30_000);
    const claims = await signer.verify(qr.kode);
    expect(claims).toMatchObject({ collegeId: world.collegeId, meetingId: meetings.offline });
    expect((await qrOf('operator', 'campuran')).statusCode).toBe(200);
  });

  it('is refused to students, other lecturers, operators with read and another college', async () => {
    expect((await qrOf('mahasiswa', 'offline')).statusCode).toBe(403);
    expect((await qrOf('lain', 'offline')).statusCode).toBe(403);
    expect((await qrOf('pembaca', 'offline')).statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetings.offline}/qr`,
      headers: { ...bearerHeaders(tokens.asing!), 'college-id': otherWorld.collegeId },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('is only for offline and mixed meetings', async () => {
    const online = await qrOf('dosen', 'online');
    expect(online.statusCode).toBe(400);
    expect(online.json().status.message).toBe('Kode QR hanya untuk pertemuan offline atau campuran.');
  });
});

describe('checking in by QR', () => {
  it('marks a student of the class present with source qr, once', async () => {
    const kode = await codeOf('offline');
    const res = await checkIn('mahasiswa', kode);
    expect(res.statusCode).toBe(200);
    expect(qrCheckInResultSchema.parse(res.json().data)).toMatchObject({
      tercatat: true,
      presensi: 'H',
      sumber: 'qr',
      pesan: expect.stringMatching(/^Presensi berhasil\. Anda tercatat hadir pada pertemuan \d+\.$/),
    });
    expect(await markOf(world.student.userId, 'offline')).toEqual({
      presensi: 'H',
      source: 'qr',
      updated_by: world.student.userId,
    });
    const again = await checkIn('mahasiswa', kode);
    expect(again.json().data).toMatchObject({
      tercatat: false,
      pesan: 'Anda sudah tercatat hadir melalui kode QR pada pertemuan ini.',
    });
  });

  it('never overwrites a manual mark', async () => {
    await t.database.query(
      `insert into student_attendance (college_id, pertemuan_id, mahasiswa_id, presensi, source, updated_by)
       values ($1, $2, $3, 'S', 'manual', $4)`,
      [world.collegeId, meetings.campuran, users.kedua!.userId, world.teacher.userId],
    );
    const res = await checkIn('kedua', await codeOf('campuran'));
    expect(res.json().data).toMatchObject({
      tercatat: false,
      presensi: 'S',
      sumber: 'manual',
      pesan: 'Kehadiran Anda pada pertemuan ini sudah diisi oleh pengajar.',
    });
    expect(await markOf(users.kedua!.userId, 'campuran')).toMatchObject({ presensi: 'S', source: 'manual' });
  });

  it('refuses a code older than a minute, a forged one, and one for a meeting not under way', async () => {
    const old = await signer.sign({
      collegeId: world.collegeId,
      meetingId: meetings.offline!,
      slot: qrSlotOf(new Date()) - 3,
    });
    const stale = await checkIn('kedua', old);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().status.message).toBe(
      'Kode QR sudah kedaluwarsa. Pindai kode QR yang sedang tampil di kelas.',
    );
    const forged = await checkIn('kedua', `${(await codeOf('offline')).slice(0, -4)}AAAA`);
    expect(forged.json().status.message).toBe('Kode QR tidak valid.');
    const future = await signer.sign({
      collegeId: world.collegeId,
      meetingId: meetings.nanti!,
      slot: qrSlotOf(new Date()),
    });
    const early = await checkIn('kedua', future);
    expect(early.statusCode).toBe(400);
    expect(early.json().status.message).toBe(
      'Presensi QR hanya dapat dilakukan selama waktu pertemuan berlangsung.',
    );
    expect(await markOf(users.kedua!.userId, 'offline')).toBeUndefined();
  });

  it('refuses a student of another class and of another college', async () => {
    const kode = await codeOf('offline');
    const outsider = await checkIn('luar', kode);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().status.message).toBe('Anda tidak terdaftar di kelas pertemuan ini.');
    const foreign = await checkIn('asing', kode);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().status.message).toBe('Kode QR ini bukan untuk perguruan tinggi Anda.');
    expect(await markOf(users.luar!.userId, 'offline')).toBeUndefined();
  });

  it('refuses lecturers, operators acting for a student, and everything while QR is off', async () => {
    const kode = await codeOf('offline');
    expect((await checkIn('dosen', kode)).statusCode).toBe(403);
    const acting = await signToken(
      t.app,
      { userId: users.kedua!.userId, collegeId: world.collegeId, role: 'mahasiswa' },
      { actorUserId: users.operator!.userId },
    );
    const actingRes = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/kehadiran_mahasiswa/presensi_qr',
      headers: bearerHeaders(acting),
      payload: { kode },
    });
    expect(actingRes.json().status.code).toBe('aktivitas_saat_login_akun_lain');

    await setSettings(world.collegeId, {});
    try {
      const off = await checkIn('kedua', kode);
      expect(off.statusCode).toBe(400);
      expect(off.json().status.message).toBe('Presensi dengan kode QR tidak aktif.');
      expect((await qrOf('dosen', 'offline')).json().status.message).toBe(
        'Presensi dengan kode QR tidak aktif.',
      );
    } finally {
      await setSettings(world.collegeId, qrOn);
    }
  });
});
