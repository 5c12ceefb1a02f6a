import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedFetchesPerMinute } from '@lms/contract/calendar-feed.rules';
import { calendarFeedResponseSchema } from '@lms/contract/calendar-feed.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signToken } from '../../testing/requests.ts';
import {
  createClass,
  createClassWorld,
  createExam,
  createMeeting,
  createTask,
  createUser,
  createVidcon,
  type ClassWorld,
} from '../../testing/factories.ts';

let t: TestApp;
let w: ClassWorld;
let studentToken: string;
let teacherToken: string;
const day = 86_400_000;
// 2 days ahead at 02:00 UTC = 10:00 WITA (the college's zone).
const examStart = new Date(Math.floor(Date.now() / day) * day + 2 * day + 2 * 3_600_000);
const examEnd = new Date(examStart.getTime() + 90 * 60_000);
let examId: string;
let hiddenExamId: string;
let otherClassExamId: string;
let taskId: string;
let vidconId: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://lms.kampus.example' });
  w = await createClassWorld(t.database, { timeZone: 'Asia/Makassar' });
  const { collegeId } = w;
  studentToken = await signToken(t.app, { ...w.student, collegeId });
  teacherToken = await signToken(t.app, { ...w.teacher, collegeId });
  const { meetingId } = await createMeeting(t.database, {
    collegeId,
    classId: w.classId,
    waktuMulai: new Date(Date.now() + day),
  });
  examId = (
    await createExam(t.database, {
      collegeId,
      meetingId,
      judul: 'UTS Basis Data',
      jenis: 'uts',
      waktuMulai: examStart,
      waktuSelesai: examEnd,
    })
  ).examId;
  hiddenExamId = (
    await createExam(t.database, { collegeId, meetingId, judul: 'Kuis tersembunyi', ditampilkan: false })
  ).examId;
  taskId = (await createTask(t.database, { collegeId, meetingId, judul: 'Laporan 1' })).taskId;
  vidconId = (await createVidcon(t.database, { collegeId, meetingId, judul: 'Diskusi daring' })).vidconId;
  // Another class of the same college, which neither the student nor the teacher belongs to.
  const other = await createClass(t.database, { collegeId });
  const otherMeeting = await createMeeting(t.database, {
    collegeId,
    classId: other.classId,
    waktuMulai: new Date(Date.now() + day),
  });
  otherClassExamId = (
    await createExam(t.database, { collegeId, meetingId: otherMeeting.meetingId, judul: 'Kuis kelas lain' })
  ).examId;
});
afterAll(async () => {
  await t.close();
});

const as = (token: string, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: bearerHeaders(token, w.collegeId) });

