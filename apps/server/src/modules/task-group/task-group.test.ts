import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassGroups, TaskGroup } from '@lms/contract/task-group.schema';
import {
  createClass,
  createClassOperator,
  createClassWorld,
  createEnrolledStudent,
  createTask,
  createWorldUser,
  tinyPng,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, multipartBody, signInEach } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
const students: Array<UserRef & { nim: string }> = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  const all = [world.student];
  for (let i = 0; i < 11; i++) all.push(await createEnrolledStudent(t.database, world));
  for (const user of all) {
    const [row] = await t.database.query<{ nim: string }>(`select nim from students where user_id = $1`, [
      user.userId,
    ]);
    students.push({ ...user, nim: row!.nim });
  }
  const otherLecturer = await createWorldUser(t.database, world, 'dosen');
  await createClass(t.database, { collegeId: world.collegeId, teachers: [otherLecturer.userId] });
  Object.assign(
    tokens,
    await signInEach(t.app, {
      dosen: world.teacher,
      mhs: world.student,
      mhs2: students[1]!,
      operator: await createClassOperator(t.database, world.collegeId),
      dosenLain: otherLecturer,
      operatorLain: await createClassOperator(t.database, otherWorld.collegeId),
      asing: otherWorld.student,
    }),
  );
});
afterAll(async () => t.close());

