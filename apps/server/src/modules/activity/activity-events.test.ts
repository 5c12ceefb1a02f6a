import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coalesceWindowMs } from '../../platform/event-coalescer.ts';
import { eventsChannel, streamKey } from '../../platform/event-hub.ts';
import {
  createClass,
  createClassWorld,
  createForum,
  createMaterial,
  createMeeting,
  createUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signToken } from '../../testing/requests.ts';
import { openSseClient, type SseClient } from '../../testing/sse-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { attendanceStreamKey, recordActivityFacts, type ActivityFactInput } from './activity.api.ts';

// Hot events (students' activity facts) are gathered per class stream into one NOTIFY per window;
// events that must arrive one by one (forum posts, chat messages, exam time changes) are not.

let t: TestApp;
let base: string;
let world: ClassWorld;
let students: UserRef[];
let classA: string;
let classB: string;
let meetingA: string;
let meetingB: string;
let materialsA: string[];
let materialB: string;
let teacherToken: string;
const clients: SseClient[] = [];
/** Every NOTIFY PostgreSQL delivered on the events channel, with when it arrived. */
const notifies: { key: string; event: string; data: unknown; at: number }[] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  world = await createClassWorld(t.database);
  const { collegeId } = world;
  students = [];
  for (let i = 0; i < 20; i++) {
    students.push(await createUser(t.database, { collegeId, role: 'mahasiswa', prodiId: world.prodiId }));
  }
  const studentIds = students.map((s) => s.userId);
  const teachers = [world.teacher.userId];
  classA = (await createClass(t.database, { collegeId, courseId: world.courseId, teachers, studentIds }))
    .classId;
  classB = (await createClass(t.database, { collegeId, courseId: world.courseId, teachers, studentIds }))
    .classId;
  const now = Date.now();
  const times = { waktuMulai: new Date(now - 3_600_000), waktuSelesai: new Date(now + 3_600_000) };
  meetingA = (await createMeeting(t.database, { collegeId, classId: classA, ...times })).meetingId;
  meetingB = (await createMeeting(t.database, { collegeId, classId: classB, ...times })).meetingId;
  materialsA = [];
  for (let i = 0; i < 2; i++) {
    materialsA.push(
      (await createMaterial(t.database, { collegeId, meetingId: meetingA, isSyaratHadir: true })).materialId,
    );
  }
  materialB = (await createMaterial(t.database, { collegeId, meetingId: meetingB, isSyaratHadir: true }))
    .materialId;
  teacherToken = await signToken(t.app, { userId: world.teacher.userId, collegeId, role: 'dosen' });
  unlisten = await t.database.listen(eventsChannel, (payload) => {
    const { k, e, d } = JSON.parse(payload) as { k: string; e: string; d: unknown };
    notifies.push({ key: k, event: e, data: d, at: Date.now() });
  });
}, 120_000);
afterAll(async () => {
  for (const client of clients) client.close();
  await unlisten();
  await t.close();
});

