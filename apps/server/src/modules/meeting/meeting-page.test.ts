import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClassWorld,
  createExam,
  createMaterial,
  createUser,
  type ClassWorld,
} from '../../testing/factories.ts';
import { bearerHeaders, signToken } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The meeting page's Kuis/Ujian and Materi counts are what its exam and material lists show the same
// caller (issue 45: the badge said 2 where one exam was listed to a student, and Materi counted
// materials a student cannot see before their display time).

let t: TestApp;
let world: ClassWorld;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  const { collegeId, meetingId } = world;
  const stranger = await createUser(t.database, { collegeId, role: 'mahasiswa', prodiId: world.prodiId });
  tokens.dosen = await signToken(t.app, world.teacher);
  tokens.mahasiswa = await signToken(t.app, world.student);
  tokens.stranger = await signToken(t.app, stranger);
  // Shown to the student: a quiz, and a remedial they are in.
  const main = await createExam(t.database, { collegeId, meetingId, jenis: 'uts' });
  await createExam(t.database, {
    collegeId,
    meetingId,
    jenis: 'remedial',
    ujianUtamaId: main.examId,
    pesertaRemedial: [world.student.nim!],
  });
  // Hidden from the student: not shown, a remedial of others, and a quiz without questions yet.
  await createExam(t.database, { collegeId, meetingId, ditampilkan: false });
  await createExam(t.database, {
    collegeId,
    meetingId,
    jenis: 'remedial',
    ujianUtamaId: main.examId,
    pesertaRemedial: ['0000000000'],
  });
  const empty = await createExam(t.database, { collegeId, meetingId });
  await t.database.query(`delete from exam_questions where college_id = $1 and ujian_id = $2`, [
    collegeId,
    empty.examId,
  ]);
  // Materials: one shown already, one shown tomorrow (listed to the lecturer only).
  await createMaterial(t.database, { collegeId, meetingId });
  await createMaterial(t.database, { collegeId, meetingId, tampilMulai: new Date(Date.now() + 86_400_000) });
});
afterAll(async () => t.close());

const get = (user: string, url: string) => t.app.inject({ url, headers: bearerHeaders(tokens[user]!) });

describe('GET /v2/lms/pertemuan/{id}: count_activity.ujian and .materi', () => {
  it.each([
    ['dosen', 5],
    ['mahasiswa', 2],
  ])('counts exactly the exams the meeting lists to the %s', async (user, expected) => {
    const detail = await get(user, `/v2/lms/pertemuan/${world.meetingId}`);
    expect(detail.statusCode).toBe(200);
    const listed = await get(user, `/v2/lms/pertemuan/${world.meetingId}/ujian`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toHaveLength(expected);
    expect(detail.json().data.count_activity.ujian).toBe(expected);
  });

  it.each([
    ['dosen', 2],
    ['mahasiswa', 1],
  ])('counts exactly the materials the meeting lists to the %s', async (user, expected) => {
    const detail = await get(user, `/v2/lms/pertemuan/${world.meetingId}`);
    expect(detail.statusCode).toBe(200);
    const listed = await get(
      user,
      `/v2/lms/kelas_kuliah/${world.classId}/materi?id_pertemuan=${world.meetingId}`,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toHaveLength(expected);
    expect(detail.json().data.count_activity.materi).toBe(expected);
  });

  it('answers neither count to a student outside the class', async () => {
    expect((await get('stranger', `/v2/lms/pertemuan/${world.meetingId}`)).statusCode).toBe(403);
    expect((await get('stranger', `/v2/lms/pertemuan/${world.meetingId}/ujian`)).statusCode).toBe(403);
  });
});
