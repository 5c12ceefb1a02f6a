import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyHandIn, SubmissionRow, Task } from '@lms/contract/task.schema';
import {
  createClass,
  createClassOperator,
  createClassWorld,
  createEnrolledStudent,
  createTask,
  createTaskGroup,
  createWorldUser,
  tinyPng,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, multipartBody, signInEach } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { richTextProblems, xssCorpus } from '../../testing/xss-corpus.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let second: UserRef;
let third: UserRef;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  second = await createEnrolledStudent(t.database, world);
  third = await createEnrolledStudent(t.database, world);
  const otherLecturer = await createWorldUser(t.database, world, 'dosen');
  await createClass(t.database, { collegeId: world.collegeId, teachers: [otherLecturer.userId] });
  Object.assign(
    tokens,
    await signInEach(t.app, {
      dosen: world.teacher,
      mhs1: world.student,
      mhs2: second,
      mhs3: third,
      operator: await createClassOperator(t.database, world.collegeId),
      pembaca: await createClassOperator(t.database, world.collegeId, 'read'),
      mhsLuar: await createWorldUser(t.database, world, 'mahasiswa'),
      dosenLain: otherLecturer,
      operatorLain: await createClassOperator(t.database, otherWorld.collegeId),
    }),
  );
});
afterAll(async () => t.close());

