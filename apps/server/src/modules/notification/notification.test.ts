import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, NotificationPreference } from '@lms/contract/notification.schema';
import {
  createClassWorld,
  createEnrolledStudent,
  createUser,
  createWorldUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, multipartBody, signInEach } from '../../testing/requests.ts';
import { openSseClient } from '../../testing/sse-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { settleNotifications } from './notification.testing.ts';
import { fanOutDueEvents } from './notification.service.ts';

let t: TestApp;
let world: ClassWorld;
let classmate: UserRef;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  world = await createClassWorld(t.database);
  classmate = await createEnrolledStudent(t.database, world);
  // A second class of the same college with a student of its own.
  const otherClassStudent = await createWorldUser(t.database, world, 'mahasiswa');
  Object.assign(
    tokens,
    await signInEach(t.app, {
      dosen: world.teacher,
      mhs: world.student,
      teman: classmate,
      luar: otherClassStudent,
      operator: await createUser(t.database, {
        collegeId: world.collegeId,
        role: 'operator',
        permissions: { kelas_kuliah: 'write', pengumuman: 'write' },
      }),
    }),
  );
});
afterAll(async () => t.close());

const as = (who: string) => bearerHeaders(tokens[who]!);
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const send = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

async function listOf(who: string): Promise<NotificationList> {
  const res = await send(who, 'GET', '/v2/lms/notifikasi');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationList>();
}

