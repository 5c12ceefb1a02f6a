import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClassWorld, type ClassWorld } from '../../testing/factories.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let world: ClassWorld;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  tokens.dosen = (await signIn(t.app, world.teacher)).access_token;
  tokens.mahasiswa = (await signIn(t.app, world.student)).access_token;
});
afterAll(async () => t.close());

const putText = (who: string, teks: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/v2/lms/pertemuan/${world.meetingId}/teks`,
    headers: bearerHeaders(tokens[who]!),
    payload: { teks },
  });

async function textActivities(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    `select count(*)::int as n from activities where college_id = $1 and kind = 'teks' and content_id = $2`,
    [world.collegeId, world.meetingId],
  );
  return row!.n;
}

describe('PUT /v2/lms/pertemuan/{id}/teks', () => {
  it('stores the sanitised text as a content item that never counts, and removes it when emptied', async () => {
    const saved = await putText('dosen', '<p>Baca bab 3 <b>sebelum</b> kuliah.</p><script>alert(1)</script>');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.teks).toBe('<p>Baca bab 3 <b>sebelum</b> kuliah.</p>');
    expect(await textActivities()).toBe(1);
    const [activity] = await t.database.query<{ counts_for_attendance: boolean }>(
      `select counts_for_attendance from activities where college_id = $1 and kind = 'teks'`,
      [world.collegeId],
    );
    expect(activity!.counts_for_attendance).toBe(false);

    const student = await t.app.inject({
      url: `/v2/lms/pertemuan/${world.meetingId}`,
      headers: bearerHeaders(tokens.mahasiswa!),
    });
    expect(student.json().data.teks).toContain('Baca bab 3');

    const emptied = await putText('dosen', '<p></p>');
    expect(emptied.json().data.teks).toBeNull();
    expect(await textActivities()).toBe(0);
  });

  it('is refused to students', async () => {
    expect((await putText('mahasiswa', '<p>x</p>')).statusCode).toBe(403);
  });
});
