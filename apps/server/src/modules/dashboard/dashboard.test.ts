import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEventSchema } from '@lms/contract/dashboard.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signInAll, signToken } from '../../testing/requests.ts';
import {
  buildOperatorPermissions,
  createClass,
  createClassWorld,
  createCollege,
  createExam,
  createForum,
  createMeeting,
  createTask,
  createUser,
  createVidcon,
  type UserRef,
} from '../../testing/factories.ts';
import { sharedClassId } from '../../testing/demo-world.ts';
import { recordActivityFact } from '../activity/activity.api.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let otherMeetingId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen', 'operator', 'operator.lihat']));
  // Another college's meeting in this week, so that only tenancy keeps it out.
  const { collegeId } = await createCollege(t.database);
  const { classId } = await createClass(t.database, { collegeId });
  otherMeetingId = (await createMeeting(t.database, { collegeId, classId, waktuMulai: new Date() }))
    .meetingId;
});
afterAll(async () => {
  await t.close();
});

const get = (u: string, url: string) => t.app.inject({ url, headers: bearerHeaders(tokens[u]!) });
const week = () => {
  const start = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 4 * 86_400_000).toISOString();
  return `start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;
};

async function classIdsOf(
  username: string,
  table: 'class_students' | 'class_teachers',
): Promise<Set<string>> {
  const column = table === 'class_students' ? 'mahasiswa_id' : 'dosen_id';
  const rows = await t.database.query<{ kelas_id: string }>(
    `select x.kelas_id from ${table} x join users u on u.id = x.${column} where u.username = $1`,
    [username],
  );
  return new Set(rows.map((r) => r.kelas_id));
}

describe('GET /v2/lms/kalender', () => {
  it('gives a student the meetings of their enrolled classes in the range, earliest first', async () => {
    const res = await get('mahasiswa', `/v2/lms/kalender?${week()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThan(0);
    for (const event of body.data) calendarEventSchema.parse(event);
    const enrolled = await classIdsOf('mahasiswa', 'class_students');
    expect(body.data.every((e: { kelas: { id: string } }) => enrolled.has(e.kelas.id))).toBe(true);
    const starts = body.data.map((e: { waktu_mulai: string }) => Date.parse(e.waktu_mulai));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // The class's meeting (its exams, tasks and vidcons are in the month too).
    const shared = body.data.find(
      (e: { jenis: string; kelas: { id: string } }) =>
        e.kelas.id === sharedClassId && e.jenis === 'pertemuan',
    );
    expect(shared).toMatchObject({
      jenis: 'pertemuan',
      tautan: expect.stringMatching(new RegExp(`^/kelas/${sharedClassId}/[0-9a-f-]{36}$`)),
      kelas: { mata_kuliah: { id: 'IF2102' } },
      judul: expect.stringMatching(/^Pertemuan \d+: /),
    });
    expect(body.meta).toEqual({ total_items: body.data.length, terpotong: false });
  });

  it('gives a lecturer the meetings of the classes they teach', async () => {
    const body = (await get('dosen', `/v2/lms/kalender?${week()}`)).json();
    const taught = await classIdsOf('dosen', 'class_teachers');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((e: { kelas: { id: string } }) => taught.has(e.kelas.id))).toBe(true);
  });

  it('gives operators with read every meeting of their college, none of another', async () => {
    const start = new Date(Date.now() - 3 * 86_400_000);
    const end = new Date(Date.now() + 4 * 86_400_000);
    const range = `start=${encodeURIComponent(start.toISOString())}&end=${encodeURIComponent(end.toISOString())}`;
    const body = (await get('operator.lihat', `/v2/lms/kalender?${range}`)).json();
    const [counted] = await t.database.query<{ n: number }>(
      `select count(*)::int n from meetings where college_id = 'demo' and waktu_mulai < $2 and waktu_selesai > $1`,
      [start, end],
    );
    const n = counted!.n;
    const meetings = body.data.filter((e: { jenis: string }) => e.jenis === 'pertemuan');
    expect(meetings).toHaveLength(n);
    expect(body.meta.total_items).toBe(body.data.length);
    expect(meetings.some((e: { pertemuan: { id: string } }) => e.pertemuan.id === otherMeetingId)).toBe(
      false,
    );
    const student = (await get('mahasiswa', `/v2/lms/kalender?${range}`)).json();
    expect(body.data.length).toBeGreaterThan(student.data.length);
  });

  it('takes only the meetings that overlap the range', async () => {
    const [m] = await t.database.query<{ id: string; waktu_mulai: Date; waktu_selesai: Date }>(
      `select m.id, m.waktu_mulai, m.waktu_selesai from meetings m where m.college_id = 'demo' and m.kelas_id = $1 order by nomor limit 1`,
      [sharedClassId],
    );
    const at = (d: Date, ms: number) => encodeURIComponent(new Date(d.getTime() + ms).toISOString());
    const inside = (
      await get(
        'dosen',
        `/v2/lms/kalender?start=${at(m!.waktu_mulai, 60_000)}&end=${at(m!.waktu_mulai, 120_000)}`,
      )
    ).json();
    const ids = (body: { data: Array<{ id: string }> }) => body.data.map((e) => e.id);
    expect(ids(inside)).toContain(`pertemuan:${m!.id}`);
    const after = (
      await get(
        'dosen',
        `/v2/lms/kalender?start=${at(m!.waktu_selesai, 0)}&end=${at(m!.waktu_selesai, 60_000)}`,
      )
    ).json();
    expect(ids(after)).not.toContain(`pertemuan:${m!.id}`);
  });

  it('refuses bad ranges and callers without a session', async () => {
    const now = Date.now();
    const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
    for (const query of [
      '',
      `start=${iso(now)}`,
      `start=kemarin&end=${iso(now)}`,
      `start=${iso(now)}&end=${iso(now - 1000)}`,
      `start=${iso(now)}&end=${iso(now + 63 * 86_400_000)}`,
    ]) {
      const res = await get('mahasiswa', `/v2/lms/kalender?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status.code).toBe('validation_failed');
    }
    expect((await t.app.inject({ url: `/v2/lms/kalender?${week()}` })).statusCode).toBe(401);
  });
});

describe('GET /v2/lms/statistik_beranda', () => {
  it('answers the four tile counts from the activity model', async () => {
    // The demo's vidcons in the student's classes that end today (WIB) or later.
    const [expected] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from vidcons v
         join class_students cs on cs.college_id = v.college_id and cs.kelas_id = v.kelas_id
         join users u on u.college_id = cs.college_id and u.id = cs.mahasiswa_id
        where v.college_id = 'demo' and u.username = 'mahasiswa'
          and v.waktu_selesai >= (date_trunc('day', now() at time zone 'Asia/Jakarta') at time zone 'Asia/Jakarta')`,
    );
    expect(expected!.n).toBeGreaterThan(0);
    // The demo's forums in the student's classes that are open now.
    const [open] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from forums f
         join class_students cs on cs.college_id = f.college_id and cs.kelas_id = f.kelas_id
         join users u on u.college_id = cs.college_id and u.id = cs.mahasiswa_id
        where f.college_id = 'demo' and u.username = 'mahasiswa' and f.waktu_mulai <= now() and f.waktu_selesai > now()`,
    );
    expect(open!.n).toBeGreaterThan(0);
    // The demo's exams in the student's classes that have not closed (the demo student has not taken them).
    const [exams] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from exams e
         join class_students cs on cs.college_id = e.college_id and cs.kelas_id = e.kelas_id
         join users u on u.college_id = cs.college_id and u.id = cs.mahasiswa_id
        where e.college_id = 'demo' and u.username = 'mahasiswa' and e.waktu_selesai > now()`,
    );
    expect(exams!.n).toBeGreaterThan(0);
    // The demo's tasks in the student's classes that are open now and not handed in (by them or their group).
    const [tasks] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from tasks k
         join class_students cs on cs.college_id = k.college_id and cs.kelas_id = k.kelas_id
         join users u on u.college_id = cs.college_id and u.id = cs.mahasiswa_id
        where k.college_id = 'demo' and u.username = 'mahasiswa' and k.waktu_mulai <= now()
          and (k.terima_terlambat or k.waktu_selesai > now())
          and not exists (select 1 from task_submissions s where s.tugas_id = k.id and (s.mahasiswa_id = u.id
            or s.kelompok_id in (select kelompok_id from task_group_members m where m.mahasiswa_id = u.id)))`,
    );
    expect(tasks!.n).toBeGreaterThan(0);
    const student = await get('mahasiswa', '/v2/lms/statistik_beranda');
    expect(student.json().data).toEqual({
      tugas: tasks!.n,
      ujian: exams!.n,
      forum: open!.n,
      vidcon: expected!.n,
    });
    // Operators with read count every class of the college: at least the student's open exams.
    const operator = (await get('operator.lihat', '/v2/lms/statistik_beranda')).json().data;
    expect(operator.ujian).toBeGreaterThanOrEqual(exams!.n);
    expect((await t.app.inject({ url: '/v2/lms/statistik_beranda' })).statusCode).toBe(401);
  });
});

/*
 * A college of its own for the calendar's other kinds and the operators' tiles, so that every expected
 * number is data this file made: class K1 (lecturer, student) and K2 (another student), each with a
 * meeting, an exam, a task and a vidcon in February 2027, plus K1's hidden exam and two remedials; and
 * another college with the same kinds in the same days.
 */
describe("the calendar's exams, task deadlines and vidcons; operators' tiles", () => {
  const at = (iso: string) => new Date(`2027-02-${iso}Z`);
  const month = `start=${encodeURIComponent('2027-01-31T17:00:00Z')}&end=${encodeURIComponent('2027-02-28T17:00:00Z')}`;
  const ids: Record<string, string> = {};
  const as: Record<string, string> = {};

  /** The kinds and ids of a caller's events in February 2027. */
  async function eventsOf(who: string): Promise<string[]> {
    const res = await t.app.inject({ url: `/v2/lms/kalender?${month}`, headers: bearerHeaders(as[who]!) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const event of body.data) calendarEventSchema.parse(event);
    expect(body.meta.total_items).toBe(body.data.length);
    return body.data.map((e: { id: string }) => e.id).sort();
  }

  /** Meeting, exam, task and vidcon of a class, with the task's deadline and the vidcon on the 10th. */
  async function content(collegeId: string, classId: string, key: string) {
    const { meetingId } = await createMeeting(t.database, {
      collegeId,
      classId,
      waktuMulai: at('10T01:00:00'),
    });
    ids[`${key}.pertemuan`] = `pertemuan:${meetingId}`;
    const exam = await createExam(t.database, {
      collegeId,
      meetingId,
      judul: `Kuis ${key}`,
      waktuMulai: at('10T02:00:00'),
      waktuSelesai: at('12T02:00:00'),
    });
    ids[`${key}.ujian`] = `ujian:${exam.examId}`;
    const task = await createTask(t.database, {
      collegeId,
      meetingId,
      waktuMulai: at('01T00:00:00'),
      waktuSelesai: at('11T16:59:00'),
    });
    ids[`${key}.tugas`] = `tugas:${task.taskId}`;
    const vidcon = await createVidcon(t.database, {
      collegeId,
      meetingId,
      waktuMulai: at('10T03:00:00'),
      waktuSelesai: at('10T04:00:00'),
    });
    ids[`${key}.vidcon`] = `vidcon:${vidcon.vidconId}`;
    return meetingId;
  }

  let collegeId: string;
  let student: UserRef;
  let k1: string;
  let k1Meeting: string;
  let k2Meeting: string;

  beforeAll(async () => {
    ({ collegeId } = await createCollege(t.database));
    const lecturer = await createUser(t.database, { collegeId, role: 'dosen' });
    student = await createUser(t.database, { collegeId, role: 'mahasiswa' });
    const classmate = await createUser(t.database, { collegeId, role: 'mahasiswa' });
    const other = await createUser(t.database, { collegeId, role: 'mahasiswa' });
    const reader = await createUser(t.database, {
      collegeId,
      role: 'operator',
      permissions: buildOperatorPermissions('read'),
    });
    const limited = await createUser(t.database, {
      collegeId,
      role: 'operator',
      permissions: buildOperatorPermissions('write', { kelas_kuliah: 'no_access' }),
    });
    k1 = (
      await createClass(t.database, {
        collegeId,
        teachers: [lecturer.userId],
        studentIds: [student.userId, classmate.userId],
      })
    ).classId;
    const k2 = (await createClass(t.database, { collegeId, studentIds: [other.userId] })).classId;
    k1Meeting = await content(collegeId, k1, 'k1');
    k2Meeting = await content(collegeId, k2, 'k2');
    // Hidden from students: an exam not shown, and remedials of whom the classmate is not a participant.
    const hidden = await createExam(t.database, {
      collegeId,
      meetingId: k1Meeting,
      ditampilkan: false,
      waktuMulai: at('15T01:00:00'),
      waktuSelesai: at('15T02:00:00'),
    });
    ids['k1.tersembunyi'] = `ujian:${hidden.examId}`;
    const remedial = await createExam(t.database, {
      collegeId,
      meetingId: k1Meeting,
      jenis: 'remedial',
      pesertaRemedial: [student.nim!],
      waktuMulai: at('16T01:00:00'),
      waktuSelesai: at('16T02:00:00'),
    });
    ids['k1.remedial'] = `ujian:${remedial.examId}`;
    // A deadline after the month stays out although the task opened in it.
    await createTask(t.database, {
      collegeId,
      meetingId: k1Meeting,
      waktuMulai: at('20T00:00:00'),
      waktuSelesai: new Date('2027-03-05T00:00:00Z'),
    });
    const world = await createClassWorld(t.database);
    await content(world.collegeId, world.classId, 'lain');
    for (const [name, user] of Object.entries({
      lecturer,
      student,
      classmate,
      other,
      reader,
      limited,
      foreign: world.student,
    })) {
      as[name] = await signToken(t.app, user);
    }
  });

  const kinds = ['pertemuan', 'ujian', 'tugas', 'vidcon'];
  const of = (key: string) => kinds.map((kind) => ids[`${key}.${kind}`]!);

  it('gives a student every kind in their classes only, exams only when shown to them', async () => {
    expect(await eventsOf('student')).toEqual([...of('k1'), ids['k1.remedial']!].sort());
    expect(await eventsOf('classmate')).toEqual(of('k1').sort());
    expect(await eventsOf('other')).toEqual(of('k2').sort());
    expect(await eventsOf('foreign')).toEqual(of('lain').sort());
  });

  it('gives the lecturer everything of the classes they teach, hidden exams too', async () => {
    expect(await eventsOf('lecturer')).toEqual(
      [...of('k1'), ids['k1.tersembunyi']!, ids['k1.remedial']!].sort(),
    );
  });

  it('gives operators with read on kelas_kuliah every class of their college, others nothing', async () => {
    expect(await eventsOf('reader')).toEqual(
      [...of('k1'), ...of('k2'), ids['k1.tersembunyi']!, ids['k1.remedial']!].sort(),
    );
    expect(await eventsOf('limited')).toEqual([]);
  });

  it('answers each kind with its time, class and link', async () => {
    const res = await t.app.inject({ url: `/v2/lms/kalender?${month}`, headers: bearerHeaders(as.student!) });
    const byId = new Map(res.json().data.map((e: { id: string }) => [e.id, e]));
    const examId = ids['k1.ujian']!.slice('ujian:'.length);
    expect(byId.get(ids['k1.ujian']!)).toMatchObject({
      jenis: 'ujian',
      judul: 'Kuis: Kuis k1',
      waktu_mulai: '2027-02-10T02:00:00.000Z',
      waktu_selesai: '2027-02-12T02:00:00.000Z',
      tautan: `/ujian/${examId}`,
      kelas: { id: k1 },
      pertemuan: null,
    });
    const taskId = ids['k1.tugas']!.slice('tugas:'.length);
    expect(byId.get(ids['k1.tugas']!)).toMatchObject({
      jenis: 'tugas',
      waktu_mulai: '2027-02-11T16:59:00.000Z',
      waktu_selesai: '2027-02-11T16:59:00.000Z',
      tautan: `/tugas/${taskId}`,
    });
    expect(byId.get(ids['k1.vidcon']!)).toMatchObject({
      jenis: 'vidcon',
      waktu_mulai: '2027-02-10T03:00:00.000Z',
      tautan: `/kelas/${k1}/${k1Meeting}`,
    });
  });

  it('counts the tiles of every class for operators with read, none for those without', async () => {
    // Open now: a forum in each class; a hand-in waiting for a grade in K2.
    await createForum(t.database, { collegeId, meetingId: k1Meeting });
    await createForum(t.database, { collegeId, meetingId: k2Meeting });
    const task = await createTask(t.database, { collegeId, meetingId: k2Meeting });
    const [k2Student] = await t.database.query<{ mahasiswa_id: string }>(
      `select mahasiswa_id from class_students where college_id = $1 and kelas_id = $2`,
      [collegeId, task.kelasId],
    );
    await recordActivityFact(t.database.db, {
      collegeId,
      kind: 'tugas',
      contentId: task.taskId,
      mahasiswaId: k2Student!.mahasiswa_id,
      completedAt: new Date(),
      evidence: { submittedAt: new Date() },
    });
    const tiles = async (who: string) =>
      (await t.app.inject({ url: '/v2/lms/statistik_beranda', headers: bearerHeaders(as[who]!) })).json()
        .data;
    // Exams not closed: K1's quiz, hidden exam and remedial, K2's quiz; vidcons from today: one per class.
    expect(await tiles('reader')).toEqual({ tugas: 1, ujian: 4, forum: 2, vidcon: 2 });
    expect(await tiles('lecturer')).toEqual({ tugas: 0, ujian: 3, forum: 1, vidcon: 1 });
    expect(await tiles('limited')).toEqual({ tugas: null, ujian: null, forum: null, vidcon: null });
    // Students count only the exams shown to them: the student K1's quiz and their remedial; the
    // classmate neither the hidden exam nor a remedial they are not in.
    expect((await tiles('student')).ujian).toBe(2);
    expect((await tiles('classmate')).ujian).toBe(1);
  });
});
