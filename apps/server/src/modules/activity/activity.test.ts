import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingDetailSchema } from '@lms/contract/meeting.schema';
import type { Db } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createClassWorld, type ClassWorld } from '../../testing/factories.ts';
import { sharedClassId } from '../../testing/demo-world.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import {
  countActivitiesOfMeetings,
  countDashboardTiles,
  meetingProgress,
  publishActivityScores,
  recordActivityFact,
  recordActivityFacts,
  recordActivityScore,
  removeActivity,
  syncActivities,
  syncActivity,
  type ActivityInput,
} from './activity.api.ts';

let t: TestApp;
let db: Db;
const tokens: Record<string, string> = {};
let other: ClassWorld;
/** Meetings 1–4 of the shared class; each describe block takes its own, so counts do not mix. */
const meeting: Record<number, string> = {};
/** Students enrolled in the shared class; `mahasiswa` first. */
let studentIds: string[] = [];
let outsiderId: string;
let dosenId: string;

const allOn = {
  hadir_vidcon: true,
  kerjakan_kuis_ujian: true,
  kerjakan_tugas: true,
  posting_forum: true,
  unduh_materi: true,
};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  db = t.database.db;
  for (const u of ['mahasiswa', 'dosen']) tokens[u] = (await signIn(t.app, u)).access_token;
  other = await createClassWorld(t.database);
  const meetings = await t.database.query<{ id: string; nomor: number }>(
    `select id, nomor from meetings where college_id = 'demo' and kelas_id = $1 and nomor <= 4`,
    [sharedClassId],
  );
  for (const m of meetings) meeting[m.nomor] = m.id;
  // Online meetings with every attendance parameter on, so each kind can count.
  await t.database.query(
    `update meetings set jenis = 'online', parameter_kehadiran = $2 where college_id = 'demo' and kelas_id = $1`,
    [sharedClassId, JSON.stringify(allOn)],
  );
  const students = await t.database.query<{ id: string }>(
    `select cs.mahasiswa_id as id from class_students cs join users u on u.id = cs.mahasiswa_id
      where cs.college_id = 'demo' and cs.kelas_id = $1 order by u.username <> 'mahasiswa', u.username`,
    [sharedClassId],
  );
  studentIds = students.map((s) => s.id);
  const [outsider] = await t.database.query<{ id: string }>(
    `select u.id from users u where u.college_id = 'demo' and u.role = 'mahasiswa'
       and not exists (select 1 from class_students cs where cs.college_id = 'demo' and cs.kelas_id = $1 and cs.mahasiswa_id = u.id) limit 1`,
    [sharedClassId],
  );
  outsiderId = outsider!.id;
  const [dosen] = await t.database.query<{ id: string }>(
    `select id from users where college_id = 'demo' and username = 'dosen'`,
  );
  dosenId = dosen!.id;
});
afterAll(async () => t.close());

const item = (
  nomor: number,
  kind: ActivityInput['kind'],
  contentId: string,
  extra: Partial<ActivityInput> = {},
) => ({
  collegeId: 'demo',
  kind,
  contentId,
  pertemuanId: meeting[nomor]!,
  title: `${kind} ${contentId}`,
  countsForAttendance: kind !== 'teks',
  ...extra,
});

async function activityRow(kind: string, contentId: string) {
  const [row] = await t.database.query<{ id: string; title: string; kelas_id: string; updated_at: Date }>(
    `select id, title, kelas_id, updated_at from activities where college_id = 'demo' and kind = $1 and content_id = $2`,
    [kind, contentId],
  );
  return row;
}

async function factRow(kind: string, contentId: string, studentId: string) {
  const [row] = await t.database.query<Record<string, unknown>>(
    `select f.* from activity_facts f join activities a on a.id = f.activity_id
      where a.kind = $1 and a.content_id = $2 and f.mahasiswa_id = $3`,
    [kind, contentId, studentId],
  );
  return row;
}

/** Counts the statements a call issues, to show that it is set-based. */
function countingDb(): { db: Db; statements: () => number } {
  let n = 0;
  const wrapped = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'select' || prop === 'insert' || prop === 'update' || prop === 'delete') n++;
      if (prop === 'with') n++;
      return Reflect.get(target, prop, receiver);
    },
  });
  return { db: wrapped, statements: () => n };
}

