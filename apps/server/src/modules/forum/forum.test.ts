import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumSchema, type Forum, type ForumPost } from '@lms/contract/forum.schema';
import { streamKey } from '../../platform/event-hub.ts';
import {
  createClass,
  createClassOperator,
  createClassWorld,
  createEnrolledStudent,
  createForum,
  createWorldUser,
  tinyPng,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, multipartBody, signInEach, type MultipartFile } from '../../testing/requests.ts';
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
  secondStudent = await createEnrolledStudent(t.database, world);
  // Same college, not of the class: a student of no class and the lecturer of another class.
  const otherLecturer = await createWorldUser(t.database, world, 'dosen');
  await createClass(t.database, { collegeId: world.collegeId, teachers: [otherLecturer.userId] });
  Object.assign(
    tokens,
    await signInEach(t.app, {
      dosen: world.teacher,
      mahasiswa: world.student,
      mahasiswa2: secondStudent,
      operator: await createClassOperator(t.database, world.collegeId),
      asing: otherWorld.student,
      mahasiswaLuar: await createWorldUser(t.database, world, 'mahasiswa'),
      dosenLain: otherLecturer,
      operatorLain: await createClassOperator(t.database, otherWorld.collegeId),
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
    // One class's forums (the class page from the grade recap): an operator reading, and nobody else's.
    const ofClass = await send(
      'operator',
      'GET',
      `/v2/lms/forum?per_page=50&id_kelas_kuliah=${world.classId}`,
    );
    expect(ofClass.statusCode, ofClass.body).toBe(200);
    const rows = ofClass.json().data as Forum[];
    expect(rows.map((f) => f.id)).toContain(forumId);
    expect(rows.every((f) => f.id_kelas_kuliah === world.classId)).toBe(true);
    const foreign = (
      await send('asing', 'GET', `/v2/lms/forum?per_page=50&id_kelas_kuliah=${world.classId}`)
    ).json().data as Forum[];
    expect(foreign).toEqual([]);
  });
});

