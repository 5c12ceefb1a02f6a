import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEventSchema } from '@lms/contract/dashboard.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signInAll } from '../../testing/requests.ts';
import { createClass, createCollege, createMeeting } from '../../testing/factories.ts';
import { sharedClassId } from '../../testing/demo-world.ts';

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
    const shared = body.data.find((e: { kelas: { id: string } }) => e.kelas.id === sharedClassId);
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
    expect(body.meta.total_items).toBe(n);
    expect(body.data).toHaveLength(n);
    expect(body.data.some((e: { pertemuan: { id: string } }) => e.pertemuan.id === otherMeetingId)).toBe(
      false,
    );
    const student = (await get('mahasiswa', `/v2/lms/kalender?${range}`)).json();
    expect(body.data.length).toBeGreaterThan(student.data.length);
  });

  it('takes only the events that overlap the range', async () => {
    const [m] = await t.database.query<{ waktu_mulai: Date; waktu_selesai: Date; kelas_id: string }>(
      `select m.waktu_mulai, m.waktu_selesai, m.kelas_id from meetings m where m.college_id = 'demo' and m.kelas_id = $1 order by nomor limit 1`,
      [sharedClassId],
    );
    const at = (d: Date, ms: number) => encodeURIComponent(new Date(d.getTime() + ms).toISOString());
    const inside = (
      await get(
        'dosen',
        `/v2/lms/kalender?start=${at(m!.waktu_mulai, 60_000)}&end=${at(m!.waktu_mulai, 120_000)}`,
      )
    ).json();
    expect(inside.data.map((e: { kelas: { id: string } }) => e.kelas.id)).toContain(sharedClassId);
    const after = (
      await get(
        'dosen',
        `/v2/lms/kalender?start=${at(m!.waktu_selesai, 0)}&end=${at(m!.waktu_selesai, 60_000)}`,
      )
    ).json();
    expect(after.data.map((e: { kelas: { id: string } }) => e.kelas.id)).not.toContain(sharedClassId);
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
    const operator = await get('operator', '/v2/lms/statistik_beranda');
    expect(operator.json().data).toEqual({ tugas: 0, ujian: 0, forum: 0, vidcon: 0 });
    expect((await t.app.inject({ url: '/v2/lms/statistik_beranda' })).statusCode).toBe(401);
  });
});
