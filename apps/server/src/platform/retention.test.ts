import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { periods } from '../db/schema/academic.schema.ts';
import { activities, activityFacts } from '../db/schema/activity.schema.ts';
import { activityLogs } from '../db/schema/activity-log.schema.ts';
import { syncActivity } from '../modules/activity/activity.api.ts';
import { createClass, createCollege, createMeeting, createUser } from '../testing/factories.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { retentionJob } from './retention.job.ts';
import { pruneExpiredRecords } from './retention.service.ts';

const dayMs = 86_400_000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * dayMs);
const dateDaysAgo = (days: number) => daysAgo(days).toISOString().slice(0, 10);

type FactColumns = Partial<typeof activityFacts.$inferInsert>;

/** What a fact of each kind holds: only traces may go; the rest feed attendance, grades or the recap. */
const factKinds: Record<string, FactColumns> = {
  opened: { openedAt: daysAgo(200) },
  watched: { watchedPercent: 30, readSeconds: 12 },
  completed: { completed: true, completedAt: daysAgo(200), timing: 'on_time' },
  scored: { score: 80, graded: true, published: true },
  submitted: { submittedAt: daysAgo(200) },
  attempted: { attemptedAt: daysAgo(200) },
  posted: { postCount: 1 },
};
const traceKinds = ['opened', 'watched'];

