import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages as texts, commentGroupId, commentThreadId } from '@lms/contract/chat.rules';
import type { ChatGroup, ChatMessage, ChatThread, ChatUnread } from '@lms/contract/chat.schema';
import {
  createClassOperator,
  createClassWorld,
  createEnrolledStudent,
  createExam,
  createTaskGroup,
  createWorldUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signInEach } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { richTextProblems, xssCorpus } from '../../testing/xss-corpus.ts';
import { syncActivity } from '../activity/activity.api.ts';
import { chatThreadStreamKey } from './chat.service.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let classmate: UserRef;
let outsider: UserRef;
const tokens: Record<string, string> = {};
const taskId = randomUUID();

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  const { collegeId } = world;
  classmate = await createEnrolledStudent(t.database, world);
  outsider = await createWorldUser(t.database, world, 'mahasiswa');
  const operator = await createClassOperator(t.database, collegeId);
  // A task of the class's meeting, as the activity model knows it (the task area writes the same row).
  await syncActivity(t.database.db, {
    collegeId,
    kind: 'tugas',
    contentId: taskId,
    pertemuanId: world.meetingId,
    title: 'Tugas 1',
    countsForAttendance: true,
  });
  Object.assign(
    tokens,
    await signInEach(t.app, {
      dosen: world.teacher,
      mahasiswa: world.student,
      teman: classmate,
      luar: outsider,
      operator,
      asing: otherWorld.teacher,
    }),
  );
});
afterAll(async () => t.close());

const send = (who: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), ...(payload ? { payload } : {}) });
const groupOf = () => commentGroupId(taskId);
const threadOf = (studentId: string) =>
  commentThreadId({ type: 'tugas', groupId: groupOf(), contentId: taskId, studentId });
const threadUrl = (studentId: string) => `/v2/chat/group/${groupOf()}/thread/${threadOf(studentId)}`;

