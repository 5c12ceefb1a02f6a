import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { classListResponseSchema, type ClassDetail, type ClassListItem } from '@lms/contract/class.schema';
import {
  createClass,
  createClassWorld,
  createCollege,
  createCourse,
  createMeeting,
  createUser,
  type ClassWorld,
} from './factories.ts';
import { authedRequest, signIn, signToken, type ApiEnvelope } from './requests.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let world: ClassWorld;
let outsider: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  const { collegeId } = await createCollege(t.database);
  outsider = await createUser(t.database, { collegeId, role: 'mahasiswa' });
});
afterAll(async () => t.close());

type ClassPage = { data: ClassListItem[]; meta: PageMeta };

describe('test factories', () => {
  it('build a class in a new college that its student and teacher see through the API', async () => {
    const student = (await signIn(t.app, world.student)).access_token;
    const list = await authedRequest<ClassPage>(t.app, student, { url: '/v2/lms/kelas_kuliah' });
    expect(list.statusCode).toBe(200);
    expect(classListResponseSchema.parse(list.body).data.map((c) => c.id)).toEqual([world.classId]);
    expect(list.body.data[0]).toMatchObject({ jumlah_peserta: 1, jumlah_pertemuan: 1 });
    expect(list.body.data[0]!.pengajar).toEqual([
      expect.objectContaining({ id: world.teacher.userId, is_utama: true }),
    ]);

    const teacher = await signToken(t.app, world.teacher);
    const detail = await authedRequest<ApiEnvelope<ClassDetail>>(t.app, teacher, {
      url: `/v2/lms/kelas_kuliah/${world.classId}`,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.body.data.peserta.map((p) => p.id)).toEqual([world.student.userId]);
    expect(detail.body.data.akses.ubah_pertemuan).toBe(true);
  });

  it('keep the class from a student of another college and from the demo college', async () => {
    const stranger = await signToken(t.app, outsider);
    const list = await authedRequest<ClassPage>(t.app, stranger, { url: '/v2/lms/kelas_kuliah' });
    expect(list.statusCode).toBe(200);
    expect(list.body.data).toEqual([]);
    const detail = await authedRequest(t.app, stranger, { url: `/v2/lms/kelas_kuliah/${world.classId}` });
    expect(detail.statusCode).toBe(404);

    const demo = (await signIn(t.app, 'operator')).access_token;
    const demoList = await authedRequest<ClassPage>(t.app, demo, {
      url: '/v2/lms/kelas_kuliah?per_page=100',
    });
    expect(demoList.body.data.some((c) => c.id === world.classId)).toBe(false);
  });

  it('give an operator exactly the rights asked for, per area', async () => {
    const { collegeId } = world;
    const reader = await createUser(t.database, {
      collegeId,
      role: 'operator',
      permissions: { kelas_kuliah: 'read' },
    });
    const none = await createUser(t.database, { collegeId, role: 'operator' });
    const read = await authedRequest<ClassPage>(t.app, await signToken(t.app, reader), {
      url: '/v2/lms/kelas_kuliah',
    });
    expect(read.statusCode).toBe(200);
    expect(read.body.data.map((c) => c.id)).toEqual([world.classId]);
    const refused = await authedRequest(t.app, await signToken(t.app, none), { url: '/v2/lms/kelas_kuliah' });
    expect(refused.statusCode).toBe(403);
  });

  it('number meetings on and pick the marked main teacher', async () => {
    const { collegeId } = world;
    const a = await createUser(t.database, { collegeId, role: 'dosen' });
    const b = await createUser(t.database, { collegeId, role: 'dosen' });
    const { courseId } = await createCourse(t.database, { collegeId });
    const kelas = await createClass(t.database, {
      collegeId,
      courseId,
      teachers: [a.userId, { dosenId: b.userId, isUtama: true, peran: 'koordinator' }],
    });
    expect(kelas).toMatchObject({
      collegeId,
      courseId,
      mainTeacherId: b.userId,
      teacherIds: [a.userId, b.userId],
    });
    const first = await createMeeting(t.database, { collegeId, classId: kelas.classId });
    const second = await createMeeting(t.database, { collegeId, classId: kelas.classId });
    expect([first.nomor, second.nomor]).toEqual([1, 2]);
  });
});
