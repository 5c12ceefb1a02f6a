import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedClassId } from '../../testing/demo-world.ts';
import { bearerHeaders, signInAll } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// A meeting page asks for its meeting and five content lists at once, and the embedded database answers
// one statement at a time: each list that loaded the meeting's class a second time (for the caller's
// access to it) cost three more statements of the page's wait.

let t: TestApp;
const tokens: Record<string, string> = {};
let meetingId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen']));
  const [row] = await t.database.query<{ id: string }>(
    `select id from meetings where college_id = 'demo' and kelas_id = $1 order by nomor limit 1`,
    [sharedClassId],
  );
  meetingId = row!.id;
});
afterAll(async () => t.close());

/** The statements of one GET that read the classes table. */
async function classReads(user: string, url: string): Promise<string[]> {
  let status = 0;
  const statements = await t.statementsDuring(async () => {
    status = (await t.app.inject({ url, headers: bearerHeaders(tokens[user]!) })).statusCode;
  });
  expect(status, url).toBe(200);
  return statements.filter((statement) => / from "classes"/.test(statement));
}

describe("a meeting page's answers", () => {
  it.each(['mahasiswa', 'dosen'])('read the meeting’s class once each (%s)', async (user) => {
    for (const list of ['', '/tugas', '/ujian', '/forum', '/vidcon']) {
      const url = `/v2/lms/pertemuan/${meetingId}${list}`;
      expect(await classReads(user, url), url).toHaveLength(1);
    }
  });
});