const as = (who: string) => bearerHeaders(tokens[who]!);
const send = (who: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
const groupsUrl = () => `/v2/lms/kelas_kuliah/${world.classId}/kelompok`;
const roles = (g: TaskGroup) => g.anggota.map((a) => `${a.mahasiswa.nim}:${a.jabatan}`);
const member = (i: number) => ({ mahasiswa: { nim: students[i]!.nim } });

async function clearGroups() {
  await t.database.query(`delete from task_groups where kelas_id = $1`, [world.classId]);
}

describe('group form and member rules', () => {
  it('creates a group whose first member leads, and refuses a student already in a group', async () => {
    await clearGroups();
    const res = await send('dosen', 'POST', groupsUrl(), {
      nama: 'Kelompok A',
      anggota: [member(0), member(1), member(2)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json<{ data: TaskGroup }>().data;
    expect(roles(group)).toEqual([
      `${students[0]!.nim}:ketua`,
      `${students[1]!.nim}:anggota`,
      `${students[2]!.nim}:anggota`,
    ]);
    expect(group.anggota.every((a) => a.canDelete)).toBe(true);
    const twice = await send('dosen', 'POST', groupsUrl(), { nama: 'Kelompok B', anggota: [member(1)] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().status.message).toMatch(/sudah tergabung dalam kelompok lain/);
    const stranger = await send('dosen', 'POST', groupsUrl(), {
      nama: 'Kelompok C',
      anggota: [{ mahasiswa: { nim: 'bukan' } }],
    });
    expect(stranger.statusCode).toBe(400);
  });

  it('Jadikan Ketua Kelompok turns every other member into anggota', async () => {
    const { kelompok } = (await send('dosen', 'GET', groupsUrl())).json<{ data: ClassGroups }>().data;
    const group = kelompok.find((g) => g.nama === 'Kelompok A')!;
    const res = await send('dosen', 'PUT', `/v2/lms/kelompok/${group.id}/ketua`, { nim: students[2]!.nim });
    expect(roles(res.json<{ data: TaskGroup }>().data)).toEqual([
      `${students[0]!.nim}:anggota`,
      `${students[1]!.nim}:anggota`,
      `${students[2]!.nim}:ketua`,
    ]);
  });

  it('Hapus Anggota of the leader promotes the first remaining member; adding joins as anggota', async () => {
    const { kelompok } = (await send('dosen', 'GET', groupsUrl())).json<{ data: ClassGroups }>().data;
    const group = kelompok.find((g) => g.nama === 'Kelompok A')!;
    const res = await send('dosen', 'DELETE', `/v2/lms/kelompok/${group.id}/anggota/${students[2]!.nim}`);
    expect(roles(res.json<{ data: TaskGroup }>().data)).toEqual([
      `${students[0]!.nim}:ketua`,
      `${students[1]!.nim}:anggota`,
    ]);
    const added = await send('dosen', 'POST', `/v2/lms/kelompok/${group.id}/anggota`, {
      nim: students[3]!.nim,
    });
    expect(roles(added.json<{ data: TaskGroup }>().data).at(-1)).toBe(`${students[3]!.nim}:anggota`);
    const renamed = await send('dosen', 'PUT', `/v2/lms/kelompok/${group.id}`, { nama: 'Kelompok Elang' });
    expect(renamed.json<{ data: TaskGroup }>().data.nama).toBe('Kelompok Elang');
  });

  it('keeps a member who handed in for the group (canDelete false) and a group that handed in', async () => {
    const { kelompok } = (await send('dosen', 'GET', groupsUrl())).json<{ data: ClassGroups }>().data;
    const group = kelompok.find((g) => g.nama === 'Kelompok Elang')!;
    const { taskId } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      jenis: 'kelompok',
    });
    const body = multipartBody(
      { teks: '<p>Jawaban</p>' },
      { field: 'file', name: 'a.png', type: 'image/png', content: tinyPng },
    );
    const handed = await t.app.inject({
      method: 'POST',
      url: `/v2/lms/tugas/${taskId}/pengumpulan`,
      headers: { ...as('mhs2'), ...body.headers },
      payload: body.payload,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    const after = (await send('mhs', 'GET', `/v2/lms/kelompok/${group.id}`)).json<{ data: TaskGroup }>().data;
    expect(after.sudah_mengumpulkan).toBe(true);
    expect(after.anggota.find((a) => a.mahasiswa.nim === students[1]!.nim)!.canDelete).toBe(false);
    expect(after.anggota.find((a) => a.mahasiswa.nim === students[0]!.nim)!.canDelete).toBe(true);
    const refused = await send('dosen', 'DELETE', `/v2/lms/kelompok/${group.id}/anggota/${students[1]!.nim}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status.message).toMatch(/sudah mengumpulkan tugas/);
    expect((await send('dosen', 'DELETE', `/v2/lms/kelompok/${group.id}`)).statusCode).toBe(409);
    const reform = await send('dosen', 'POST', `${groupsUrl()}/bentuk`, {
      cara: 'acak',
      anggota_per_kelompok: 3,
      ganti: true,
    });
    expect(reform.statusCode).toBe(409);
    await t.database.query(`delete from tasks where id = $1`, [taskId]);
    expect((await send('dosen', 'DELETE', `/v2/lms/kelompok/${group.id}`)).statusCode).toBe(200);
  });
});

describe('forming a whole class in one step', () => {
  it('forms random groups for every enrolled student, and refuses to replace without ganti', async () => {
    await clearGroups();
    const res = await send('dosen', 'POST', `${groupsUrl()}/bentuk`, {
      cara: 'acak',
      anggota_per_kelompok: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: ClassGroups }>().data;
    expect(data.kelompok.map((g) => g.anggota.length).sort()).toEqual([4, 4, 4]);
    expect(data.tanpa_kelompok).toEqual([]);
    expect(data.kelompok.every((g) => g.anggota.filter((a) => a.jabatan === 'ketua').length === 1)).toBe(
      true,
    );
    const again = await send('dosen', 'POST', `${groupsUrl()}/bentuk`, {
      cara: 'acak',
      anggota_per_kelompok: 5,
    });
    expect(again.statusCode).toBe(409);
    const manual = await send('operator', 'POST', `${groupsUrl()}/bentuk`, {
      cara: 'manual',
      ganti: true,
      kelompok: [
        { nama: 'Satu', anggota: [member(4), member(5)] },
        { nama: 'Dua', anggota: [member(6)] },
      ],
    });
    const formed = manual.json<{ data: ClassGroups }>().data;
    expect(formed.kelompok.map((g) => g.nama)).toEqual(['Satu', 'Dua']);
    expect(formed.tanpa_kelompok).toHaveLength(9);
  });
});

describe('who may', () => {
  it('lets students of the class read, and only the class’s lecturers and writing operators change', async () => {
    const read = await send('mhs', 'GET', groupsUrl());
    expect(read.statusCode).toBe(200);
    expect(read.json<{ data: ClassGroups }>().data.akses.ubah).toBe(false);
    expect((await send('dosen', 'GET', groupsUrl())).json<{ data: ClassGroups }>().data.akses.ubah).toBe(
      true,
    );
    const group = read.json<{ data: ClassGroups }>().data.kelompok[0]!;
    for (const who of ['mhs', 'dosenLain']) {
      expect((await send(who, 'POST', groupsUrl(), { nama: 'X', anggota: [] })).statusCode, who).toBe(403);
      expect((await send(who, 'PUT', `/v2/lms/kelompok/${group.id}`, { nama: 'X' })).statusCode, who).toBe(
        403,
      );
      expect((await send(who, 'DELETE', `/v2/lms/kelompok/${group.id}`)).statusCode, who).toBe(403);
    }
    expect((await send('asing', 'GET', groupsUrl())).statusCode).toBe(404);
    expect((await send('operatorLain', 'GET', `/v2/lms/kelompok/${group.id}`)).statusCode).toBe(404);
    expect((await send('operatorLain', 'DELETE', `/v2/lms/kelompok/${group.id}`)).statusCode).toBe(404);
  });
});
