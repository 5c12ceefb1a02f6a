import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerHeaders, signToken } from '../testing/requests.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { ActorRowBatch } from './actor-row-batch.ts';

type Role = 'mahasiswa' | 'dosen' | 'operator';
// No actor cache: every request asks for its caller's row, as a storm's saves do.
let t: TestApp;
const people: Record<string, { userId: string; collegeId: string; role: Role }> = {};

beforeAll(async () => {
  t = await createTestApp({ actorCacheMs: 0 });
  const rows = await t.database.query<{ id: string; username: string; role: Role }>(
    `select id, username, role from users
     where college_id = 'demo' and username in ('mahasiswa', 'dosen', 'operator')`,
  );
  for (const row of rows) people[row.username] = { userId: row.id, collegeId: 'demo', role: row.role };
});
afterAll(async () => t.close());

const userInfo = (token: string) => t.app.inject({ url: '/v2/user_info', headers: bearerHeaders(token) });
const batchReads = (statements: string[]) => statements.filter((s) => s.includes('json_to_recordset'));
const singleReads = (statements: string[]) =>
  statements.filter((s) => /^select "id", "role", "is_active"/.test(s));
const own = (name: string, sessionId: string) => ({
  userId: people[name]!.userId,
  sessionId,
  actorUserId: null,
});

describe("callers' rows read together (actor-row-batch)", () => {
  it('reads the rows of callers asking in the same turn in one statement, each their own', async () => {
    const sessions = ['mahasiswa', 'dosen', 'operator'].map(() => crypto.randomUUID());
    await Promise.all(
      ['mahasiswa', 'dosen', 'operator'].map((name, i) =>
        signToken(t.app, people[name]!, { sessionId: sessions[i] }),
      ),
    );
    const batch = new ActorRowBatch(t.app.db);
    let rows: Awaited<ReturnType<ActorRowBatch['read']>>[] = [];
    const statements = await t.statementsDuring(async () => {
      rows = await Promise.all(
        ['mahasiswa', 'dosen', 'operator'].map((name, i) => batch.read('demo', own(name, sessions[i]!))),
      );
    });
    expect(batchReads(statements)).toHaveLength(1);
    expect(singleReads(statements)).toHaveLength(0);
    expect(rows.map((row) => [row?.id, row?.role, row?.sessionLive])).toEqual([
      [people.mahasiswa!.userId, 'mahasiswa', true],
      [people.dosen!.userId, 'dosen', true],
      [people.operator!.userId, 'operator', true],
    ]);
  });

  it('tells in a batch the deactivated user, the ended session and the acting session of another operator', async () => {
    const student = people.mahasiswa!;
    const operator = people.operator!;
    const endedSession = crypto.randomUUID();
    const ended = await signToken(t.app, student, { sessionId: endedSession });
    await t.database.query(`update refresh_tokens set revoked_at = now() where family_id = $1`, [
      endedSession,
    ]);
    // An operator acting for the student; a token naming another operator in that session is not live.
    const actingSession = crypto.randomUUID();
    const acting = await signToken(t.app, student, {
      actorUserId: operator.userId,
      sessionId: actingSession,
    });
    const forged = await t.app.tokens.sign({
      ...student,
      sessionId: actingSession,
      actorUserId: people.dosen!.userId,
    });
    const operatorSession = crypto.randomUUID();
    const deactivated = await signToken(t.app, operator, { sessionId: operatorSession });
    const liveSession = crypto.randomUUID();
    const live = await signToken(t.app, people.dosen!, { sessionId: liveSession });
    await t.database.query(
      `update users set is_active = false where college_id = 'demo' and username = 'operator'`,
    );
    try {
      const batch = new ActorRowBatch(t.app.db);
      const rows = await Promise.all([
        batch.read('demo', own('dosen', liveSession)),
        batch.read('demo', own('mahasiswa', endedSession)),
        batch.read('demo', {
          userId: student.userId,
          sessionId: actingSession,
          actorUserId: people.dosen!.userId,
        }),
        batch.read('demo', {
          userId: student.userId,
          sessionId: actingSession,
          actorUserId: operator.userId,
        }),
        batch.read('demo', own('operator', operatorSession)),
        batch.read('demo', own('dosen', crypto.randomUUID())),
      ]);
      expect(rows.map((row) => [row?.isActive, row?.sessionLive])).toEqual([
        [true, true],
        [true, false],
        [true, false],
        [true, true],
        [false, true],
        [true, false],
      ]);
      // Through the server, at once (batched or not, the answers are the same).
      const codes = (await Promise.all([live, ended, forged, acting, deactivated].map(userInfo))).map(
        (answer) => answer.statusCode,
      );
      expect(codes).toEqual([200, 401, 401, 200, 401]);
    } finally {
      await t.database.query(
        `update users set is_active = true where college_id = 'demo' and username = 'operator'`,
      );
    }
  });

  it('answers a user of another college or none as missing, and keeps the single-row read for a caller alone', async () => {
    const batch = new ActorRowBatch(t.app.db);
    const [other, nobody] = await Promise.all([
      batch.read('lain', own('dosen', crypto.randomUUID())),
      batch.read('demo', { userId: crypto.randomUUID(), sessionId: crypto.randomUUID(), actorUserId: null }),
    ]);
    expect(other).toBeUndefined();
    expect(nobody).toBeUndefined();
    const session = crypto.randomUUID();
    const token = await signToken(t.app, people.dosen!, { sessionId: session });
    const statements = await t.statementsDuring(async () => {
      expect((await userInfo(token)).statusCode).toBe(200);
    });
    expect(batchReads(statements)).toHaveLength(0);
    expect(singleReads(statements)).toHaveLength(1);
  });
});
