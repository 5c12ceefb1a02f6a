import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vidconSchema, type Vidcon } from '@lms/contract/vidcon.schema';
import {
  createClassOperator,
  createClassWorld,
  createVidcon,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signInEach, signToken } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let operator: UserRef;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  operator = await createClassOperator(t.database, world.collegeId);
  Object.assign(
    tokens,
    await signInEach(t.app, {
      dosen: world.teacher,
      mahasiswa: world.student,
      operator,
      asing: otherWorld.teacher,
    }),
  );
});
afterAll(async () => t.close());

const as = (who: string) => bearerHeaders(tokens[who]!);
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const send = (who: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

const form = (fields: object = {}) => ({
  id_pertemuan: world.meetingId,
  judul: 'Diskusi daring',
  aplikasi: 'zoom',
  link: 'https://zoom.example.org/j/123',
  catatan: 'Kamera dinyalakan.',
  waktu_mulai: minutes(60),
  waktu_selesai: minutes(120),
  ...fields,
});

async function factOf(vidconId: string) {
  const [row] = await t.database.query<{ completed: boolean; timing: string; joined_at: Date }>(
    `select f.completed, f.timing, f.joined_at from activity_facts f
       join activities a on a.college_id = f.college_id and a.id = f.activity_id
      where a.college_id = $1 and a.kind = 'vidcon' and a.content_id = $2 and f.mahasiswa_id = $3`,
    [world.collegeId, vidconId, world.student.userId],
  );
  return row;
}

describe('the vidcon form', () => {
  it('creates a vidcon in the meeting and counts it there', async () => {
    const res = await send('dosen', 'POST', '/v2/lms/vidcon', form());
    expect(res.statusCode).toBe(200);
    expect(vidconSchema.parse(res.json().data)).toMatchObject({
      judul: 'Diskusi daring',
      aplikasi: 'zoom',
      status: 'belum_dimulai',
      jumlah_peserta: 1,
      jumlah_peserta_join: 0,
      akses: { ubah: true, hapus: true, gabung: true },
    });
    const meeting = await send('dosen', 'GET', `/v2/lms/pertemuan/${world.meetingId}`);
    expect(meeting.json().data.count_activity.vidcon).toBeGreaterThanOrEqual(1);
  });

  it('answers each missing field and the time rules with the spec messages', async () => {
    const empty = await send('operator', 'POST', '/v2/lms/vidcon', {
      id_pertemuan: null,
      judul: '',
      aplikasi: null,
      link: ' ',
      waktu_mulai: null,
      waktu_selesai: null,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail.fields.map((f: { message: string }) => f.message)).toEqual([
      'Pertemuan wajib diisi',
      'Judul wajib diisi',
      'Aplikasi wajib diisi',
      'Link wajib diisi',
      'Waktu mulai wajib diisi',
      'Waktu selesai wajib diisi',
    ]);
    const backwards = await send('dosen', 'POST', '/v2/lms/vidcon', form({ waktu_selesai: minutes(30) }));
    expect(backwards.json().status.message).toBe('Waktu selesai tidak boleh kurang dari waktu mulai');
  });

  it('does not let the end move earlier once participants joined', async () => {
    const { vidconId } = await createVidcon(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    expect((await send('mahasiswa', 'PUT', `/v2/lms/vidcon/${vidconId}/join`)).statusCode).toBe(200);
    const current = (await send('dosen', 'GET', `/v2/lms/vidcon/${vidconId}`)).json().data as Vidcon;
    const earlier = await send(
      'dosen',
      'PUT',
      `/v2/lms/vidcon/${vidconId}`,
      form({
        waktu_mulai: current.waktu_mulai,
        waktu_selesai: new Date(Date.parse(current.waktu_selesai) - 10 * 60_000).toISOString(),
      }),
    );
    expect(earlier.json().status.message).toBe(
      'Waktu selesai tidak dapat dimajukan karena sudah ada peserta vidcon',
    );
    const renamed = await send(
      'dosen',
      'PUT',
      `/v2/lms/vidcon/${vidconId}`,
      form({
        judul: 'Diskusi (ganti judul)',
        waktu_mulai: current.waktu_mulai,
        waktu_selesai: current.waktu_selesai,
      }),
    );
    expect(renamed.json().data).toMatchObject({ judul: 'Diskusi (ganti judul)', jumlah_peserta_join: 1 });
  });

  it('lets only the class lecturers and operators with write edit', async () => {
    expect((await send('mahasiswa', 'POST', '/v2/lms/vidcon', form())).statusCode).toBe(403);
    expect((await send('asing', 'POST', '/v2/lms/vidcon', form())).statusCode).toBe(404);
    const created = (await send('operator', 'POST', '/v2/lms/vidcon', form())).json().data as Vidcon;
    expect((await send('mahasiswa', 'DELETE', `/v2/lms/vidcon/${created.id}`)).statusCode).toBe(403);
    expect((await send('dosen', 'DELETE', `/v2/lms/vidcon/${created.id}`)).statusCode).toBe(200);
    expect((await send('dosen', 'GET', `/v2/lms/vidcon/${created.id}`)).statusCode).toBe(404);
  });
});

describe('joining', () => {
  it('records a student who joins after the allowance as late, by the server clock', async () => {
    const { vidconId } = await createVidcon(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      waktuMulai: new Date(Date.now() - 20 * 60_000),
    });
    const res = await send('mahasiswa', 'PUT', `/v2/lms/vidcon/${vidconId}/join`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'berlangsung',
      join_saya: { terlambat: true },
      daftar_join_detail: [],
    });
    expect(await factOf(vidconId)).toMatchObject({ completed: true, timing: 'late' });

    const lecturerView = (await send('dosen', 'GET', `/v2/lms/vidcon/${vidconId}`)).json().data as Vidcon;
    expect(lecturerView.jumlah_peserta_join).toBe(1);
    expect(lecturerView.daftar_join_detail).toEqual([
      expect.objectContaining({ role: 'mahasiswa', username: world.student.username, terlambat: true }),
    ]);
  });

  it('records one on time before the allowance, keeps the first join, and refuses a finished vidcon', async () => {
    const { vidconId } = await createVidcon(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      waktuMulai: new Date(Date.now() - 2 * 60_000),
    });
    const first = (await send('mahasiswa', 'PUT', `/v2/lms/vidcon/${vidconId}/join`)).json().data as Vidcon;
    const again = (await send('mahasiswa', 'PUT', `/v2/lms/vidcon/${vidconId}/join`)).json().data as Vidcon;
    expect(again.join_saya).toEqual(first.join_saya);
    expect(await factOf(vidconId)).toMatchObject({ timing: 'on_time' });

    const ended = await createVidcon(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      waktuMulai: new Date(Date.now() - 120 * 60_000),
      waktuSelesai: new Date(Date.now() - 60 * 60_000),
    });
    const late = await send('mahasiswa', 'PUT', `/v2/lms/vidcon/${ended.vidconId}/join`);
    expect(late.json().status).toEqual({ code: 'vidcon_sudah_selesai', message: 'Vidcon telah berakhir.' });
    const view = (await send('mahasiswa', 'GET', `/v2/lms/vidcon/${ended.vidconId}`)).json().data as Vidcon;
    expect(view).toMatchObject({ status: 'selesai', akses: { gabung: false } });
  });

  it('refuses operators, outsiders and acting sessions, and lists the user vidcons', async () => {
    const { vidconId } = await createVidcon(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    expect((await send('operator', 'PUT', `/v2/lms/vidcon/${vidconId}/join`)).statusCode).toBe(403);
    expect((await send('asing', 'PUT', `/v2/lms/vidcon/${vidconId}/join`)).statusCode).toBe(404);
    const acting = await signToken(
      t.app,
      { userId: world.student.userId, collegeId: world.collegeId, role: 'mahasiswa' },
      { actorUserId: operator.userId },
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/vidcon/${vidconId}/join`,
      headers: bearerHeaders(acting),
    });
    expect(res.json().status.code).toBe('aktivitas_saat_login_akun_lain');

    const mine = await send('mahasiswa', 'GET', '/v2/lms/vidcon?status=berlangsung&per_page=50');
    expect((mine.json().data as Vidcon[]).map((v) => v.id)).toContain(vidconId);
    const outsider = await send('asing', 'GET', '/v2/lms/vidcon?per_page=50');
    expect((outsider.json().data as Vidcon[]).map((v) => v.id)).not.toContain(vidconId);
  });
});