const as = (who: string) => bearerHeaders(tokens[who]!);
const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const send = (who: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
const taskForm = (fields: object = {}) => ({
  id_pertemuan: world.meetingId,
  judul: 'Laporan praktikum 1',
  deskripsi: '<p>Tulis laporan.</p>',
  jenis: 'individu',
  waktu_mulai: minutes(-5).toISOString(),
  waktu_selesai: minutes(120).toISOString(),
  tipe_file_jawaban: ['png', 'pdf'],
  terima_terlambat: false,
  ...fields,
});
const png = (name = 'jawaban.png') => ({ field: 'file', name, type: 'image/png', content: tinyPng });

function handIn(who: string, taskId: string, teks: string, files = [png()]) {
  const body = multipartBody({ teks }, files);
  return t.app.inject({
    method: 'POST',
    url: `/v2/lms/tugas/${taskId}/pengumpulan`,
    headers: { ...as(who), ...body.headers },
    payload: body.payload,
  });
}

async function factOf(taskId: string, userId: string) {
  const [row] = await t.database.query<{
    completed: boolean;
    timing: string | null;
    score: number | null;
    graded: boolean;
    published: boolean;
  }>(
    `select f.completed, f.timing, f.score::float as score, f.graded, f.published from activity_facts f
      join activities a on a.id = f.activity_id where a.kind = 'tugas' and a.content_id = $1 and f.mahasiswa_id = $2`,
    [taskId, userId],
  );
  return row;
}

describe('task form', () => {
  it('lets the lecturer create a task with an attachment, synced as an activity', async () => {
    const body = multipartBody(
      {
        ...taskForm(),
        tipe_file_jawaban: 'png,pdf',
        terima_terlambat: 'true',
      } as unknown as Record<string, string>,
      { field: 'lampiran', name: 'soal.png', type: 'image/png', content: tinyPng },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/tugas',
      headers: { ...as('dosen'), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json<{ data: Task }>().data;
    expect(task).toMatchObject({ jenis: 'individu', status: 'sedang_berlangsung', terima_terlambat: true });
    expect(task.tipe_file_jawaban).toEqual(['png', 'pdf']);
    expect(task.lampiran).toHaveLength(1);
    const [activity] = await t.database.query<{ closes_at: Date | null; due_at: Date }>(
      `select closes_at, due_at from activities where kind = 'tugas' and content_id = $1`,
      [task.id],
    );
    expect(activity!.closes_at).toBeNull();
    expect(+activity!.due_at).toBe(+new Date(task.waktu_selesai));
    // The attachment: members of the class read it; others do not.
    const file = await send('mhs1', 'GET', task.lampiran[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await send('mhsLuar', 'GET', task.lampiran[0]!.url)).statusCode).toBe(403);
    expect((await send('operatorLain', 'GET', task.lampiran[0]!.url)).statusCode).toBe(404);
  });

  it('refuses a file whose content is not its type, and incomplete forms', async () => {
    const body = multipartBody(taskForm({ tipe_file_jawaban: 'png' }) as unknown as Record<string, string>, {
      field: 'lampiran',
      name: 'soal.pdf',
      type: 'application/pdf',
      content: tinyPng,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/tugas',
      headers: { ...as('dosen'), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toBe('Isi file tidak sesuai dengan tipe .pdf.');
    const missing = await send('dosen', 'POST', '/v2/lms/tugas', {
      id_pertemuan: world.meetingId,
      judul: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().status.code).toBe('pengisian_belum_lengkap');
    const backwards = await send(
      'dosen',
      'POST',
      '/v2/lms/tugas',
      taskForm({ waktu_mulai: minutes(60).toISOString(), waktu_selesai: minutes(10).toISOString() }),
    );
    expect(backwards.json().status.message).toBe('Waktu Selesai harus setelah Waktu Mulai');
  });

  it('lets only the class’s lecturers and writing operators create, edit and delete', async () => {
    for (const who of ['mhs1', 'dosenLain', 'pembaca']) {
      expect((await send(who, 'POST', '/v2/lms/tugas', taskForm())).statusCode, who).toBe(403);
    }
    expect((await send('operatorLain', 'POST', '/v2/lms/tugas', taskForm())).statusCode).toBe(404);
    const created = await send('operator', 'POST', '/v2/lms/tugas', taskForm({ judul: 'Oleh operator' }));
    expect(created.statusCode).toBe(200);
    const id = created.json<{ data: Task }>().data.id;
    expect((await send('dosenLain', 'PUT', `/v2/lms/tugas/${id}`, taskForm())).statusCode).toBe(403);
    const edited = await send('dosen', 'PUT', `/v2/lms/tugas/${id}`, taskForm({ judul: 'Diubah' }));
    expect(edited.json<{ data: Task }>().data.judul).toBe('Diubah');
    expect((await send('mhs1', 'DELETE', `/v2/lms/tugas/${id}`)).statusCode).toBe(403);
    expect((await send('dosen', 'DELETE', `/v2/lms/tugas/${id}`)).statusCode).toBe(200);
    const [gone] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from activities where content_id = $1`,
      [id],
    );
    expect(gone!.n).toBe(0);
  });

  it('sanitises the description and the hand-in text against the XSS corpus', async () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(50);
    const res = await send(
      'dosen',
      'POST',
      '/v2/lms/tugas',
      taskForm({ deskripsi: `<p>Soal</p>${xssCorpus.join('\n')}`, tipe_file_jawaban: ['png'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json<{ data: Task }>().data;
    expect(richTextProblems(task.deskripsi)).toEqual([]);
    for (const payload of xssCorpus) {
      const one = await send(
        'dosen',
        'PUT',
        `/v2/lms/tugas/${task.id}`,
        taskForm({ deskripsi: `<p>x</p>${payload}` }),
      );
      expect(richTextProblems(one.json<{ data: Task }>().data.deskripsi), payload).toEqual([]);
    }
    const handed = await handIn('mhs3', task.id, xssCorpus.join('\n'), []);
    expect(handed.statusCode, handed.body).toBe(200);
    expect(richTextProblems(handed.json<{ data: MyHandIn }>().data.pengumpulan!.teks)).toEqual([]);
  });
});

describe('hand-in rules', () => {
  it('accepts a hand-in and its replacement before the deadline, on time', async () => {
    const { taskId } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    const first = await handIn('mhs1', taskId, '<p>Versi 1</p>');
    expect(first.statusCode, first.body).toBe(200);
    const replaced = await handIn('mhs1', taskId, '<p>Versi 2</p>', [png('final.png')]);
    const mine = replaced.json<{ data: MyHandIn }>().data;
    expect(mine.pengumpulan).toMatchObject({ teks: '<p>Versi 2</p>', terlambat: false });
    expect(mine.pengumpulan!.file.map((f) => f.nama)).toEqual(['final.png']);
    expect(await factOf(taskId, world.student.userId)).toMatchObject({ completed: true, timing: 'on_time' });
    const [rows] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from task_submissions where tugas_id = $1`,
      [taskId],
    );
    expect(rows!.n).toBe(1);
  });

  it('refuses before the start, and a file type the task does not accept', async () => {
    const { taskId } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      waktuMulai: minutes(60),
      waktuSelesai: minutes(120),
    });
    const early = await handIn('mhs1', taskId, '<p>x</p>');
    expect(early.statusCode).toBe(400);
    expect(early.json().status.message).toBe('Tugas belum dimulai.');
    const { taskId: pdfOnly } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      tipeFileJawaban: ['pdf'],
    });
    const wrong = await handIn('mhs1', pdfOnly, '', [png()]);
    expect(wrong.json().status.message).toBe('Tipe file .png tidak diterima untuk tugas ini.');
  });

  it('refuses a late hand-in unless the task accepts it, then marks it late and keeps it', async () => {
    const past = { waktuMulai: minutes(-120), waktuSelesai: minutes(-60) };
    const { taskId: strict } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      ...past,
    });
    const refused = await handIn('mhs1', strict, '<p>telat</p>');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().status.message).toBe('Batas waktu pengumpulan sudah berakhir.');
    const { taskId: lenient } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      terimaTerlambat: true,
      ...past,
    });
    const late = await handIn('mhs1', lenient, '<p>telat</p>');
    expect(late.statusCode).toBe(200);
    expect(late.json<{ data: MyHandIn }>().data.pengumpulan!.terlambat).toBe(true);
    expect(await factOf(lenient, world.student.userId)).toMatchObject({ completed: true, timing: 'late' });
    const again = await handIn('mhs1', lenient, '<p>ganti</p>');
    expect(again.json().status.message).toBe(
      'Batas waktu sudah berakhir; pengumpulan tidak dapat diganti lagi.',
    );
  });

  it('never lets a student read another student’s hand-in', async () => {
    const { taskId } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    const mine = (await handIn('mhs1', taskId, '<p>rahasia</p>')).json<{ data: MyHandIn }>().data
      .pengumpulan!;
    const other = await send('mhs2', 'GET', `/v2/lms/tugas/${taskId}/pengumpulan_saya`);
    expect(other.json<{ data: MyHandIn }>().data.pengumpulan).toBeNull();
    expect((await send('mhs2', 'GET', `/v2/lms/tugas/${taskId}/pengumpulan`)).statusCode).toBe(403);
    expect((await send('mhs2', 'GET', mine.file[0]!.url)).statusCode).toBe(404);
    expect((await send('mhs1', 'GET', mine.file[0]!.url)).statusCode).toBe(200);
    expect((await send('dosen', 'GET', mine.file[0]!.url)).statusCode).toBe(200);
    expect((await send('dosenLain', 'GET', mine.file[0]!.url)).statusCode).toBe(403);
    expect((await send('operatorLain', 'GET', mine.file[0]!.url)).statusCode).toBe(404);
  });

  it('takes a group task once for the group; every member sees it; a student without a group is told', async () => {
    const { groupId } = await createTaskGroup(t.database, {
      collegeId: world.collegeId,
      kelasId: world.classId,
      memberIds: [world.student.userId, second.userId],
      nama: 'Kelompok Rajawali',
    });
    const { taskId } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      jenis: 'kelompok',
    });
    expect((await handIn('mhs1', taskId, '<p>Dari ketua</p>')).statusCode).toBe(200);
    const seen = (await send('mhs2', 'GET', `/v2/lms/tugas/${taskId}/pengumpulan_saya`)).json<{
      data: MyHandIn;
    }>().data;
    expect(seen.kelompok?.nama).toBe('Kelompok Rajawali');
    expect(seen.pengumpulan?.teks).toBe('<p>Dari ketua</p>');
    expect((await handIn('mhs2', taskId, '<p>Perbaikan anggota</p>')).statusCode).toBe(200);
    const [rows] = await t.database.query<{ n: number; kelompok: string }>(
      `select count(*)::int as n, min(kelompok_id::text) as kelompok from task_submissions where tugas_id = $1`,
      [taskId],
    );
    expect(rows).toEqual({ n: 1, kelompok: groupId });
    for (const member of [world.student, second]) {
      expect(await factOf(taskId, member.userId)).toMatchObject({ completed: true });
    }
    const loner = await handIn('mhs3', taskId, '<p>sendiri</p>');
    expect(loner.statusCode).toBe(400);
    expect(loner.json().status.message).toMatch(/belum tergabung dalam kelompok/);
    // The lecturer's tab lists the group once with both members.
    const list = (await send('dosen', 'GET', `/v2/lms/tugas/${taskId}/pengumpulan`)).json<{
      data: SubmissionRow[];
    }>().data;
    const row = list.find((r) => r.kelompok?.id === groupId)!;
    expect(row.mahasiswa).toHaveLength(2);
    expect(row.pengumpulan?.teks).toBe('<p>Perbaikan anggota</p>');
    expect(list.some((r) => r.kelompok === null && r.mahasiswa[0]!.id === third.userId)).toBe(true);
  });
});