describe('syncActivity and removeActivity', () => {
  it('creates the activity once, takes the class from the meeting and rewrites only on change', async () => {
    await syncActivity(db, item(1, 'materi', 'm-1'));
    const first = await activityRow('materi', 'm-1');
    expect(first).toMatchObject({ title: 'materi m-1', kelas_id: sharedClassId });
    await syncActivity(db, item(1, 'materi', 'm-1'));
    const again = await activityRow('materi', 'm-1');
    expect(again!.id).toBe(first!.id);
    expect(again!.updated_at).toEqual(first!.updated_at);
    await syncActivity(db, item(1, 'materi', 'm-1', { title: 'Bab 1' }));
    const renamed = await activityRow('materi', 'm-1');
    expect(renamed!.title).toBe('Bab 1');
    expect(renamed!.updated_at.getTime()).toBeGreaterThan(first!.updated_at.getTime());
    const [{ n }] = (await t.database.query<{ n: number }>(
      `select count(*)::int as n from activities where content_id = 'm-1'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("refuses a meeting of another college (404) and keeps the colleges' keys apart", async () => {
    await expect(
      syncActivity(db, { ...item(1, 'materi', 'x-1'), pertemuanId: other.meetingId }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'meeting_not_found' });
    await syncActivity(db, {
      ...item(1, 'materi', 'shared-id'),
      collegeId: other.collegeId,
      pertemuanId: other.meetingId,
    });
    await syncActivity(db, item(1, 'materi', 'shared-id'));
    const rows = await t.database.query<{ college_id: string }>(
      `select college_id from activities where content_id = 'shared-id' order by college_id`,
    );
    expect(rows.map((r) => r.college_id).sort()).toEqual(['demo', other.collegeId].sort());
    expect(await removeActivity(db, other.collegeId, { kind: 'materi', contentId: 'shared-id' })).toBe(true);
    expect(await activityRow('materi', 'shared-id')).toBeDefined();
  });

  it('removes an activity with its facts', async () => {
    await syncActivity(db, item(1, 'forum', 'f-gone'));
    await recordActivityFact(db, {
      collegeId: 'demo',
      kind: 'forum',
      contentId: 'f-gone',
      mahasiswaId: studentIds[0]!,
      evidence: { postCount: 1 },
    });
    expect(await removeActivity(db, 'demo', { kind: 'forum', contentId: 'f-gone' })).toBe(true);
    expect(await activityRow('forum', 'f-gone')).toBeUndefined();
    expect(await factRow('forum', 'f-gone', studentIds[0]!)).toBeUndefined();
    expect(await removeActivity(db, 'demo', { kind: 'forum', contentId: 'f-gone' })).toBe(false);
  });

  it('syncs a batch in the same few statements as one item', async () => {
    const counting = countingDb();
    await syncActivities(
      counting.db,
      Array.from({ length: 50 }, (_, i) => item(4, 'teks', `batch-${i}`)),
    );
    // The meetings' classes, the upsert, then the meeting's attendance progress (one INSERT … SELECT;
    // its NOTIFY goes through execute, which the proxy does not count).
    expect(counting.statements()).toBe(3);
    expect((await countActivitiesOfMeetings(db, 'demo', [meeting[4]!])).get(meeting[4]!)!.teks).toBe(50);
  });
});

describe('recordActivityFact', () => {
  const due = new Date('2026-09-10T10:00:00Z');
  beforeAll(async () => {
    await syncActivity(db, item(2, 'tugas', 't-1', { dueAt: due }));
    await syncActivity(db, item(2, 'vidcon', 'v-1'));
  });
  const fact = (studentId: string, extra: object) => ({
    collegeId: 'demo',
    kind: 'tugas' as const,
    contentId: 't-1',
    mahasiswaId: studentId,
    ...extra,
  });

  it('decides on time or late from due_at and never lowers a completion', async () => {
    const s = studentIds[0]!;
    await recordActivityFact(db, fact(s, { completedAt: new Date('2026-09-11T00:00:00Z') }));
    expect(await factRow('tugas', 't-1', s)).toMatchObject({ completed: true, timing: 'late' });
    // A later event without completion (a re-opened page) keeps it completed.
    await recordActivityFact(db, fact(s, { evidence: { submittedAt: new Date('2026-09-12T00:00:00Z') } }));
    expect(await factRow('tugas', 't-1', s)).toMatchObject({ completed: true, timing: 'late' });
    // An earlier completion arriving late replaces the time and the timing.
    await recordActivityFact(db, fact(s, { completedAt: new Date('2026-09-09T00:00:00Z') }));
    const row = await factRow('tugas', 't-1', s);
    expect(row).toMatchObject({ completed: true, timing: 'on_time' });
    expect((row!.completed_at as Date).toISOString()).toBe('2026-09-09T00:00:00.000Z');
    // A later completion does not move it again.
    await recordActivityFact(db, fact(s, { completedAt: new Date('2026-09-20T00:00:00Z') }));
    expect(await factRow('tugas', 't-1', s)).toMatchObject({ timing: 'on_time' });
  });

  it('merges evidence: first time, largest amount', async () => {
    const s = studentIds[1]!;
    const v = (evidence: object) => ({ ...fact(s, {}), kind: 'vidcon' as const, contentId: 'v-1', evidence });
    await recordActivityFact(db, v({ joinedAt: new Date('2026-09-01T02:00:00Z'), watchedPercent: 40 }));
    await recordActivityFact(db, v({ joinedAt: new Date('2026-09-01T03:00:00Z'), watchedPercent: 30 }));
    await recordActivityFact(db, v({ joinedAt: new Date('2026-09-01T01:30:00Z'), watchedPercent: 140 }));
    const row = await factRow('vidcon', 'v-1', s);
    expect((row!.joined_at as Date).toISOString()).toBe('2026-09-01T01:30:00.000Z');
    expect(row).toMatchObject({ watched_percent: 100, completed: false, timing: null });
  });

  it('records a batch, with repeats of one student, in a few statements; unsynced content is a bug', async () => {
    const counting = countingDb();
    await recordActivityFacts(counting.db, [
      ...studentIds.map((s) => fact(s, { evidence: { submittedAt: new Date('2026-09-05T00:00:00Z') } })),
      fact(studentIds[2]!, { completedAt: new Date('2026-09-06T00:00:00Z') }),
    ]);
    // One read of the activities, one of the students, then one upsert per round (the repeated student
    // makes a second round); then one refresh of those students' attendance progress (its NOTIFY goes
    // through execute, which the proxy does not count).
    expect(counting.statements()).toBe(5);
    expect(await factRow('tugas', 't-1', studentIds[2]!)).toMatchObject({
      completed: true,
      timing: 'on_time',
    });
    await expect(recordActivityFact(db, fact(studentIds[0]!, { contentId: 'never-synced' }))).rejects.toThrow(
      /not synced/,
    );
    await expect(recordActivityFact(db, fact(other.student.userId, {}))).rejects.toThrow(
      /not of college demo/,
    );
  });
});

describe('recordActivityScore', () => {
  beforeAll(async () => syncActivity(db, item(2, 'ujian', 'u-1')));
  const ref = { collegeId: 'demo', kind: 'ujian' as const, contentId: 'u-1' };
  const score = (studentId: string, extra: { score: number | null; published?: boolean }) => ({
    ...ref,
    mahasiswaId: studentId,
    ...extra,
  });

  it('stores a score without touching completion and keeps the published flag when not given', async () => {
    const s = studentIds[0]!;
    await recordActivityFact(db, { ...ref, mahasiswaId: s, completedAt: new Date('2026-09-02T00:00:00Z') });
    await recordActivityScore(db, score(s, { score: 87.5 }));
    expect(await factRow('ujian', 'u-1', s)).toMatchObject({
      score: '87.50',
      graded: true,
      published: false,
      completed: true,
    });
    await recordActivityScore(db, score(s, { score: 90, published: true }));
    await recordActivityScore(db, score(s, { score: 91 }));
    expect(await factRow('ujian', 'u-1', s)).toMatchObject({
      score: '91.00',
      published: true,
      completed: true,
    });
    await recordActivityScore(db, score(s, { score: null }));
    expect(await factRow('ujian', 'u-1', s)).toMatchObject({ score: null, graded: false });
  });

  it('creates the fact of a student with no activity yet, and publishes every score of an item', async () => {
    const s = studentIds[1]!;
    await recordActivityScore(db, score(s, { score: 0 }));
    expect(await factRow('ujian', 'u-1', s)).toMatchObject({ score: '0.00', graded: true, completed: false });
    expect(await publishActivityScores(db, 'demo', { kind: 'ujian', contentId: 'u-1' }, true)).toBe(1);
    expect(await factRow('ujian', 'u-1', s)).toMatchObject({ published: true });
  });
});

describe('countActivitiesOfMeetings and meetingProgress', () => {
  it('counts per meeting and kind; unknown and foreign meetings answer zeros', async () => {
    await syncActivities(db, [
      item(3, 'materi', 'c-m1'),
      item(3, 'materi', 'c-m2'),
      item(3, 'forum', 'c-f1'),
    ]);
    const counts = await countActivitiesOfMeetings(db, 'demo', [meeting[3]!, other.meetingId]);
    expect(counts.get(meeting[3]!)).toEqual({ materi: 2, tugas: 0, ujian: 0, forum: 1, vidcon: 0, teks: 0 });
    expect(counts.get(other.meetingId)).toEqual({
      materi: 0,
      tugas: 0,
      ujian: 0,
      forum: 0,
      vidcon: 0,
      teks: 0,
    });
  });

  it('computes attendance from the counting activities of enrolled students', async () => {
    // Meeting 3: c-m1, c-m2, c-f1 count; a text block and an optional material do not.
    await syncActivities(db, [
      item(3, 'teks', 'c-t1'),
      item(3, 'materi', 'c-opt', { countsForAttendance: false }),
    ]);
    const done = (s: string, contentId: string, kind: 'materi' | 'forum' | 'teks' = 'materi') => ({
      collegeId: 'demo',
      kind,
      contentId,
      mahasiswaId: s,
      completedAt: new Date('2026-09-03T00:00:00Z'),
    });
    const [a, b, c] = studentIds;
    await recordActivityFacts(db, [
      done(a!, 'c-m1'),
      done(a!, 'c-m2'),
      done(a!, 'c-f1', 'forum'),
      done(b!, 'c-m1'),
      done(b!, 'c-m2'),
      done(b!, 'c-opt'),
      done(b!, 'c-t1', 'teks'),
      done(c!, 'c-m1'),
      // Not enrolled: does not count.
      done(outsiderId, 'c-m1'),
      done(outsiderId, 'c-m2'),
      done(outsiderId, 'c-f1', 'forum'),
    ]);
    const n = studentIds.length;
    const expected = (hadir: number) => ({
      pesertaHadir: hadir,
      progressPeserta: Math.round(((3 / 3 + 2 / 3 + 1 / 3) / n) * 1000) / 10,
    });
    expect((await meetingProgress(db, 'demo', [meeting[3]!], 100)).get(meeting[3]!)).toEqual(expected(1));
    expect((await meetingProgress(db, 'demo', [meeting[3]!], 60)).get(meeting[3]!)).toEqual(expected(2));

    // The meeting's parameters decide which kinds count: without forums, b has done everything.
    await t.database.query(`update meetings set parameter_kehadiran = $2 where id = $1`, [
      meeting[3],
      JSON.stringify({ ...allOn, posting_forum: false }),
    ]);
    expect((await meetingProgress(db, 'demo', [meeting[3]!], 100)).get(meeting[3]!)).toEqual({
      pesertaHadir: 2,
      progressPeserta: Math.round(((1 + 1 + 1 / 2) / n) * 1000) / 10,
    });
    await t.database.query(`update meetings set parameter_kehadiran = $2 where id = $1`, [
      meeting[3],
      JSON.stringify(allOn),
    ]);
    // Another college sees nothing of it.
    expect((await meetingProgress(db, other.collegeId, [meeting[3]!], 100)).get(meeting[3]!)).toEqual({
      pesertaHadir: 0,
      progressPeserta: 0,
    });
  });
});

describe('through the routes', () => {
  const get = (u: string, url: string) => t.app.inject({ url, headers: bearerHeaders(tokens[u]!) });

  it("a meeting's count_activity, peserta_hadir and progress_peserta follow the activity model", async () => {
    const id = meeting[4]!;
    const before = meetingDetailSchema.parse((await get('dosen', `/v2/lms/pertemuan/${id}`)).json().data);
    expect(before).toMatchObject({ peserta_hadir: 0, progress_peserta: 0 });
    await syncActivities(db, [
      item(4, 'materi', 'r-m1'),
      item(4, 'vidcon', 'r-v1'),
      item(4, 'ujian', 'r-u1'),
    ]);
    const after = meetingDetailSchema.parse((await get('dosen', `/v2/lms/pertemuan/${id}`)).json().data);
    // Materi and Kuis/Ujian are counted by their own areas (what the caller's material and exam lists
    // show), so activity rows without a material or an exam behind them do not add to them.
    expect(after.count_activity).toEqual({ ...before.count_activity, vidcon: 1 });

    const completedAt = new Date();
    await recordActivityFacts(
      db,
      ['r-m1', 'r-v1', 'r-u1'].map((contentId, i) => ({
        collegeId: 'demo',
        kind: (['materi', 'vidcon', 'ujian'] as const)[i]!,
        contentId,
        mahasiswaId: studentIds[0]!,
        completedAt,
      })),
    );
    const attended = meetingDetailSchema.parse(
      (await get('mahasiswa', `/v2/lms/pertemuan/${id}`)).json().data,
    );
    expect(attended.peserta_hadir).toBe(1);
    expect(attended.progress_peserta).toBe(Math.round((1 / attended.jumlah_peserta) * 1000) / 10);
  });

  it('the dashboard tiles follow the activity model for students and lecturers', async () => {
    const tiles = async (u: string) => (await get(u, '/v2/lms/statistik_beranda')).json().data;
    const student0 = await tiles('mahasiswa');
    const lecturer0 = await tiles('dosen');
    const hour = 3_600_000;
    const now = Date.now();
    await syncActivities(db, [
      item(1, 'tugas', 'd-t1', { opensAt: new Date(now - hour), closesAt: new Date(now + 24 * hour) }),
      item(1, 'tugas', 'd-t-later', { opensAt: new Date(now + 24 * hour) }),
      item(1, 'ujian', 'd-u1', { opensAt: new Date(now + 24 * hour), closesAt: new Date(now + 26 * hour) }),
      item(1, 'ujian', 'd-u-past', { closesAt: new Date(now - 24 * hour) }),
      item(1, 'forum', 'd-f1'),
      item(1, 'vidcon', 'd-v1', { opensAt: new Date(now + 2 * hour), closesAt: new Date(now + 3 * hour) }),
      item(1, 'vidcon', 'd-v-old', {
        opensAt: new Date(now - 72 * hour),
        closesAt: new Date(now - 71 * hour),
      }),
    ]);
    const plus = (base: Record<string, number>, add: Record<string, number>) =>
      Object.fromEntries(Object.entries(base).map(([k, v]) => [k, v + (add[k] ?? 0)]));
    expect(await tiles('mahasiswa')).toEqual(plus(student0, { tugas: 1, ujian: 1, forum: 1, vidcon: 1 }));
    // Lecturers: exams, forums, vidcons of their classes; no hand-in waits for a grade yet.
    expect(await tiles('dosen')).toEqual(plus(lecturer0, { ujian: 1, forum: 1, vidcon: 1 }));

    // The student hands in: one task less for them, one hand-in to grade for the lecturer.
    const handIn = {
      collegeId: 'demo',
      kind: 'tugas' as const,
      contentId: 'd-t1',
      mahasiswaId: studentIds[0]!,
    };
    await recordActivityFact(db, {
      ...handIn,
      completedAt: new Date(),
      evidence: { submittedAt: new Date() },
    });
    expect((await tiles('mahasiswa')).tugas).toBe(student0.tugas);
    expect((await tiles('dosen')).tugas).toBe(lecturer0.tugas + 1);
    await recordActivityScore(db, { ...handIn, score: 80 });
    expect((await tiles('dosen')).tugas).toBe(lecturer0.tugas);

    // The api answers the same for the lecturer as the route; the whole college holds at least as much.
    const at = { now: new Date(), timeZone: 'Asia/Jakarta' };
    const lecturer = await countDashboardTiles(db, 'demo', { kind: 'teacher', userId: dosenId }, at);
    expect(lecturer).toEqual(await tiles('dosen'));
    const college = await countDashboardTiles(db, 'demo', { kind: 'all' }, at);
    for (const key of ['tugas', 'ujian', 'forum', 'vidcon'] as const) {
      expect(college[key]).toBeGreaterThanOrEqual(lecturer[key]);
    }
  });
});