describe('retention of activity logs and facts', () => {
  let database: Database;
  let drop: () => Promise<void>;
  /** Per college: its facts by "period/kind" key, and its log entries' ids by age. */
  const colleges: {
    collegeId: string;
    facts: Map<string, { activityId: string; mahasiswaId: string }>;
    oldLogs: number[];
    newLogs: number[];
  }[] = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const db = database.db;
    for (let c = 0; c < 2; c++) {
      const { collegeId, periode: current } = await createCollege(db);
      // A period that ended 100 days ago, one that ended 10 days ago, and the current one.
      const periodOf: Record<string, number> = { current: current! };
      for (const [name, kode, endedDaysAgo] of [
        ['ended-long-ago', 20242, 100],
        ['ended-recently', 20251, 10],
      ] as const) {
        await db.insert(periods).values({
          collegeId,
          kode,
          label: name,
          tanggalMulai: dateDaysAgo(endedDaysAgo + 120),
          tanggalSelesai: dateDaysAgo(endedDaysAgo),
        });
        periodOf[name] = kode;
      }
      const teacher = await createUser(db, { collegeId, role: 'dosen' });
      const students: { userId: string }[] = [];
      for (let s = 0; s < Object.keys(factKinds).length; s++) {
        students.push(await createUser(db, { collegeId, role: 'mahasiswa' }));
      }
      const facts = new Map<string, { activityId: string; mahasiswaId: string }>();
      for (const [name, periode] of Object.entries(periodOf)) {
        const kelas = await createClass(db, {
          collegeId,
          periode,
          teachers: [teacher.userId],
          studentIds: students.map((s) => s.userId),
        });
        const { meetingId } = await createMeeting(db, { collegeId, classId: kelas.classId });
        const contentId = `${kelas.classId}-m`;
        await syncActivity(db, {
          collegeId,
          kind: 'materi',
          contentId,
          pertemuanId: meetingId,
          title: 'Materi',
          countsForAttendance: true,
        });
        const [activity] = await db
          .select({ id: activities.id })
          .from(activities)
          .where(and(eq(activities.collegeId, collegeId), eq(activities.contentId, contentId)));
        const activityId = activity!.id;
        const rows = Object.entries(factKinds).map(([kind, columns], i) => {
          facts.set(`${name}/${kind}`, { activityId, mahasiswaId: students[i]!.userId });
          return { collegeId, activityId, mahasiswaId: students[i]!.userId, ...columns };
        });
        await db.insert(activityFacts).values(rows);
      }
      const logOf = (waktu: Date) => ({
        collegeId,
        userId: teacher.userId,
        role: 'dosen' as const,
        jenis: 'Login',
        detail: 'Masuk',
        waktu,
      });
      const oldLogs = await db
        .insert(activityLogs)
        .values([40, 41, 90, 365, 800].map((days) => logOf(daysAgo(days))))
        .returning({ id: activityLogs.id });
      const newLogs = await db
        .insert(activityLogs)
        .values([0, 1, 29].map((days) => logOf(daysAgo(days))))
        .returning({ id: activityLogs.id });
      colleges.push({
        collegeId,
        facts,
        oldLogs: oldLogs.map((r) => r.id),
        newLogs: newLogs.map((r) => r.id),
      });
    }
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function remaining(collegeId: string) {
    const facts = await database.db
      .select({ activityId: activityFacts.activityId, mahasiswaId: activityFacts.mahasiswaId })
      .from(activityFacts)
      .where(eq(activityFacts.collegeId, collegeId));
    const logs = await database.db
      .select({ id: activityLogs.id })
      .from(activityLogs)
      .where(eq(activityLogs.collegeId, collegeId));
    return {
      facts: new Set(facts.map((f) => `${f.activityId}/${f.mahasiswaId}`)),
      logs: new Set(logs.map((l) => l.id)),
    };
  }

  it('keeps everything while both settings are 0 (the default)', async () => {
    const before = await Promise.all(colleges.map((c) => remaining(c.collegeId)));
    const result = await pruneExpiredRecords(database.db, { activityLogDays: 0, factDays: 0 }, { now });
    expect(result).toEqual({ activityLogs: 0, facts: 0, batches: 0 });
    expect(await Promise.all(colleges.map((c) => remaining(c.collegeId)))).toEqual(before);
  });

  /** Facts and log entries of every college in the database (the demo ones too), counted with SQL. */
  async function countPerCollege() {
    const rows = await database.query<{ college_id: string; logs: number; facts: number }>(
      `select c.id as college_id,
              (select count(*)::int from activity_logs l where l.college_id = c.id) as logs,
              (select count(*)::int from activity_facts f where f.college_id = c.id) as facts
         from colleges c order by c.id`,
    );
    return new Map(rows.map((r) => [r.college_id, r]));
  }

  it('removes, in batches, the log entries past the limit and the trace facts of long-ended periods, and nothing else', async () => {
    const before = await Promise.all(colleges.map((c) => remaining(c.collegeId)));
    const countsBefore = await countPerCollege();
    const batchSize = 2;
    const result = await pruneExpiredRecords(
      database.db,
      { activityLogDays: 30, factDays: 60 },
      { now, batchSize },
    );

    for (const [i, college] of colleges.entries()) {
      const after = await remaining(college.collegeId);
      expect([...after.logs].sort()).toEqual([...college.newLogs].sort());
      const gone = [...before[i]!.facts].filter((key) => !after.facts.has(key));
      const expectedGone = traceKinds.map((kind) => {
        const fact = college.facts.get(`ended-long-ago/${kind}`)!;
        return `${fact.activityId}/${fact.mahasiswaId}`;
      });
      expect(gone.sort()).toEqual(expectedGone.sort());
    }
    // Every college's removals add up to the result; each kind took batches until one came back short.
    const countsAfter = await countPerCollege();
    let logs = 0;
    let facts = 0;
    let batches = 0;
    for (const [collegeId, was] of countsBefore) {
      const is = countsAfter.get(collegeId)!;
      logs += was.logs - is.logs;
      facts += was.facts - is.facts;
      batches +=
        Math.floor((was.logs - is.logs) / batchSize) + 1 + Math.floor((was.facts - is.facts) / batchSize) + 1;
    }
    expect(result).toEqual({ activityLogs: logs, facts, batches });
    // Ours: 5 old entries and 2 trace facts in each of the two colleges.
    expect(logs).toBeGreaterThanOrEqual(10);
    expect(facts).toBeGreaterThanOrEqual(4);
  });

  it('a second run finds nothing more to remove', async () => {
    const result = await pruneExpiredRecords(
      database.db,
      { activityLogDays: 30, factDays: 60 },
      { now, batchSize: 2 },
    );
    expect(result).toMatchObject({ activityLogs: 0, facts: 0 });
    const [first] = colleges;
    const kept = await database.db
      .select({ n: activityFacts.mahasiswaId })
      .from(activityFacts)
      .where(
        and(
          eq(activityFacts.collegeId, first!.collegeId),
          eq(activityFacts.activityId, first!.facts.get('ended-long-ago/completed')!.activityId),
        ),
      );
    // The completed, scored, submitted, attempted and posted facts of the long-ended period stay.
    expect(kept).toHaveLength(Object.keys(factKinds).length - traceKinds.length);
  });

  it('the daily job prunes with the configured settings', async () => {
    const config = loadConfig({
      TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123',
      ACTIVITY_LOG_RETENTION_DAYS: '1',
      FACT_RETENTION_DAYS: '0',
    });
    const [college] = colleges;
    const newest = college!.newLogs;
    const info = vi.fn();
    const job = retentionJob({ config, db: database.db, log: { info } } as unknown as FastifyInstance);
    expect(job).toMatchObject({ name: 'retention', singleton: true });
    await job.handler({});
    // Of each college's recent entries only today's stays (1 and 29 days old go with a 1-day limit).
    const after = await remaining(college!.collegeId);
    expect([...after.logs]).toEqual([newest[0]]);
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ facts: 0 }), expect.any(String));
  });
});

describe('retention settings', () => {
  it('are off by default and take whole days from 0 up', () => {
    const base = { TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(loadConfig(base)).toMatchObject({ activityLogRetentionDays: 0, factRetentionDays: 0 });
    expect(
      loadConfig({ ...base, ACTIVITY_LOG_RETENTION_DAYS: '365', FACT_RETENTION_DAYS: '730' }),
    ).toMatchObject({
      activityLogRetentionDays: 365,
      factRetentionDays: 730,
    });
    expect(() => loadConfig({ ...base, FACT_RETENTION_DAYS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ACTIVITY_LOG_RETENTION_DAYS: '1.5' })).toThrow(ConfigError);
  });
});
