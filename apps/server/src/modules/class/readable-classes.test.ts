import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerHeaders, signInAll } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// A list of content (vidcons, forums, exams) answers each row with the caller's access to its class: the
// classes are read for the whole page at once (loadReadableClasses), not once per class.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen', 'operator']));
});
afterAll(async () => t.close());

/** The page's classes and the statements of its GET that read the classes table. */
async function classReads(user: string, url: string) {
  let body: { data: Array<{ id_kelas_kuliah: string }> } | undefined;
  const statements = await t.statementsDuring(async () => {
    const res = await t.app.inject({ url, headers: bearerHeaders(tokens[user]!) });
    expect(res.statusCode, url).toBe(200);
    body = res.json();
  });
  return {
    classes: new Set(body!.data.map((row) => row.id_kelas_kuliah)).size,
    reads: statements.filter((statement) => / from "classes"/.test(statement)),
  };
}

describe('a list of content in several classes', () => {
  it.each(['mahasiswa', 'dosen', 'operator'])('reads their classes in one statement (%s)', async (user) => {
    for (const list of ['/v2/lms/vidcon', '/v2/lms/forum', '/v2/lms/ujian']) {
      const url = `${list}?per_page=100`;
      const { classes, reads } = await classReads(user, url);
      // The demo world gives each of them rows in more than one class, so one read is a batch.
      expect(classes, url).toBeGreaterThan(1);
      expect(reads, url).toHaveLength(1);
    }
  });
});