async function connect(path: string): Promise<SseClient> {
  const sep = path.includes('?') ? '&' : '?';
  const client = await openSseClient(
    `${base}${path}${sep}access_token=${teacherToken}&college-id=${world.collegeId}`,
  );
  clients.push(client);
  return client;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A playback report: students watch a video and report every few seconds, each report a fact. */
function playback(student: UserRef, materialId: string, percent: number): ActivityFactInput {
  return {
    collegeId: world.collegeId,
    kind: 'materi',
    contentId: materialId,
    mahasiswaId: student.userId,
    completedAt: percent >= 80 ? new Date() : null,
    evidence: { openedAt: new Date(), watchedPercent: percent },
  };
}

/** Records facts as concurrent requests would, `parallel` at a time, each on its own. */
async function storm(facts: ActivityFactInput[], parallel = 10): Promise<void> {
  for (let i = 0; i < facts.length; i += parallel) {
    await Promise.all(facts.slice(i, i + parallel).map((fact) => recordActivityFacts(t.database.db, [fact])));
  }
}

describe('hot activity events', () => {
  it('announce a burst of one class in one NOTIFY per window, and the page still refreshes after the last', async () => {
    const page = await connect(`/v2/lms/events/kehadiran_mahasiswa?id_kelas_kuliah=${classA}`);
    await page.next((m) => m.comment !== undefined || m.event !== undefined, 2_000).catch(() => undefined);
    const keyA = attendanceStreamKey(world.collegeId, classA);
    const keyB = attendanceStreamKey(world.collegeId, classB);
    const facts: ActivityFactInput[] = [];
    // 200 facts in class A (20 students × 2 materials × 5 reports) and 60 in class B, interleaved.
    for (let report = 1; report <= 5; report++) {
      for (const student of students) {
        for (const materialId of materialsA) facts.push(playback(student, materialId, report * 20));
        if (report % 2 === 0 || report === 5) facts.push(playback(student, materialB, report * 20));
      }
    }
    const factsA = facts.filter((f) => f.contentId !== materialB).length;
    const factsB = facts.length - factsA;
    expect(factsA).toBe(200);
    const first = notifies.length;
    const started = Date.now();
    await storm(facts);
    const lastFactAt = Date.now();
    await sleep(coalesceWindowMs * 2 + 200);
    const heard = notifies.slice(first);
    const ofA = heard.filter((n) => n.key === keyA);
    const ofB = heard.filter((n) => n.key === keyB);
    const windows = Math.ceil((lastFactAt - started) / coalesceWindowMs) + 1;
    const perSecond = (n: number) => Math.round((n * 1000) / (lastFactAt - started));
    console.log(
      `storm: ${facts.length} facts in ${lastFactAt - started} ms (${perSecond(facts.length)} facts/s), ` +
        `${ofA.length + ofB.length} NOTIFYs (${perSecond(ofA.length + ofB.length)}/s): ` +
        `class A ${factsA} facts → ${ofA.length}, class B ${factsB} facts → ${ofB.length}; ${windows} windows`,
    );
    // The first of a window goes out at once, the rest of it merged at its end: at most 2 per window.
    for (const announcements of [ofA, ofB]) {
      expect(announcements.length).toBeGreaterThanOrEqual(1);
      expect(announcements.length).toBeLessThanOrEqual(2 * windows);
      for (const n of announcements) expect(n.event).toBe('progress');
    }
    expect(ofA.length).toBeLessThan(factsA / 4);
    expect(ofA.every((n) => (n.data as { id_pertemuan: string[] }).id_pertemuan.includes(meetingA))).toBe(
      true,
    );
    expect(ofB.every((n) => (n.data as { id_pertemuan: string[] }).id_pertemuan.includes(meetingB))).toBe(
      true,
    );
    // Nothing is left unsaid: the last announcement of each class comes after its last fact.
    expect(ofA.at(-1)!.at).toBeGreaterThanOrEqual(lastFactAt - coalesceWindowMs);
    expect(ofB.at(-1)!.at).toBeGreaterThanOrEqual(lastFactAt - coalesceWindowMs);
    // The page of class A heard each of its class's announcements over SSE, none of class B's.
    await page.next(() => page.messages.filter((m) => m.event === 'progress').length >= ofA.length, 2_000);
    const progress = page.messages.filter((m) => m.event === 'progress');
    expect(progress).toHaveLength(ofA.length);
    expect(JSON.parse(progress.at(-1)!.data!)).toEqual({ id_pertemuan: [meetingA] });
  });

  it('announce a lone fact at once', async () => {
    await sleep(coalesceWindowMs + 100);
    const keyB = attendanceStreamKey(world.collegeId, classB);
    const first = notifies.length;
    await recordActivityFacts(t.database.db, [playback(students[0]!, materialB, 100)]);
    const recordedAt = Date.now();
    while (!notifies.slice(first).some((n) => n.key === keyB) && Date.now() - recordedAt < 1_000)
      await sleep(5);
    const heard = notifies.slice(first).filter((n) => n.key === keyB);
    expect(heard).toEqual([
      expect.objectContaining({ event: 'progress', data: { id_pertemuan: [meetingB] } }),
    ]);
    // Sent with the fact, not at the end of a window.
    expect(heard[0]!.at - recordedAt).toBeLessThan(coalesceWindowMs / 2);
  });
});

describe('events that must arrive one by one', () => {
  it('forum posts during a storm of facts reach the forum page each, promptly and in order', async () => {
    const { forumId } = await createForum(t.database, { collegeId: world.collegeId, meetingId: meetingA });
    const page = await connect(`/v2/lms/forum/${forumId}/events`);
    const forumKey = streamKey(world.collegeId, 'forum', forumId);
    const first = notifies.length;
    const facts = students.flatMap((s) => materialsA.map((m) => playback(s, m, 100)));
    const posted: string[] = [];
    await Promise.all([
      storm(facts),
      (async () => {
        for (let i = 0; i < 10; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/v2/lms/forum/${forumId}/post`,
            headers: bearerHeaders(teacherToken, world.collegeId),
            payload: { isi: `<p>Catatan ${i + 1}.</p>` },
          });
          expect(res.statusCode, res.body).toBe(200);
          posted.push((res.json().data as { id: string }).id);
        }
      })(),
    ]);
    await page.next(() => page.messages.filter((m) => m.event === 'post').length >= 10, 2_000);
    const heard = page.messages.filter((m) => m.event === 'post').map((m) => JSON.parse(m.data!).id);
    expect(heard).toEqual(posted);
    expect(notifies.slice(first).filter((n) => n.key === forumKey)).toHaveLength(10);
  });
});