/** The feed's path and query, from the full URL an answer shows. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** The feed's events by UID, after checking it parses. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  return { calendar, zone, events: new Map(events.map((e) => [e.uid.split('@')[0]!, e])) };
}

describe('calendar feed', () => {
  let studentFeed: string;

  it('makes the feed on the first ask and shows its URL only then', async () => {
    const before = await as(studentToken, 'GET', '/v2/lms/kalender_langganan');
    expect(before.json()).toEqual({ data: { aktif: false, dibuat_pada: null, tautan: null } });

    const made = await as(studentToken, 'POST', '/v2/lms/kalender_langganan');
    expect(made.statusCode).toBe(200);
    const body = calendarFeedResponseSchema.parse(made.json());
    expect(body.data.tautan).toMatch(
      new RegExp(
        `^https://lms\\.kampus\\.example/v2/kalender/[A-Za-z0-9_-]{43}\\.ics\\?college-id=${w.collegeId}$`,
      ),
    );
    studentFeed = body.data.tautan!;

    const again = await as(studentToken, 'POST', '/v2/lms/kalender_langganan');
    expect(again.json().data).toMatchObject({ aktif: true, tautan: null });
    const status = await as(studentToken, 'GET', '/v2/lms/kalender_langganan');
    expect(status.json().data).toEqual({ aktif: true, dibuat_pada: body.data.dibuat_pada, tautan: null });
    // Only the hash is stored.
    const [row] = await t.database.query<{ token_hash: string }>(
      'select token_hash from calendar_feed_tokens where user_id = $1',
      [w.student.userId],
    );
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(studentFeed).not.toContain(row!.token_hash);
  });

  it("lists the student's exam at its times in the college's zone, with stable UIDs and links", async () => {
    const res = await t.app.inject({ url: pathOf(studentFeed) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const { calendar, zone, events } = parseFeed(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Makassar');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Asia/Makassar');

    const exam = events.get(`ujian-${examId}`)!;
    expect(exam.summary).toMatch(/^Ujian: UTS Basis Data — /);
    expect(exam.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Makassar');
    expect(exam.startDate.zone?.tzid).toBe('Asia/Makassar');
    expect([exam.startDate.hour, exam.startDate.minute]).toEqual([10, 0]);
    expect([exam.endDate.hour, exam.endDate.minute]).toEqual([11, 30]);
    expect(exam.startDate.toJSDate().getTime()).toBe(examStart.getTime());
    expect(exam.endDate.toJSDate().getTime()).toBe(examEnd.getTime());
    expect(exam.component.getFirstPropertyValue('url')).toBe(`https://lms.kampus.example/ujian/${examId}`);

    expect(events.get(`tugas-${taskId}`)?.summary).toMatch(/^Batas tugas: Laporan 1 — /);
    // A deadline is an instant; every stamp is UTC.
    expect(events.get(`tugas-${taskId}`)?.component.hasProperty('dtend')).toBe(false);
    expect(res.body).not.toMatch(/^DTSTAMP:\d{8}T\d{6}\r$/m);
    expect(res.body).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
    expect(events.get(`vidcon-${vidconId}`)?.summary).toMatch(/^Vidcon: Diskusi daring — /);
    const meeting = [...events.values()].find((e) => e.uid.startsWith('pertemuan-'));
    expect(meeting?.summary).toMatch(/^Pertemuan \d+: /);
    expect(meeting?.location).toMatch(/^Daring: https:\/\/lms\.kampus\.example\/kelas\//);

    // Not what the student may not see: a hidden exam, another class's exam.
    expect(events.has(`ujian-${hiddenExamId}`)).toBe(false);
    expect(events.has(`ujian-${otherClassExamId}`)).toBe(false);

    // Fetched again, the same UIDs: a subscribed calendar updates instead of duplicating.
    const again = parseFeed((await t.app.inject({ url: pathOf(studentFeed) })).body);
    expect([...again.events.keys()].sort()).toEqual([...events.keys()].sort());
  });

  it("gives the teacher their class's items, the hidden exam included", async () => {
    const made = await as(teacherToken, 'POST', '/v2/lms/kalender_langganan');
    const { events } = parseFeed((await t.app.inject({ url: pathOf(made.json().data.tautan) })).body);
    expect(events.has(`ujian-${examId}`)).toBe(true);
    expect(events.has(`ujian-${hiddenExamId}`)).toBe(true);
    expect(events.has(`ujian-${otherClassExamId}`)).toBe(false);
  });

  it('kills the old URL at once on reset; the new one works', async () => {
    const reset = await as(studentToken, 'POST', '/v2/lms/kalender_langganan/atur_ulang');
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().data.tautan as string;
    expect(fresh).not.toBe(studentFeed);
    expect((await t.app.inject({ url: pathOf(studentFeed) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: pathOf(fresh) })).statusCode).toBe(200);
    studentFeed = fresh;
  });

  it('answers 404 to a bad or unknown token and to a deactivated account', async () => {
    const query = `?college-id=${w.collegeId}`;
    for (const token of ['x', 'A'.repeat(43), 'A'.repeat(200)]) {
      const res = await t.app.inject({ url: `/v2/kalender/${token}.ics${query}` });
      expect(res.statusCode, token).toBe(404);
    }
    await t.database.query('update users set is_active = false where id = $1', [w.student.userId]);
    expect((await t.app.inject({ url: pathOf(studentFeed) })).statusCode).toBe(404);
    await t.database.query('update users set is_active = true where id = $1', [w.student.userId]);
    expect((await t.app.inject({ url: pathOf(studentFeed) })).statusCode).toBe(200);
  });

  it("does not answer another college's token", async () => {
    const res = await t.app.inject({ url: pathOf(studentFeed).replace(w.collegeId, 'demo') });
    expect(res.statusCode).toBe(404);
  });

  it('refuses operators, and lets an acting session read the status but not make or reset the URL', async () => {
    const operator = await createUser(t.database, { collegeId: w.collegeId, role: 'operator' });
    const operatorToken = await signToken(t.app, { ...operator, collegeId: w.collegeId });
    for (const [method, url] of [
      ['GET', '/v2/lms/kalender_langganan'],
      ['POST', '/v2/lms/kalender_langganan'],
      ['POST', '/v2/lms/kalender_langganan/atur_ulang'],
    ] as const) {
      expect((await as(operatorToken, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    const acting = await signToken(
      t.app,
      { ...w.student, collegeId: w.collegeId },
      { actorUserId: operator.userId },
    );
    expect((await as(acting, 'GET', '/v2/lms/kalender_langganan')).json().data).toMatchObject({
      aktif: true,
      tautan: null,
    });
    const before = await t.database.query('select token_hash from calendar_feed_tokens where user_id = $1', [
      w.student.userId,
    ]);
    expect((await as(acting, 'POST', '/v2/lms/kalender_langganan/atur_ulang')).statusCode).toBe(403);
    expect((await as(acting, 'POST', '/v2/lms/kalender_langganan')).statusCode).toBe(403);
    const after = await t.database.query('select token_hash from calendar_feed_tokens where user_id = $1', [
      w.student.userId,
    ]);
    expect(after).toEqual(before);
    expect((await t.app.inject({ url: pathOf(studentFeed) })).statusCode).toBe(200);
  });

  it('refuses the bearer routes without a sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/v2/lms/kalender_langganan'],
      ['POST', '/v2/lms/kalender_langganan'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'college-id': w.collegeId } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('limits fetches per feed, not per address', async () => {
    const query = `?college-id=${w.collegeId}`;
    const hammered = `/v2/kalender/${'B'.repeat(43)}.ics${query}`;
    const codes = [];
    for (let i = 0; i < calendarFeedFetchesPerMinute + 1; i++) {
      codes.push((await t.app.inject({ url: hammered })).statusCode);
    }
    expect(codes.slice(0, -1).every((code) => code === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // The same address still gets another feed.
    expect((await t.app.inject({ url: pathOf(studentFeed) })).statusCode).toBe(200);
  });
});
