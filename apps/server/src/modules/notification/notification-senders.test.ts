import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentGroupId, commentThreadId } from '@lms/contract/chat.rules';
import type { NotificationList } from '@lms/contract/notification.schema';
import {
  createClassWorld,
  createEnrolledStudent,
  createExam,
  createForum,
  createWorldUser,
  tinyPng,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, multipartBody, signInEach } from '../../testing/requests.ts';
import { createTestApp, setFeeRestriction, type TestApp } from '../../testing/test-app.ts';
import { sendDueReminders } from './notification-reminder.service.ts';
import { fanOutDueEvents } from './notification.service.ts';
import { settleNotifications } from './notification.testing.ts';

let t: TestApp;
let world: ClassWorld;
let classmate: UserRef;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  classmate = await createEnrolledStudent(t.database, world);
  Object.assign(
    tokens,
    await signInEach(t.app, {
      dosen: world.teacher,
      mhs: world.student,
      teman: classmate,
      // A student of another class of the same college.
      luar: await createWorldUser(t.database, world, 'mahasiswa'),
    }),
  );
}, 120_000);
afterAll(async () => t.close());

const as = (who: string) => bearerHeaders(tokens[who]!);
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const send = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

/** The attempt handed in now. */
async function finishAttempt(id: string) {
  await t.database.query(`update exam_attempts set status = 'selesai', submitted_at = now() where id = $1`, [
    id,
  ]);
}

async function kindsOf(who: string, kind: string): Promise<NotificationList['data']> {
  const res = await send(who, 'GET', '/v2/lms/notifikasi?per_page=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationList>().data.filter((n) => n.jenis === kind);
}

async function postTask(judul: string, dueInMinutes: number) {
  const body = multipartBody({
    id_pertemuan: world.meetingId,
    judul,
    deskripsi: '<p>Tulis laporan.</p>',
    jenis: 'individu',
    waktu_mulai: minutes(-5),
    waktu_selesai: minutes(dueInMinutes),
    tipe_file_jawaban: 'png',
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

describe('a reply in a forum', () => {
  it('tells the post’s author, not the replier, the lecturer or another class’s student', async () => {
    const { forumId } = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      judul: 'Diskusi balasan',
    });
    const post = await send('mhs', 'POST', `/v2/lms/forum/${forumId}/post`, { isi: '<p>Pendapat saya.</p>' });
    expect(post.statusCode, post.body).toBe(200);
    const postId = post.json<{ data: { id: string } }>().data.id;
    const reply = await send('teman', 'POST', `/v2/lms/forum/${forumId}/post`, {
      isi: '<p>Saya setuju.</p>',
      parent_id: postId,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    // The author answering under their own post tells nobody.
    await send('mhs', 'POST', `/v2/lms/forum/${forumId}/post`, {
      isi: '<p>Terima kasih.</p>',
      parent_id: postId,
    });
    await settleNotifications(t.database);

    const told = await kindsOf('mhs', 'balasan_forum');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      judul: 'Balasan di forum Diskusi balasan',
      tautan: `/kelas/${world.classId}/${world.meetingId}`,
    });
    for (const who of ['teman', 'dosen', 'luar'])
      expect(await kindsOf(who, 'balasan_forum'), who).toEqual([]);
    expect(await fanOutDueEvents(t.app.db)).toBe(0);
  });
});

describe('a chat message', () => {
  it('tells the other participants once per thread while unread, and again once read', async () => {
    const taskId = await postTask('Tugas dengan komentar', 600);
    const group = commentGroupId(taskId);
    const thread = commentThreadId({
      type: 'tugas',
      groupId: group,
      contentId: taskId,
      studentId: world.student.userId,
    });
    const url = `/v2/chat/group/${group}/thread/${thread}/pesan`;
    for (const isi of ['<p>Pak, boleh PDF?</p>', '<p>Atau PNG saja?</p>']) {
      const res = await send('mhs', 'POST', url, { isi });
      expect(res.statusCode, res.body).toBe(200);
      await settleNotifications(t.database);
    }
    const told = await kindsOf('dosen', 'pesan_chat');
    expect(told).toHaveLength(1);
    expect(told[0]!.tautan).toBe(`/tugas/${taskId}`);
    // The sender, the classmate (not in this student's thread) and another class hear nothing.
    for (const who of ['mhs', 'teman', 'luar']) expect(await kindsOf(who, 'pesan_chat'), who).toEqual([]);

    expect((await send('dosen', 'PUT', `/v2/lms/notifikasi/${told[0]!.id}/dibaca`)).statusCode).toBe(200);
    await send('mhs', 'POST', url, { isi: '<p>Sudah saya kirim.</p>' });
    await settleNotifications(t.database);
    expect(await kindsOf('dosen', 'pesan_chat')).toHaveLength(2);
    // The lecturer's answer tells the student.
    await send('dosen', 'POST', url, { isi: '<p>Baik.</p>' });
    await settleNotifications(t.database);
    expect(await kindsOf('mhs', 'pesan_chat')).toHaveLength(1);
  });
});

describe('an exam paused and resumed', () => {
  it('tells the class’s students who have not finished it, not those who did nor another class', async () => {
    const exam = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      judul: 'Kuis jeda',
      attemptBy: [classmate.userId],
    });
    await finishAttempt(exam.attemptIds[0]!);
    const paused = await send('dosen', 'POST', `/v2/lms/ujian/${exam.examId}/jeda`, {
      alasan: 'Listrik padam',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await send('dosen', 'POST', `/v2/lms/ujian/${exam.examId}/lanjutkan`)).statusCode).toBe(200);
    await settleNotifications(t.database);

    const told = await kindsOf('mhs', 'ujian_berubah');
    expect(told.map((n) => n.judul).sort()).toEqual([
      'Ujian Kuis jeda dijeda',
      'Ujian Kuis jeda dilanjutkan, waktunya diperpanjang',
    ]);
    expect(told[0]!.tautan).toBe(`/ujian/${exam.examId}`);
    for (const who of ['teman', 'dosen', 'luar'])
      expect(await kindsOf(who, 'ujian_berubah'), who).toEqual([]);
  });
});