async function postTask(judul: string) {
  const body = multipartBody({
    id_pertemuan: world.meetingId,
    judul,
    deskripsi: '<p>Tulis laporan.</p>',
    jenis: 'individu',
    waktu_mulai: minutes(-5),
    waktu_selesai: minutes(120),
    tipe_file_jawaban: 'pdf',
    terima_terlambat: 'false',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/lms/tugas',
    headers: { ...as('dosen'), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: string } }>().data.id;
}

async function postMaterial(judul: string, shownAt: string | null) {
  const body = multipartBody({
    id_pertemuan: world.meetingId,
    judul,
    deskripsi: '<p>Bacaan.</p>',
    jenis_materi: 'modul',
    tipe_file: 'url',
    file_url: 'https://example.org/bacaan',
    tampil_sekarang: shownAt ? 'false' : 'true',
    ...(shownAt ? { waktu_mulai_tampil: shownAt } : {}),
    is_syarat_hadir: 'false',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/lms/materi',
    headers: { ...as('dosen'), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: string } }>().data.id;
}

describe('who gets what', () => {
  it('tells the class’s students of a new task once, not its lecturer nor another class’s student', async () => {
    const taskId = await postTask('Laporan praktikum notifikasi');
    await settleNotifications(t.database);
    const mine = await listOf('mhs');
    const item = mine.data.find((n) => n.sumber.id === taskId);
    expect(item).toMatchObject({
      jenis: 'tugas',
      judul: 'Laporan praktikum notifikasi',
      tautan: `/tugas/${taskId}`,
    });
    expect(item?.dibaca_pada).toBeNull();
    expect((await listOf('teman')).data.some((n) => n.sumber.id === taskId)).toBe(true);
    expect((await listOf('dosen')).data.some((n) => n.sumber.id === taskId)).toBe(false);
    expect((await listOf('luar')).data.some((n) => n.sumber.id === taskId)).toBe(false);
    expect((await listOf('operator')).data.some((n) => n.sumber.id === taskId)).toBe(false);

    // The job run again (a retry, a second instance) makes nothing twice.
    expect(await fanOutDueEvents(t.app.db)).toBe(0);
    const rows = await t.database.query<{ n: number }>(
      `select count(*)::int as n from notifications where college_id = $1 and resource_id = $2`,
      [world.collegeId, taskId],
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('holds a material back until its show time', async () => {
    const later = await postMaterial('Bacaan minggu depan', minutes(60));
    const now = await postMaterial('Bacaan hari ini', null);
    await settleNotifications(t.database);
    const ids = (await listOf('mhs')).data.map((n) => n.sumber.id);
    expect(ids).toContain(now);
    expect(ids).not.toContain(later);
    // An hour later the job finds it due.
    await fanOutDueEvents(t.app.db, () => new Date(Date.now() + 61 * 60_000));
    expect((await listOf('mhs')).data.map((n) => n.sumber.id)).toContain(later);
  });

  it('moves a material’s notification with its show time while it is not sent yet', async () => {
    const id = await postMaterial('Bacaan yang diundur', minutes(30));
    const body = multipartBody({
      judul: 'Bacaan yang diundur',
      deskripsi: '<p>Bacaan.</p>',
      jenis_materi: 'modul',
      tipe_file: 'url',
      file_url: 'https://example.org/bacaan',
      tampil_sekarang: 'false',
      waktu_mulai_tampil: minutes(180),
      is_syarat_hadir: 'false',
    });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/materi/${id}`,
      headers: { ...as('dosen'), ...body.headers },
      payload: body.payload,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await fanOutDueEvents(t.app.db, () => new Date(Date.now() + 61 * 60_000));
    expect((await listOf('mhs')).data.map((n) => n.sumber.id)).not.toContain(id);
    await fanOutDueEvents(t.app.db, () => new Date(Date.now() + 181 * 60_000));
    expect((await listOf('mhs')).data.map((n) => n.sumber.id)).toContain(id);
  });

  it('sends nothing of a kind the student turned off in the app, and keeps the other choices', async () => {
    const off = await send('teman', 'PUT', '/v2/lms/notifikasi/preferensi', {
      preferensi: [{ jenis: 'tugas', kanal: 'in_app', aktif: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    const choices = off.json<{ data: NotificationPreference[] }>().data;
    expect(choices.find((c) => c.jenis === 'tugas' && c.kanal === 'in_app')?.aktif).toBe(false);
    expect(choices.find((c) => c.jenis === 'pengingat_ujian' && c.kanal === 'email')?.aktif).toBe(true);
    const taskId = await postTask('Tugas yang tidak diberitahukan');
    await settleNotifications(t.database);
    expect((await listOf('teman')).data.some((n) => n.sumber.id === taskId)).toBe(false);
    expect((await listOf('mhs')).data.some((n) => n.sumber.id === taskId)).toBe(true);
  });

  it('tells every student and lecturer of an announcement, not the operator who wrote it', async () => {
    const res = await send('operator', 'POST', '/v2/lms/pengumuman', {
      judul: 'Libur semester',
      isi: '<p>Kampus libur.</p>',
      tanggal_publish: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { id: string } }>().data.id;
    await settleNotifications(t.database);
    for (const who of ['mhs', 'dosen', 'luar'])
      expect((await listOf(who)).data.some((n) => n.sumber.id === id && n.jenis === 'pengumuman')).toBe(true);
    expect((await listOf('operator')).data.some((n) => n.sumber.id === id)).toBe(false);
  });
});

describe('the other content hooks', () => {
  const idsOf = async (who: string) => (await listOf(who)).data.map((n) => `${n.jenis}:${n.sumber.id}`);

  it('tells of a forum and of published task scores (once, not when withdrawn)', async () => {
    const forum = await send('dosen', 'POST', '/v2/lms/forum', {
      id_pertemuan: world.meetingId,
      judul: 'Diskusi notifikasi',
      deskripsi: '<p>Diskusikan.</p>',
      waktu_mulai: minutes(-5),
      waktu_selesai: minutes(120),
      penilaian_keaktifan: false,
      minimal_post: 1,
    });
    expect(forum.statusCode, forum.body).toBe(200);
    const taskId = await postTask('Tugas yang dinilai');
    for (const publikasi of [true, false, true])
      expect(
        (await send('dosen', 'PUT', `/v2/lms/tugas/${taskId}/publikasi`, { publikasi })).statusCode,
      ).toBe(200);
    await settleNotifications(t.database);
    const ids = await idsOf('mhs');
    expect(ids).toContain(`forum:${forum.json().data.id}`);
    expect(ids.filter((id) => id === `nilai_tugas:${taskId}`)).toHaveLength(1);
  });

  it('tells of an exam only once it is shown and has a question', async () => {
    const created = await send('dosen', 'POST', '/v2/lms/ujian', {
      id_pertemuan: world.meetingId,
      judul: 'Kuis notifikasi',
      deskripsi: '<p>Kerjakan.</p>',
      jenis: 'kuis',
      sifat: 'close',
      gunakan_batas_waktu: true,
      durasi: 30,
      waktu_mulai: minutes(-5),
      waktu_selesai: minutes(120),
    });
    expect(created.statusCode, created.body).toBe(200);
    const examId = created.json().data.id as string;
    await settleNotifications(t.database);
    expect(await idsOf('mhs')).not.toContain(`ujian:${examId}`);
    const group = (
      await send('dosen', 'POST', `/v2/lms/ujian/${examId}/kelompok_soal`, { aturan: 'semua' })
    ).json().data as { id: string };
    const question = await send('dosen', 'POST', `/v2/lms/ujian/${examId}/kelompok_soal/${group.id}/soal`, {
      pertanyaan: '<p>Benar?</p>',
      isi: { jenis: 'benar_salah', kunci: true },
    });
    expect(question.statusCode, question.body).toBe(200);
    await settleNotifications(t.database);
    const mine = (await listOf('mhs')).data.find((n) => n.sumber.id === examId);
    expect(mine).toMatchObject({ jenis: 'ujian', judul: 'Kuis notifikasi', tautan: `/ujian/${examId}` });
    expect(await idsOf('luar')).not.toContain(`ujian:${examId}`);
  });
});

describe('reading', () => {
  it('marks one read only for its owner, and all at once', async () => {
    const before = await listOf('mhs');
    expect(before.meta.belum_dibaca).toBeGreaterThan(1);
    const first = before.data[0]!;
    expect((await send('teman', 'PUT', `/v2/lms/notifikasi/${first.id}/dibaca`)).statusCode).toBe(404);
    expect((await send('operator', 'PUT', `/v2/lms/notifikasi/${first.id}/dibaca`)).statusCode).toBe(404);
    const read = await send('mhs', 'PUT', `/v2/lms/notifikasi/${first.id}/dibaca`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.belum_dibaca).toBe(before.meta.belum_dibaca - 1);
    const all = await send('mhs', 'PUT', '/v2/lms/notifikasi/dibaca-semua');
    expect(all.json().data.belum_dibaca).toBe(0);
    expect((await listOf('mhs')).data.every((n) => n.dibaca_pada !== null)).toBe(true);
    expect((await listOf('teman')).meta.belum_dibaca).toBeGreaterThan(0);
  });

  it('lists newest first, paged', async () => {
    const res = await send('mhs', 'GET', '/v2/lms/notifikasi?per_page=2&page=1');
    const page = res.json<NotificationList>();
    expect(page.data).toHaveLength(2);
    expect(page.data[0]!.dibuat_pada >= page.data[1]!.dibuat_pada).toBe(true);
    expect(page.meta.total_items).toBeGreaterThan(2);
    expect((await send('mhs', 'GET', '/v2/lms/notifikasi?per_page=500')).statusCode).toBe(400);
  });
});

describe('the header’s stream', () => {
  it('carries the unread count on connect and when a notification arrives', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const client = await openSseClient(
      `http://127.0.0.1:${address.port}/v2/lms/events?stream=sistem&access_token=${tokens.mhs}&college-id=${world.collegeId}`,
    );
    try {
      const first = await client.next((m) => m.event === 'notifikasi');
      expect(JSON.parse(first.data!)).toEqual({ belum_dibaca: 0 });
      await postTask('Tugas yang datang langsung');
      const live = await client.next((m) => m.event === 'notifikasi' && m !== first, 5_000);
      expect(JSON.parse(live.data!)).toEqual({ belum_dibaca: 1 });
    } finally {
      client.close();
    }
  });
});