describe('comment threads of a task (spec 1 §9)', () => {
  it('makes the comment group on demand from the task, showing the lecturers only', async () => {
    const res = await send('mahasiswa', 'GET', `/v2/chat/group/${groupOf()}`);
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json().data as ChatGroup;
    expect(group).toMatchObject({ id: groupOf(), jenis: 'komentar', id_kelas_kuliah: world.classId });
    expect(group.members.map((m) => [m.id, m.role])).toEqual([[world.teacher.userId, 'Dosen']]);
    expect((await send('luar', 'GET', `/v2/chat/group/${groupOf()}`)).statusCode).toBe(404);
    expect((await send('asing', 'GET', `/v2/chat/group/${groupOf()}`)).statusCode).toBe(404);
    expect((await send('operator', 'GET', `/v2/chat/group/${groupOf()}`)).statusCode).toBe(403);
    expect((await send('dosen', 'GET', `/v2/chat/group/LMS-${randomUUID()}`)).statusCode).toBe(404);
  });

  it("lets a student and the lecturers talk in the student's thread, and nobody else read it", async () => {
    const heard: unknown[] = [];
    const unsubscribe = t.app.events.subscribe(
      chatThreadStreamKey(world.collegeId, groupOf(), threadOf(world.student.userId)),
      (_event, data) => heard.push(data),
    );
    await t.app.events.start();
    const posted = await send('mahasiswa', 'POST', `${threadUrl(world.student.userId)}/pesan`, {
      isi: '<p>Pak, apakah boleh dikumpulkan dalam PDF?</p>',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ milik_saya: true, pengirim: { role: 'Mahasiswa' } });
    const reply = await send('dosen', 'POST', `${threadUrl(world.student.userId)}/pesan`, {
      isi: '<p>Boleh.</p>',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const thread = (await send('mahasiswa', 'GET', threadUrl(world.student.userId))).json()
      .data as ChatThread;
    expect(thread.pesan.map((m) => m.isi)).toEqual([
      '<p>Pak, apakah boleh dikumpulkan dalam PDF?</p>',
      '<p>Boleh.</p>',
    ]);
    expect(thread.akses.kirim).toBe(true);
    // Both messages were announced on the thread's stream (ids only).
    await expect.poll(() => heard.length).toBe(2);
    expect(heard[0]).toEqual({ id: posted.json().data.id, aksi: 'baru' });
    unsubscribe();
    // A classmate reads neither the thread nor writes into it; they have their own.
    expect((await send('teman', 'GET', threadUrl(world.student.userId))).statusCode).toBe(403);
    expect(
      (await send('teman', 'POST', `${threadUrl(world.student.userId)}/pesan`, { isi: 'hai' })).statusCode,
    ).toBe(403);
    expect((await send('teman', 'GET', threadUrl(classmate.userId))).json().data.pesan).toEqual([]);
    expect((await send('asing', 'GET', threadUrl(world.student.userId))).statusCode).toBe(404);
    expect((await send('operator', 'GET', threadUrl(world.student.userId))).statusCode).toBe(403);
  });

  it('refuses a thread id that is not a comment thread of this task', async () => {
    const other = commentThreadId({
      type: 'tugas',
      groupId: groupOf(),
      contentId: randomUUID(),
      studentId: world.student.userId,
    });
    const res = await send('mahasiswa', 'GET', `/v2/chat/group/${groupOf()}/thread/${other}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toBe(texts.threadInvalid);
    expect((await send('dosen', 'GET', `/v2/chat/group/${groupOf()}/thread/percakapan`)).statusCode).toBe(
      400,
    );
  });

  it('logs comments, and lets only the author delete theirs (its place stays)', async () => {
    const mine = (
      await send('mahasiswa', 'POST', `${threadUrl(world.student.userId)}/pesan`, { isi: 'salah ketik' })
    ).json().data as ChatMessage;
    const url = `${threadUrl(world.student.userId)}/pesan/${mine.id}`;
    expect((await send('dosen', 'DELETE', url)).statusCode).toBe(403);
    expect((await send('mahasiswa', 'DELETE', url)).statusCode).toBe(200);
    const thread = (await send('dosen', 'GET', threadUrl(world.student.userId))).json().data as ChatThread;
    expect(thread.pesan.at(-1)).toMatchObject({ id: mine.id, dihapus: true, isi: texts.messageDeleted });
    const logs = await t.database.query<{ jenis: string }>(
      `select jenis from activity_logs where college_id = $1 and user_id = $2 order by waktu`,
      [world.collegeId, world.student.userId],
    );
    expect(logs.map((l) => l.jenis)).toEqual(expect.arrayContaining(['tambah_komentar', 'hapus_komentar']));
  });

  it('refuses an empty message with an Indonesian message', async () => {
    const res = await send('mahasiswa', 'POST', `${threadUrl(world.student.userId)}/pesan`, {
      isi: '<p> </p>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toBe(texts.emptyMessage);
  });

  it('never keeps a way to run script, for every payload of the corpus', async () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(50);
    const kept: string[] = [];
    for (const payload of xssCorpus) {
      const res = await send('dosen', 'POST', `${threadUrl(classmate.userId)}/pesan`, {
        isi: `<p>a</p>${payload}`,
      });
      if (res.statusCode !== 200) {
        expect(res.statusCode, payload).toBe(400);
        continue;
      }
      const isi = (res.json().data as ChatMessage).isi;
      kept.push(...richTextProblems(isi).map((problem) => `${payload} → ${problem}`));
    }
    expect(kept).toEqual([]);
  });
});

describe('comment threads of an exam', () => {
  it("work as a task's: the student and the lecturers talk, a classmate neither reads nor writes", async () => {
    const { examId } = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    const group = commentGroupId(examId);
    const thread = commentThreadId({
      type: 'ujian',
      groupId: group,
      contentId: examId,
      studentId: world.student.userId,
    });
    const url = `/v2/chat/group/${group}/thread/${thread}`;
    expect(
      (await send('mahasiswa', 'POST', `${url}/pesan`, { isi: 'Soal 3 kurang jelas, Pak.' })).statusCode,
    ).toBe(200);
    expect((await send('dosen', 'POST', `${url}/pesan`, { isi: 'Sudah saya perbaiki.' })).statusCode).toBe(
      200,
    );
    const read = (await send('dosen', 'GET', url)).json().data as ChatThread;
    expect(read.pesan.map((m) => m.pengirim.role)).toEqual(['Mahasiswa', 'Dosen']);
    expect((await send('teman', 'GET', url)).statusCode).toBe(403);
    expect((await send('teman', 'POST', `${url}/pesan`, { isi: 'hai' })).statusCode).toBe(403);
    expect((await send('asing', 'GET', url)).statusCode).toBe(404);
    const logs = await t.database.query<{ jenis: string }>(
      `select jenis from activity_logs where college_id = $1 and user_id = $2 and jenis = 'tambah_komentar'`,
      [world.collegeId, world.student.userId],
    );
    expect(logs.length).toBeGreaterThan(0);
  });
});

describe('unread counters', () => {
  it('counts a new message for everyone who reads the thread but its author, and resets on request', async () => {
    const key = `${groupOf()}/${threadOf(world.student.userId)}`;
    const counters = async (who: string) =>
      ((await send(who, 'GET', '/v2/chat/unread')).json().data as ChatUnread[]).find((c) => c.id === key);
    const before = (await counters('dosen'))?.jumlah ?? 0;
    await send('mahasiswa', 'POST', `${threadUrl(world.student.userId)}/pesan`, { isi: 'satu' });
    await send('mahasiswa', 'POST', `${threadUrl(world.student.userId)}/pesan`, { isi: 'dua' });
    expect((await counters('dosen'))!.jumlah).toBe(before + 2);
    expect((await counters('dosen'))!.waktu_chat_terakhir).not.toBeNull();
    // The classmate is not told of another student's thread.
    expect(await counters('teman')).toBeUndefined();
    const reset = await send('dosen', 'PUT', '/v2/chat/unread', { id: key, aksi: 'reset' });
    expect(reset.json().data).toMatchObject({ id: key, jumlah: 0 });
    await send('dosen', 'PUT', '/v2/chat/unread', { id: key, aksi: 'tambah' });
    expect((await counters('dosen'))!.jumlah).toBe(1);
    await send('dosen', 'PUT', '/v2/chat/unread', { id: key, aksi: 'set', jumlah: 7 });
    expect((await counters('dosen'))!.jumlah).toBe(7);
    expect(
      (await send('dosen', 'PUT', '/v2/chat/unread', { id: key, aksi: 'set', jumlah: -1 })).statusCode,
    ).toBe(400);
    expect((await send('operator', 'GET', '/v2/chat/unread')).statusCode).toBe(403);
  });
});

describe('class groups formed by a lecturer', () => {
  let group: ChatGroup;

  it("are formed from the class students' numbers; a number outside the class is refused by name", async () => {
    const bad = await send('dosen', 'POST', '/v2/chat/group', {
      name: 'Kelompok 1',
      usage: 'lms',
      members: [world.student.nim!, outsider.nim!],
      id_kelas_kuliah: world.classId,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.message).toBe(texts.memberNotInClass(outsider.nim!));
    const res = await send('dosen', 'POST', '/v2/chat/group', {
      name: 'Kelompok 1',
      usage: 'lms',
      members: [world.student.nim!],
      id_kelas_kuliah: world.classId,
    });
    expect(res.statusCode, res.body).toBe(200);
    group = res.json().data;
    expect(group.members.map((m) => m.role).sort()).toEqual(['Dosen', 'Mahasiswa']);
    expect(
      (
        await send('mahasiswa', 'POST', '/v2/chat/group', {
          name: 'x',
          members: [],
          id_kelas_kuliah: world.classId,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await send('asing', 'POST', '/v2/chat/group', {
          name: 'x',
          members: [],
          id_kelas_kuliah: world.classId,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('are read and written by their members only', async () => {
    const url = `/v2/chat/group/${group.id}/thread/percakapan`;
    expect((await send('mahasiswa', 'POST', `${url}/pesan`, { isi: 'halo kelompok' })).statusCode).toBe(200);
    expect((await send('teman', 'GET', url)).statusCode).toBe(403);
    expect((await send('teman', 'GET', `/v2/chat/group/${group.id}`)).statusCode).toBe(403);
    const updated = await send('dosen', 'POST', `/v2/chat/group/${group.id}`, {
      name: 'Kelompok Satu',
      members: [world.student.nim!, classmate.nim!],
      id_kelas_kuliah: world.classId,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.name).toBe('Kelompok Satu');
    const thread = (await send('teman', 'GET', url)).json().data as ChatThread;
    expect(thread.pesan.map((m) => m.isi)).toEqual(['halo kelompok']);
    const titled = await send('dosen', 'POST', url, { judul: 'Diskusi kelompok' });
    expect(titled.json().data.judul).toBe('Diskusi kelompok');
    expect((await send('mahasiswa', 'POST', url, { judul: 'x' })).statusCode).toBe(200);
    expect(
      (
        await send('mahasiswa', 'POST', `/v2/chat/group/${group.id}`, {
          name: 'x',
          members: [],
          id_kelas_kuliah: world.classId,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('task groups (LMS-KELOMPOK-{id})', () => {
  it("let the group's members and the class's lecturers talk, comment on a group task, and nobody else", async () => {
    const { groupId: kelompokId } = await createTaskGroup(t.database, {
      collegeId: world.collegeId,
      kelasId: world.classId,
      memberIds: [world.student.userId],
    });
    const groupId = commentGroupId(taskId, kelompokId);
    const group = (await send('mahasiswa', 'GET', `/v2/chat/group/${groupId}`)).json().data as ChatGroup;
    expect(group.jenis).toBe('kelompok');
    expect(group.members.map((m) => m.id).sort()).toEqual(
      [world.student.userId, world.teacher.userId].sort(),
    );
    const talk = `/v2/chat/group/${groupId}/thread/percakapan`;
    expect((await send('mahasiswa', 'POST', `${talk}/pesan`, { isi: 'Bagi tugas, ya' })).statusCode).toBe(
      200,
    );
    expect((await send('dosen', 'GET', talk)).json().data.pesan).toHaveLength(1);
    expect((await send('teman', 'GET', talk)).statusCode).toBe(403);
    expect((await send('operator', 'GET', talk)).statusCode).toBe(403);
    const comments = commentThreadId({ type: 'tugas', groupId, contentId: taskId });
    const url = `/v2/chat/group/${groupId}/thread/${comments}`;
    expect((await send('dosen', 'POST', `${url}/pesan`, { isi: 'Bagus' })).statusCode).toBe(200);
    expect((await send('mahasiswa', 'GET', url)).json().data.pesan[0].isi).toBe('Bagus');
    const studentThread = commentThreadId({
      type: 'tugas',
      groupId,
      contentId: taskId,
      studentId: world.student.userId,
    });
    expect(
      (await send('mahasiswa', 'GET', `/v2/chat/group/${groupId}/thread/${studentThread}`)).statusCode,
    ).toBe(400);
    expect((await send('dosen', 'GET', `/v2/chat/group/LMS-KELOMPOK-${randomUUID()}`)).statusCode).toBe(404);
  });
});