describe('an exam extended', () => {
  it('tells the unfinished students of a longer exam, and one student of their own longer attempt', async () => {
    const exam = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      judul: 'Kuis panjang',
      attemptBy: [world.student.userId, classmate.userId],
    });
    await finishAttempt(exam.attemptIds[1]!);
    const longer = await send('dosen', 'PUT', `/v2/lms/ujian/${exam.examId}/perpanjang`, { menit: 10 });
    expect(longer.statusCode, longer.body).toBe(200);
    const own = await send('dosen', 'PUT', `/v2/lms/pengerjaan/${exam.attemptIds[0]}/perpanjang`, {
      menit: 5,
    });
    expect(own.statusCode, own.body).toBe(200);
    await settleNotifications(t.database);

    const told = (await kindsOf('mhs', 'ujian_berubah')).filter((n) => n.judul.includes('Kuis panjang'));
    expect(told.map((n) => n.judul).sort()).toEqual([
      'Ujian Kuis panjang diperpanjang 10 menit',
      'Waktu ujian Kuis panjang Anda diperpanjang 5 menit',
    ]);
    for (const who of ['teman', 'dosen', 'luar'])
      expect(
        (await kindsOf(who, 'ujian_berubah')).filter((n) => n.judul.includes('Kuis panjang')),
        who,
      ).toEqual([]);
  });
});

describe('an exam’s scores published', () => {
  it('tells the students who handed it in, once, not those who did not', async () => {
    const exam = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      judul: 'Kuis bernilai',
      attemptBy: [world.student.userId, classmate.userId],
    });
    await finishAttempt(exam.attemptIds[0]!);
    const publish = (shown: boolean) =>
      send('dosen', 'PUT', `/v2/lms/ujian/${exam.examId}/nilai_publishing`, { is_tampilkan_nilai: shown });
    for (const shown of [true, false, true]) expect((await publish(shown)).statusCode).toBe(200);
    await settleNotifications(t.database);

    const told = (await kindsOf('mhs', 'nilai')).filter((n) => n.sumber.id === exam.examId);
    expect(told.map((n) => [n.judul, n.tautan])).toEqual([
      ['Nilai Kuis bernilai dipublikasikan', `/ujian/${exam.examId}`],
    ]);
    // The classmate's attempt is still open: no score to see yet.
    for (const who of ['teman', 'dosen', 'luar'])
      expect(
        (await kindsOf(who, 'nilai')).filter((n) => n.sumber.id === exam.examId),
        who,
      ).toEqual([]);
  });
});

