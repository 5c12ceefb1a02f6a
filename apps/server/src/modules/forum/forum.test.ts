import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumSchema, type Forum, type ForumPost } from '@lms/contract/forum.schema';
import { streamKey } from '../../platform/event-hub.ts';
import {
  createClassWorld,
  createForum,
  createUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let secondStudent: UserRef;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  secondStudent = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'mahasiswa',
    prodiId: world.prodiId,
  });
  await t.database.query(
    `insert into class_students (college_id, kelas_id, mahasiswa_id) values ($1, $2, $3)`,
    [world.collegeId, world.classId, secondStudent.userId],
  );
  const operator = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'operator',
    permissions: { kelas_kuliah: 'write' },
  });
  for (const [name, user] of [
    ['dosen', world.teacher],
    ['mahasiswa', world.student],
    ['mahasiswa2', secondStudent],
    ['operator', operator],
    ['asing', otherWorld.student],
  ] as const) {
    tokens[name] = (await signIn(t.app, user)).access_token;
  }
});
afterAll(async () => t.close());

const as = (who: string) => bearerHeaders(tokens[who]!);
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const send = (who: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
const form = (fields: object = {}) => ({
  id_pertemuan: world.meetingId,
  judul: 'Diskusi normalisasi',
  deskripsi: '<p>Jelaskan bentuk normal ketiga.</p>',
  waktu_mulai: minutes(-5),
  waktu_selesai: minutes(120),
  penilaian_keaktifan: true,
  minimal_post: 2,
  ...fields,
});

async function factOf(forumId: string, userId: string) {
  const [row] = await t.database.query<{ completed: boolean; post_count: number; score: number | null }>(
    `select f.completed, f.post_count, f.score::float as score from activity_facts f
       join activities a on a.college_id = f.college_id and a.id = f.activity_id
      where a.college_id = $1 and a.kind = 'forum' and a.content_id = $2 and f.mahasiswa_id = $3`,
    [world.collegeId, forumId, userId],
  );
  return row;
}

describe('the forum form', () => {
  it('creates a forum with minimal_post as an integer and counts it in the meeting', async () => {
    const res = await send('dosen', 'POST', '/v2/lms/forum', form());
    expect(res.statusCode).toBe(200);
    const forum = forumSchema.parse(res.json().data);
    expect(forum).toMatchObject({
      status: 'berlangsung',
      minimal_post: 2,
      penilaian_keaktifan: true,
      id_group_chat: world.classId,
      id_forum_chat: forum.id,
      akses: { ubah: true, posting: true },
    });
    const meeting = await send('dosen', 'GET', `/v2/lms/pertemuan/${world.meetingId}`);
    expect(meeting.json().data.count_activity.forum).toBeGreaterThanOrEqual(1);
  });

  it('answers missing fields and the time rules', async () => {
    const empty = await send('operator', 'POST', '/v2/lms/forum', {
      id_pertemuan: null,
      judul: ' ',
      deskripsi: '<p></p>',
      waktu_mulai: null,
      waktu_selesai: null,
      minimal_post: null,
    });
    expect(empty.json().detail.fields.map((f: { message: string }) => f.message)).toEqual([
      'Pertemuan wajib diisi',
      'Judul Forum wajib diisi',
      'Deskripsi wajib diisi',
      'Waktu Mulai wajib diisi',
      'Waktu Selesai wajib diisi',
      'Jumlah Minimal Komentar wajib diisi',
    ]);
    const short = await send(
      'dosen',
      'POST',
      '/v2/lms/forum',
      form({ waktu_mulai: minutes(10), waktu_selesai: minutes(13) }),
    );
    expect(short.json().status.message).toBe('Waktu selesai minimal 5 menit setelah waktu mulai');
    const fraction = await send('dosen', 'POST', '/v2/lms/forum', form({ minimal_post: 1.5 }));
    expect(fraction.json().status.message).toBe('Jumlah Minimal Komentar minimal 1');
  });

  it('keeps the start once a student joined, with the spec message', async () => {
    const { forumId } = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    expect((await send('mahasiswa', 'PUT', `/v2/lms/forum/${forumId}/join`)).statusCode).toBe(200);
    const moved = await send('dosen', 'PUT', `/v2/lms/forum/${forumId}`, form({ waktu_mulai: minutes(-3) }));
    expect(moved.json().status.message).toBe('Waktu mulai tidak bisa diubah karena sudah ada peserta forum');
    const lecturerView = (await send('dosen', 'GET', `/v2/lms/forum/${forumId}`)).json().data as Forum;
    expect(lecturerView.jumlah_peserta_join).toBe(1);
    expect(lecturerView.daftar_join_detail[0]).toMatchObject({
      role: 'mahasiswa',
      username: world.student.username,
    });
  });
});

describe('the discussion', () => {
  it('takes posts and replies, records post counts and the activity score, and tells the stream', async () => {
    const { forumId } = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      minimalPost: 2,
      penilaianKeaktifan: true,
    });
    const heard: unknown[] = [];
    const unsubscribe = t.app.events.subscribe(streamKey(world.collegeId, 'forum', forumId), (_event, data) =>
      heard.push(data),
    );
    await t.app.events.start();

    const first = await send('mahasiswa', 'POST', `/v2/lms/forum/${forumId}/post`, {
      isi: '<p>Bentuk normal ketiga menghapus ketergantungan transitif.<script>alert(1)</script></p>',
    });
    expect(first.statusCode).toBe(200);
    const post = first.json().data as ForumPost;
    expect(post.isi).not.toContain('<script>');
    expect(await factOf(forumId, world.student.userId)).toMatchObject({
      completed: false,
      post_count: 1,
      score: 50,
    });

    const reply = await send('dosen', 'POST', `/v2/lms/forum/${forumId}/post`, {
      isi: '<p>Tepat. Beri contohnya.</p>',
      parent_id: post.id,
    });
    expect(reply.json().data).toMatchObject({ parent_id: post.id, penulis: { role: 'dosen' } });
    await send('mahasiswa', 'POST', `/v2/lms/forum/${forumId}/post`, {
      isi: '<p>Contoh: kota → provinsi.</p>',
      parent_id: post.id,
    });
    expect(await factOf(forumId, world.student.userId)).toMatchObject({
      completed: true,
      post_count: 2,
      score: 100,
    });

    const list = (await send('mahasiswa2', 'GET', `/v2/lms/forum/${forumId}/post`)).json()
      .data as ForumPost[];
    expect(list).toHaveLength(3);
    expect(list.every((p) => !p.akses.ubah)).toBe(true);
    await expect.poll(() => heard.length).toBeGreaterThanOrEqual(3);
    unsubscribe();

    const empty = await send('mahasiswa2', 'POST', `/v2/lms/forum/${forumId}/post`, { isi: '<p> </p>' });
    expect(empty.json().status).toEqual({ code: 'komentar_kosong', message: 'Komentar wajib diisi' });
  });

  it('lets authors edit and delete only their own posts, keeping replies in place', async () => {
    const { forumId } = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    const post = (
      await send('mahasiswa', 'POST', `/v2/lms/forum/${forumId}/post`, { isi: '<p>Pertanyaan</p>' })
    ).json().data as ForumPost;
    await send('dosen', 'POST', `/v2/lms/forum/${forumId}/post`, {
      isi: '<p>Jawaban</p>',
      parent_id: post.id,
    });
    expect(
      (await send('mahasiswa2', 'PUT', `/v2/lms/forum/post/${post.id}`, { isi: '<p>x</p>' })).statusCode,
    ).toBe(403);
    const edited = await send('mahasiswa', 'PUT', `/v2/lms/forum/post/${post.id}`, {
      isi: '<p>Pertanyaan (diperjelas)</p>',
    });
    expect(edited.json().data).toMatchObject({ isi: '<p>Pertanyaan (diperjelas)</p>' });
    expect((await send('mahasiswa2', 'DELETE', `/v2/lms/forum/post/${post.id}`)).statusCode).toBe(403);
    expect((await send('mahasiswa', 'DELETE', `/v2/lms/forum/post/${post.id}`)).statusCode).toBe(200);
    const list = (await send('dosen', 'GET', `/v2/lms/forum/${forumId}/post`)).json().data as ForumPost[];
    expect(list.map((p) => [p.dihapus, p.isi])).toEqual([
      [true, ''],
      [false, '<p>Jawaban</p>'],
    ]);
  });

  it('is closed to students before the start and after the end, and to outsiders', async () => {
    const later = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      waktuMulai: new Date(Date.now() + 60 * 60_000),
      waktuSelesai: new Date(Date.now() + 120 * 60_000),
    });
    const early = await send('mahasiswa', 'POST', `/v2/lms/forum/${later.forumId}/post`, {
      isi: '<p>Halo</p>',
    });
    expect(early.json().status).toEqual({ code: 'forum_belum_dimulai', message: 'Forum belum dimulai.' });
    expect((await send('mahasiswa', 'GET', `/v2/lms/forum/${later.forumId}/post`)).statusCode).toBe(400);
    // Lecturers may open the discussion before it starts.
    expect(
      (await send('dosen', 'POST', `/v2/lms/forum/${later.forumId}/post`, { isi: '<p>Siapkan</p>' }))
        .statusCode,
    ).toBe(200);

    const ended = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      waktuMulai: new Date(Date.now() - 120 * 60_000),
      waktuSelesai: new Date(Date.now() - 60 * 60_000),
    });
    const late = await send('mahasiswa', 'POST', `/v2/lms/forum/${ended.forumId}/post`, {
      isi: '<p>Halo</p>',
    });
    expect(late.json().status).toEqual({ code: 'forum_sudah_selesai', message: 'Forum telah berakhir.' });
    expect((await send('asing', 'GET', `/v2/lms/forum/${ended.forumId}/post`)).statusCode).toBe(404);
    expect(
      (await send('asing', 'POST', `/v2/lms/forum/${ended.forumId}/post`, { isi: '<p>x</p>' })).statusCode,
    ).toBe(404);
  });

  it("lists the user's forums", async () => {
    const { forumId } = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    const mine = (await send('mahasiswa', 'GET', '/v2/lms/forum?per_page=50')).json().data as Forum[];
    expect(mine.map((f) => f.id)).toContain(forumId);
    const outsider = (await send('asing', 'GET', '/v2/lms/forum?per_page=50')).json().data as Forum[];
    expect(outsider.map((f) => f.id)).not.toContain(forumId);
  });
});