describe('attachments on posts', () => {
  const fixture = (name: string) => readFileSync(new URL(`../../db/seed/files/${name}`, import.meta.url));
  const pdf = fixture('materi-pendahuluan.pdf');
  const zip = fixture('contoh-kode.zip');
  const file = (name: string, content: Buffer): MultipartFile => ({
    field: 'lampiran',
    name,
    type: 'application/octet-stream',
    content,
  });
  const postWith = (who: string, forumId: string, fields: Record<string, string>, files: MultipartFile[]) => {
    const body = multipartBody(fields, files);
    return t.app.inject({
      method: 'POST',
      url: `/v2/lms/forum/${forumId}/post`,
      headers: { ...as(who), ...body.headers },
      payload: body.payload,
    });
  };
  const attachmentRows = async (forumId: string) =>
    (
      await t.database.query<{ n: number }>(
        `select count(*)::int as n from forum_post_attachments where college_id = $1 and forum_id = $2`,
        [world.collegeId, forumId],
      )
    )[0]!.n;

  it('stores checked files with a post and serves them to members of the class only', async () => {
    const { forumId } = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    const res = await postWith('mahasiswa', forumId, { isi: '<p>Diagram ERD saya</p>' }, [
      file('erd.png', tinyPng),
      file('Laporan Praktikum.pdf', pdf),
    ]);
    expect(res.statusCode).toBe(200);
    const post = res.json().data as ForumPost;
    expect(post.lampiran.map((a) => [a.nama, a.ukuran, a.tipe])).toEqual([
      ['erd.png', tinyPng.length, 'image/png'],
      ['Laporan Praktikum.pdf', pdf.length, 'application/pdf'],
    ]);
    const [image, document] = post.lampiran;

    // A reply may be files only.
    const reply = await postWith('dosen', forumId, { isi: '', parent_id: post.id }, [
      file('catatan.pdf', pdf),
    ]);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ parent_id: post.id, lampiran: [{ nama: 'catatan.pdf' }] });

    const seen = await send('mahasiswa2', 'GET', image!.url);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(tinyPng)).toBe(true);
    expect(seen.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(seen.headers['content-disposition']).toMatch(/^inline; filename="erd.png"/);
    const downloaded = await send('dosen', 'GET', `${document!.url}?download=1`);
    expect(downloaded.headers['content-disposition']).toMatch(
      /^attachment; filename="Laporan Praktikum.pdf"/,
    );
    expect((await send('operator', 'GET', image!.url)).statusCode).toBe(200);
    const listed = (await send('mahasiswa2', 'GET', `/v2/lms/forum/${forumId}/post`)).json()
      .data as ForumPost[];
    expect(listed.flatMap((p) => p.lampiran.map((a) => a.nama))).toEqual([
      'erd.png',
      'Laporan Praktikum.pdf',
      'catatan.pdf',
    ]);

    // Outsiders: a student of no class, the lecturer of another class, another college, nobody.
    for (const who of ['mahasiswaLuar', 'dosenLain']) {
      const refused = await send(who, 'GET', image!.url);
      expect(refused.statusCode, who).toBe(403);
      expect(refused.headers['content-type']).toMatch(/json/);
    }
    const foreign = await t.app.inject({
      method: 'GET',
      url: image!.url,
      headers: bearerHeaders(tokens.operatorLain!, otherWorld.collegeId),
    });
    expect(foreign.statusCode).toBe(404);
    const wrongCollege = await t.app.inject({
      method: 'GET',
      url: image!.url,
      headers: bearerHeaders(tokens.operatorLain!, world.collegeId),
    });
    expect(wrongCollege.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: image!.url, headers: { 'college-id': world.collegeId } }))
        .statusCode,
    ).toBe(401);
    // The public file route does not serve a private key, even with the right college.
    const [stored] = await t.database.query<{ key: string }>(
      `select file_key as key from forum_post_attachments where college_id = $1 and id = $2`,
      [world.collegeId, image!.id],
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/v2/files/${stored!.key}?college-id=${world.collegeId}` }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad content behind a good extension, other extensions, too many and too large files', async () => {
    const { forumId } = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    const fake = await postWith('mahasiswa', forumId, { isi: '<p>Foto</p>' }, [
      file('foto.png', tinyPng),
      file('foto2.jpg', zip),
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().status).toEqual({
      code: 'file_tidak_valid',
      message: 'Isi berkas tidak sesuai dengan format .jpg.',
    });
    const exe = await postWith('mahasiswa', forumId, { isi: '<p>Program</p>' }, [file('setup.exe', pdf)]);
    expect(exe.json().status.message).toBe('File type .exe is not allowed');
    const many = await postWith(
      'mahasiswa',
      forumId,
      { isi: '<p>Banyak</p>' },
      Array.from({ length: 6 }, (_, i) => file(`g${i}.png`, tinyPng)),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().status.message).toBe('Maksimal 5 lampiran per komentar.');

    await t.database.query(
      `update colleges set settings = '{"pengaturan_sistem":{"ukuran_max_file":{"lampiran_forum":0.0005}}}' where id = $1`,
      [world.collegeId],
    );
    t.app.invalidateCollegeCache();
    try {
      const big = await postWith('mahasiswa', forumId, { isi: '<p>Besar</p>' }, [file('besar.pdf', pdf)]);
      expect(big.statusCode).toBe(413);
      expect(big.json().status).toEqual({
        code: 'file_terlalu_besar',
        message: 'Ukuran file tidak boleh lebih dari 0.00MB.',
      });
    } finally {
      await t.database.query(`update colleges set settings = '{}' where id = $1`, [world.collegeId]);
      t.app.invalidateCollegeCache();
    }
    // Nothing was kept of the refused posts.
    expect(await attachmentRows(forumId)).toBe(0);
    expect((await send('dosen', 'GET', `/v2/lms/forum/${forumId}/post`)).json().data).toEqual([]);
  });

  it('removes the files with their post, and with their forum', async () => {
    const { forumId } = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    const post = (await postWith('mahasiswa', forumId, { isi: '' }, [file('a.png', tinyPng)])).json()
      .data as ForumPost;
    const keyOf = async (id: string) =>
      (
        await t.database.query<{ key: string }>(
          `select file_key as key from forum_post_attachments where college_id = $1 and id = $2`,
          [world.collegeId, id],
        )
      )[0]?.key;
    // A post of files only may be edited to no text.
    expect(
      (await send('mahasiswa', 'PUT', `/v2/lms/forum/post/${post.id}`, { isi: '<p> </p>' })).statusCode,
    ).toBe(200);
    const key = (await keyOf(post.lampiran[0]!.id))!;
    expect(await t.app.files.get(key)).toBeDefined();
    expect((await send('mahasiswa', 'DELETE', `/v2/lms/forum/post/${post.id}`)).statusCode).toBe(200);
    expect(await keyOf(post.lampiran[0]!.id)).toBeUndefined();
    expect(await t.app.files.get(key)).toBeUndefined();
    expect((await send('dosen', 'GET', post.lampiran[0]!.url)).statusCode).toBe(404);

    const second = (
      await postWith('mahasiswa', forumId, { isi: '<p>Lagi</p>' }, [file('b.png', tinyPng)])
    ).json().data as ForumPost;
    const secondKey = (await keyOf(second.lampiran[0]!.id))!;
    expect((await send('dosen', 'DELETE', `/v2/lms/forum/${forumId}`)).statusCode).toBe(200);
    expect(await t.app.files.get(secondKey)).toBeUndefined();
  });

  it('keeps files of a forum that has not started from students', async () => {
    const { forumId } = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      waktuMulai: new Date(Date.now() + 60 * 60_000),
      waktuSelesai: new Date(Date.now() + 120 * 60_000),
    });
    const post = (await postWith('dosen', forumId, { isi: '<p>Bahan</p>' }, [file('bahan.pdf', pdf)])).json()
      .data as ForumPost;
    const early = await send('mahasiswa', 'GET', post.lampiran[0]!.url);
    expect(early.json().status).toEqual({ code: 'forum_belum_dimulai', message: 'Forum belum dimulai.' });
  });
});