describe('a student with unpaid fees', () => {
  it('hears of nothing while the college closes the LMS to them, and again once paid', async () => {
    const setFeeRule = (aktif: boolean) => setFeeRestriction(t, world.collegeId, aktif);
    await t.database.query(`insert into student_fee_holds (user_id, college_id) values ($1, $2)`, [
      classmate.userId,
      world.collegeId,
    ]);
    try {
      await setFeeRule(true);
      const closed = await postTask('Tugas saat ditahan', 60 * 24 * 5);
      await settleNotifications(t.database);
      expect((await kindsOf('mhs', 'tugas')).some((n) => n.sumber.id === closed)).toBe(true);
      // The held student may not list them (403): the table says it.
      const [made] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from notifications where user_id = $1 and resource_id = $2`,
        [classmate.userId, closed],
      );
      expect(made!.n).toBe(0);

      await setFeeRule(false);
      await t.database.query(`delete from student_fee_holds where user_id = $1`, [classmate.userId]);
      const open = await postTask('Tugas tanpa pembatasan', 60 * 24 * 5);
      await settleNotifications(t.database);
      expect((await kindsOf('teman', 'tugas')).some((n) => n.sumber.id === open)).toBe(true);
    } finally {
      await setFeeRule(false);
      await t.database.query(`delete from student_fee_holds where user_id = $1`, [classmate.userId]);
    }
  });
});

describe('a meeting’s schedule changed', () => {
  it('tells the class’s students of a new time, and nobody of an edit that keeps it', async () => {
    const before = await send('dosen', 'GET', `/v2/lms/pertemuan/${world.meetingId}`);
    const meeting = before.json<{ data: { judul: string } }>().data;
    const retitled = await send('dosen', 'PUT', `/v2/lms/pertemuan/${world.meetingId}`, {
      judul: meeting.judul,
      deskripsi: '<p>Pertemuan pertama.</p>',
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    await settleNotifications(t.database);
    expect(await kindsOf('mhs', 'jadwal_berubah')).toEqual([]);

    const [session] = await t.database.query<{ id: string }>(
      `insert into lecture_sessions (college_id, nama, jam_mulai, jam_selesai)
       values ($1, 'Sesi pagi', '10:00:00', '11:40:00') returning id`,
      [world.collegeId],
    );
    const moved = await send('dosen', 'PUT', `/v2/lms/pertemuan/${world.meetingId}`, {
      judul: meeting.judul,
      deskripsi: '<p>Pertemuan pertama.</p>',
      id_sesi: session!.id,
      waktu_mulai: '2030-02-04T10:00:00+07:00',
      waktu_selesai: '2030-02-04T11:40:00+07:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await settleNotifications(t.database);
    for (const who of ['mhs', 'teman']) {
      const told = await kindsOf(who, 'jadwal_berubah');
      expect(told, who).toHaveLength(1);
      expect(told[0]!.tautan).toBe(`/kelas/${world.classId}/${world.meetingId}`);
    }
    for (const who of ['dosen', 'luar']) expect(await kindsOf(who, 'jadwal_berubah'), who).toEqual([]);
  });
});

describe('reminders', () => {
  it('reminds students of a deadline within the lead time, not those who handed in, once', async () => {
    const soon = await postTask('Tugas hampir tenggat', 120);
    const later = await postTask('Tugas minggu depan', 60 * 24 * 7);
    const body = multipartBody({ teks: '<p>Jawaban saya.</p>' }, [
      { field: 'file', name: 'jawaban.png', type: 'image/png', content: tinyPng },
    ]);
    const handIn = await t.app.inject({
      method: 'POST',
      url: `/v2/lms/tugas/${soon}/pengumpulan`,
      headers: { ...as('teman'), ...body.headers },
      payload: body.payload,
    });
    expect(handIn.statusCode, handIn.body).toBe(200);

    await sendDueReminders(t.app.db);
    await settleNotifications(t.database);
    const told = (await kindsOf('mhs', 'pengingat_tenggat')).filter((n) => n.sumber.id === soon);
    expect(told).toHaveLength(1);
    expect(told[0]!.judul).toMatch(/^Tenggat tugas Tugas hampir tenggat: \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect((await kindsOf('mhs', 'pengingat_tenggat')).some((n) => n.sumber.id === later)).toBe(false);
    // The classmate handed this one in (the chat test's task, also due today, they are reminded of).
    expect((await kindsOf('teman', 'pengingat_tenggat')).some((n) => n.sumber.id === soon)).toBe(false);
    expect((await kindsOf('teman', 'pengingat_tenggat')).length).toBeGreaterThan(0);
    for (const who of ['dosen', 'luar']) expect(await kindsOf(who, 'pengingat_tenggat'), who).toEqual([]);

    // Run again (a retry, a second instance): nothing twice.
    expect(await sendDueReminders(t.app.db)).toBe(0);
    expect((await kindsOf('mhs', 'pengingat_tenggat')).filter((n) => n.sumber.id === soon)).toHaveLength(1);
  });

  it('reminds the students who may see an exam starting within the lead time', async () => {
    const shown = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      judul: 'Kuis besok pagi',
      waktuMulai: new Date(Date.now() + 3 * 3_600_000),
      waktuSelesai: new Date(Date.now() + 4 * 3_600_000),
    });
    const hidden = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      ditampilkan: false,
      waktuMulai: new Date(Date.now() + 3 * 3_600_000),
      waktuSelesai: new Date(Date.now() + 4 * 3_600_000),
    });
    await sendDueReminders(t.app.db);
    await settleNotifications(t.database);
    for (const who of ['mhs', 'teman']) {
      const told = await kindsOf(who, 'pengingat_ujian');
      expect(
        told.map((n) => n.sumber.id),
        who,
      ).toEqual([shown.examId]);
      expect(told[0]!.tautan).toBe(`/ujian/${shown.examId}`);
    }
    expect((await kindsOf('mhs', 'pengingat_ujian')).some((n) => n.sumber.id === hidden.examId)).toBe(false);
    for (const who of ['dosen', 'luar']) expect(await kindsOf(who, 'pengingat_ujian'), who).toEqual([]);
  });

  it('reminds a student at their own lead time, once, and the others at the college’s', async () => {
    const lead = (who: string, jam?: number | null) =>
      jam === undefined
        ? send(who, 'GET', '/v2/lms/notifikasi/pengingat')
        : send(who, 'PUT', '/v2/lms/notifikasi/pengingat', { jam });
    expect((await lead('mhs')).json()).toEqual({ data: { jam: null, jam_kampus: 24 } });
    const refused = await lead('mhs', 5);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Pilih salah satu: 1 jam, 3 jam');
    expect((await lead('dosen')).statusCode).toBe(403);
    expect((await lead('mhs', 48)).json()).toEqual({ data: { jam: 48, jam_kampus: 24 } });

    // Due in 30 hours: within the student's 48, beyond the college's 24.
    const dayAfter = await postTask('Tugas lusa', 30 * 60);
    await sendDueReminders(t.app.db);
    await settleNotifications(t.database);
    expect((await kindsOf('mhs', 'pengingat_tenggat')).filter((n) => n.sumber.id === dayAfter)).toHaveLength(
      1,
    );
    expect((await kindsOf('teman', 'pengingat_tenggat')).some((n) => n.sumber.id === dayAfter)).toBe(false);

    // Due in 2 hours: each student once, at their own lead (the college's 24 for the classmate).
    const today = await postTask('Tugas sore ini', 120);
    await sendDueReminders(t.app.db);
    await settleNotifications(t.database);
    for (const who of ['mhs', 'teman'])
      expect(
        (await kindsOf(who, 'pengingat_tenggat')).filter((n) => n.sumber.id === today),
        who,
      ).toHaveLength(1);

    // Back to the college's lead: what was reminded at 48 hours is not reminded again.
    expect((await lead('mhs', null)).json()).toEqual({ data: { jam: null, jam_kampus: 24 } });
    await sendDueReminders(t.app.db);
    await settleNotifications(t.database);
    for (const task of [dayAfter, today])
      expect((await kindsOf('mhs', 'pengingat_tenggat')).filter((n) => n.sumber.id === task)).toHaveLength(1);
  });
});