describe('grading and publishing', () => {
  it('grades, hides the score until published, and gives a group every member the score', async () => {
    const { taskId } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      jenis: 'kelompok',
    });
    await handIn('mhs2', taskId, '<p>Jawaban kelompok</p>');
    const list = (await send('dosen', 'GET', `/v2/lms/tugas/${taskId}/pengumpulan`)).json<{
      data: SubmissionRow[];
    }>().data;
    const submission = list.find((r) => r.pengumpulan)!.pengumpulan!;
    const url = `/v2/lms/tugas/${taskId}/pengumpulan/${submission.id}/nilai`;
    expect((await send('dosen', 'PUT', url, { nilai: 101, feedback: '' })).statusCode).toBe(400);
    for (const who of ['mhs1', 'dosenLain', 'pembaca']) {
      expect((await send(who, 'PUT', url, { nilai: 90, feedback: '' })).statusCode, who).toBe(403);
    }
    const graded = await send('dosen', 'PUT', url, { nilai: 87.5, feedback: 'Rapi.' });
    expect(graded.statusCode, graded.body).toBe(200);
    // Issue 45: 101 was saved as 100; it is refused with the field's message and the stored score stays.
    const over = await send('dosen', 'PUT', url, { nilai: 101, feedback: 'Lain.' });
    expect(over.statusCode).toBe(400);
    expect(over.json().detail.fields).toEqual([
      { field: 'body.nilai', message: 'Nilai harus antara 0 dan 100.' },
    ]);
    const hidden = (await send('mhs1', 'GET', `/v2/lms/tugas/${taskId}/pengumpulan_saya`)).json<{
      data: MyHandIn;
    }>().data;
    expect(hidden.pengumpulan).toMatchObject({ nilai: null, feedback: null, dinilai: false });
    expect(await factOf(taskId, world.student.userId)).toMatchObject({
      score: 87.5,
      graded: true,
      published: false,
    });
    const published = await send('dosen', 'PUT', `/v2/lms/tugas/${taskId}/publikasi`, { publikasi: true });
    expect(published.json<{ data: Task }>().data).toMatchObject({
      nilai_dipublikasikan: true,
      status_monitoring: 'rated',
    });
    const shown = (await send('mhs1', 'GET', `/v2/lms/tugas/${taskId}/pengumpulan_saya`)).json<{
      data: MyHandIn;
    }>().data;
    expect(shown.pengumpulan).toMatchObject({ nilai: 87.5, feedback: 'Rapi.', dinilai: true });
    for (const member of [world.student, second]) {
      expect(await factOf(taskId, member.userId)).toMatchObject({ score: 87.5, published: true });
    }
    const studentTask = (await send('mhs2', 'GET', `/v2/lms/tugas/${taskId}`)).json<{ data: Task }>().data;
    expect(studentTask.status_monitoring).toBe('rated');
    // A graded hand-in is not replaced.
    const again = await handIn('mhs1', taskId, '<p>ganti</p>');
    expect(again.json().status.message).toBe('Pengumpulan sudah dinilai dan tidak dapat diganti.');
  });

  it('lets the lecturer give one member of a group a score different from the group’s', async () => {
    const { taskId } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      jenis: 'kelompok',
    });
    await handIn('mhs1', taskId, '<p>Jawaban kelompok</p>');
    const list = (await send('dosen', 'GET', `/v2/lms/tugas/${taskId}/pengumpulan`)).json<{
      data: SubmissionRow[];
    }>().data;
    const submission = list.find((r) => r.pengumpulan)!.pengumpulan!;
    const url = `/v2/lms/tugas/${taskId}/pengumpulan/${submission.id}/nilai`;
    const override = {
      nilai: 80,
      feedback: 'Baik.',
      nilai_anggota: [{ id_mahasiswa: second.userId, nilai: 65 }],
    };
    // Only the class's writing staff; a student never grades, another college does not see the task.
    for (const who of ['mhs1', 'mhs2', 'dosenLain', 'pembaca']) {
      expect((await send(who, 'PUT', url, override)).statusCode, who).toBe(403);
    }
    expect((await send('operatorLain', 'PUT', url, override)).statusCode).toBe(404);
    // Refused: a student outside the group, a member score without a group score.
    const stranger = await send('dosen', 'PUT', url, {
      nilai: 80,
      nilai_anggota: [{ id_mahasiswa: third.userId, nilai: 65 }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().status.message).toBe(
      'Nilai per anggota hanya dapat diberikan kepada anggota kelompok ini.',
    );
    const noGroupScore = await send('dosen', 'PUT', url, { ...override, nilai: null });
    expect(noGroupScore.json().status.message).toBe(
      'Isi nilai kelompok sebelum memberi nilai berbeda pada anggota.',
    );
    const graded = await send('operator', 'PUT', url, override);
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json().data).toMatchObject({
      nilai: 80,
      nilai_anggota: [{ id_mahasiswa: second.userId, nilai: 65 }],
    });
    expect(await factOf(taskId, world.student.userId)).toMatchObject({ score: 80, graded: true });
    expect(await factOf(taskId, second.userId)).toMatchObject({ score: 65, graded: true });
    // Regrading the group without naming members keeps the member's own score.
    await send('dosen', 'PUT', url, { nilai: 85, feedback: 'Baik.' });
    expect(await factOf(taskId, world.student.userId)).toMatchObject({ score: 85 });
    expect(await factOf(taskId, second.userId)).toMatchObject({ score: 65 });
    await send('dosen', 'PUT', `/v2/lms/tugas/${taskId}/publikasi`, { publikasi: true });
    const own = async (who: string) =>
      (await send(who, 'GET', `/v2/lms/tugas/${taskId}/pengumpulan_saya`)).json<{ data: MyHandIn }>().data
        .pengumpulan!;
    // Each member sees their own score, never the other members' scores.
    expect(await own('mhs1')).toMatchObject({ nilai: 85, nilai_anggota: [] });
    expect(await own('mhs2')).toMatchObject({ nilai: 65, nilai_anggota: [] });
    // The student's /nilai shows their own published score of the task.
    const grades = (await send('mhs2', 'GET', '/v2/lms/nilai/me')).json().data as {
      nilai: { label: string; jenis: string; nilai: number }[];
    }[];
    const title = (await send('dosen', 'GET', `/v2/lms/tugas/${taskId}`)).json().data.judul as string;
    expect(grades.flatMap((c) => c.nilai).filter((n) => n.label === title)).toMatchObject([
      { jenis: 'tugas', nilai: 65 },
    ]);
    // [] gives everyone the group's score again; clearing the group score clears members' too.
    await send('dosen', 'PUT', url, { nilai: 85, feedback: 'Baik.', nilai_anggota: [] });
    expect(await factOf(taskId, second.userId)).toMatchObject({ score: 85 });
    await send('dosen', 'PUT', url, override);
    await send('dosen', 'PUT', url, { nilai: null, feedback: '' });
    expect(await factOf(taskId, second.userId)).toMatchObject({ score: null, graded: false });
    const [{ n }] = (await t.database.query<{ n: number }>(
      `select count(*)::int as n from task_member_scores where pengumpulan_id = $1`,
      [submission.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
    // An individual hand-in has no members to score apart.
    const { taskId: single } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    await handIn('mhs3', single, '<p>Sendiri</p>');
    const singles = (await send('dosen', 'GET', `/v2/lms/tugas/${single}/pengumpulan`)).json<{
      data: SubmissionRow[];
    }>().data;
    const one = singles.find((r) => r.pengumpulan)!.pengumpulan!;
    const refused = await send('dosen', 'PUT', `/v2/lms/tugas/${single}/pengumpulan/${one.id}/nilai`, {
      nilai: 70,
      nilai_anggota: [{ id_mahasiswa: third.userId, nilai: 60 }],
    });
    expect(refused.json().status.message).toBe('Nilai per anggota hanya untuk pengumpulan kelompok.');
  });

  it('streams every hand-in as one zip named nim - nama, for the class’s lecturers only', async () => {
    const { taskId } = await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    await handIn('mhs1', taskId, '<p>Satu</p>', [png('a.png')]);
    await handIn('mhs2', taskId, '', [png('b.png'), png('b.png')]);
    const res = await send('dosen', 'GET', `/v2/lms/tugas/${taskId}/unduh_semua`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files)
      .filter((n) => !zip.files[n]!.dir)
      .sort();
    const [one] = await t.database.query<{ nim: string; nama: string }>(
      `select s.nim, u.nama from students s join users u on u.id = s.user_id where s.user_id = $1`,
      [world.student.userId],
    );
    expect(names).toContain(`${one!.nim} - ${one!.nama}/a.png`);
    expect(names).toContain(`${one!.nim} - ${one!.nama}/jawaban.html`);
    expect(names.filter((n) => n.endsWith('b.png') || n.endsWith('b (2).png'))).toHaveLength(2);
    expect(await zip.file(`${one!.nim} - ${one!.nama}/a.png`)!.async('nodebuffer')).toEqual(tinyPng);
    for (const who of ['mhs1', 'dosenLain', 'pembaca']) {
      expect((await send(who, 'GET', `/v2/lms/tugas/${taskId}/unduh_semua`)).statusCode, who).toBe(403);
    }
    expect((await send('operatorLain', 'GET', `/v2/lms/tugas/${taskId}/unduh_semua`)).statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('lists the user’s tasks across classes by status, and a meeting’s tasks', async () => {
    await createTask(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      judul: 'Belum mulai',
      waktuMulai: minutes(600),
      waktuSelesai: minutes(1200),
    });
    const upcoming = await send('mhs1', 'GET', '/v2/lms/tugas?status=belum_dimulai&per_page=100');
    const tasks = upcoming.json<{ data: Task[] }>().data;
    expect(tasks.map((x) => x.judul)).toContain('Belum mulai');
    expect(tasks.every((x) => x.status === 'belum_dimulai' && x.status_monitoring === 'not-started')).toBe(
      true,
    );
    const outsider = await send('mhsLuar', 'GET', '/v2/lms/tugas?per_page=100');
    expect(outsider.json<{ data: Task[] }>().data).toEqual([]);
    const foreign = await send('operatorLain', 'GET', '/v2/lms/tugas?per_page=100');
    expect(foreign.json<{ data: Task[] }>().data).toEqual([]);
    const meeting = await send('dosen', 'GET', `/v2/lms/pertemuan/${world.meetingId}/tugas`);
    expect(meeting.json<{ data: Task[] }>().data.length).toBeGreaterThan(3);
    expect((await send('mhsLuar', 'GET', `/v2/lms/pertemuan/${world.meetingId}/tugas`)).statusCode).toBe(403);
  });
});
