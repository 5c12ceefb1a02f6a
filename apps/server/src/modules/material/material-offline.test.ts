import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxOfflineRecords } from '@lms/contract/material-offline.rules';
import {
  createClassOperator,
  createClassWorld,
  createMaterial,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signInEach, signToken } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let operator: UserRef;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  operator = await createClassOperator(t.database, world.collegeId);
  Object.assign(
    tokens,
    await signInEach(t.app, {
      dosen: world.teacher,
      mahasiswa: world.student,
      asing: otherWorld.student,
    }),
  );
});
afterAll(async () => t.close());

const as = (who: string) => bearerHeaders(tokens[who]!);
const deviceClock = '2026-11-29T10:00:00+07:00';
const records = (jenis: 'baca' | 'putar', ...seconds: number[]) => ({
  catatan: seconds.map((detik) => ({ jenis, detik, dibuka_pada: deviceClock })),
});

function sync(headers: Record<string, string>, id: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/v2/lms/materi/${id}/luring`, headers, payload });
}
function keep(id: string) {
  return t.app.inject({ method: 'PUT', url: `/v2/lms/materi/${id}/set_download`, headers: as('mahasiswa') });
}
/** The keep happened this many seconds ago by the server clock. */
async function keptSecondsAgo(id: string, seconds: number) {
  await t.database.query(
    `update activity_facts f set downloaded_at = now() - make_interval(secs => $3)
       from activities a
      where a.college_id = f.college_id and a.id = f.activity_id and a.college_id = $1 and a.content_id = $2`,
    [world.collegeId, id, seconds],
  );
}
async function factOf(id: string) {
  const [row] = await t.database.query<{
    completed: boolean;
    read_seconds: number | null;
    watched_percent: number | null;
  }>(
    `select f.completed, f.read_seconds, f.watched_percent
       from activity_facts f join activities a on a.college_id = f.college_id and a.id = f.activity_id
      where a.college_id = $1 and a.content_id = $2 and f.mahasiswa_id = $3`,
    [world.collegeId, id, world.student.userId],
  );
  return row;
}
const ebook = () =>
  createMaterial(t.database, {
    collegeId: world.collegeId,
    meetingId: world.meetingId,
    tipeFile: 'ebook',
    fileKey: 'o'.repeat(24),
    fileName: 'bab2.pdf',
    isSyaratHadir: true,
  });

describe('POST /v2/lms/materi/{id}/luring', () => {
  it('credits an e-book read offline only when it was kept at least ebook_detik before, dated by the server', async () => {
    const { materialId } = await ebook();
    const unkept = await sync(as('mahasiswa'), materialId, records('baca', 120));
    expect(unkept.statusCode).toBe(400);
    expect(unkept.json().status).toEqual({
      code: 'materi_belum_disimpan',
      message: 'Materi ini belum disimpan di perangkat, jadi bacaan luring tidak dapat dihitung.',
    });
    expect(await factOf(materialId)).toBeUndefined();

    expect((await keep(materialId)).statusCode).toBe(200);
    // Kept a moment ago: an hour of reading claimed by the phone cannot have happened since.
    const forged = await sync(as('mahasiswa'), materialId, records('baca', 3600));
    expect(forged.statusCode).toBe(200);
    expect(forged.json().data.aktivitas.selesai).toBe(false);
    expect(await factOf(materialId)).toMatchObject({ completed: false, read_seconds: null });

    await keptSecondsAgo(materialId, 600);
    // Two short openings do not add up to one reading.
    const short = await sync(as('mahasiswa'), materialId, records('baca', 40, 40));
    expect(short.json().data.aktivitas.selesai).toBe(false);
    const read = await sync(as('mahasiswa'), materialId, records('baca', 20, 75));
    expect(read.json().data.aktivitas).toMatchObject({ selesai: true, tepat_waktu: true });
    expect(await factOf(materialId)).toMatchObject({ completed: true, read_seconds: 75 });
  });

  it('adds offline playback no faster than the server clock since the keep and never past the media length', async () => {
    const { materialId } = await createMaterial(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      tipeFile: 'video',
      fileKey: 'v'.repeat(24),
      fileName: 'kuliah.webm',
      durationSeconds: 1000,
    });
    await keep(materialId);
    await keptSecondsAgo(materialId, 100);
    const first = await sync(as('mahasiswa'), materialId, records('putar', 3000, 3000));
    const percent = first.json().data.aktivitas.persen_diputar;
    expect(percent).toBeGreaterThanOrEqual(10);
    expect(percent).toBeLessThanOrEqual(10.5);
    // The same batch again (a lost answer, a replay): no server time has passed since, so nothing more.
    const again = await sync(as('mahasiswa'), materialId, records('putar', 3000, 3000));
    expect(again.json().data.aktivitas.persen_diputar).toBeLessThanOrEqual(10.5);
    // A day later the media's length is the ceiling.
    await t.database.query(
      `update material_views set last_report_at = now() - interval '1 day' where college_id = $1 and materi_id = $2`,
      [world.collegeId, materialId],
    );
    await keptSecondsAgo(materialId, 86_400 * 2);
    const later = await sync(as('mahasiswa'), materialId, records('putar', 86_400));
    expect(later.json().data.aktivitas.persen_diputar).toBe(100);
  });

  it('refuses batches beyond the bounds, and every caller but the enrolled student, recording nothing', async () => {
    const { materialId } = await ebook();
    await keep(materialId);
    await keptSecondsAgo(materialId, 600);
    const before = await factOf(materialId);
    const tooMany = Array.from({ length: maxOfflineRecords + 1 }, () => 90);
    for (const body of [
      records('baca', ...tooMany),
      records('baca', 86_401),
      records('baca', -1),
      { catatan: [] },
      { catatan: [{ jenis: 'tonton', detik: 90, dibuka_pada: deviceClock }] },
    ]) {
      expect((await sync(as('mahasiswa'), materialId, body)).statusCode).toBe(400);
    }
    const acting = await signToken(
      t.app,
      { userId: world.student.userId, collegeId: world.collegeId, role: 'mahasiswa' },
      { actorUserId: operator.userId },
    );
    const asOperator = await sync(bearerHeaders(acting), materialId, records('baca', 90));
    expect(asOperator.statusCode).toBe(403);
    expect(asOperator.json().status.code).toBe('aktivitas_saat_login_akun_lain');
    expect((await sync(as('dosen'), materialId, records('baca', 90))).statusCode).toBe(403);
    expect([403, 404]).toContain((await sync(as('asing'), materialId, records('baca', 90))).statusCode);
    expect((await sync({}, materialId, records('baca', 90))).statusCode).toBe(401);
    expect(await factOf(materialId)).toEqual(before);
  });
});
