import {
  createClassOperator,
  createClassWorld,
  createExam,
  createWorldUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signInEach } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The people of the exam areas' route tests: a class (its lecturer `dosen` and student `mahasiswa`), an
 * operator with write (`operator`) and one with read (`operator_baca`) on kelas_kuliah, a student outside
 * the class (`mahasiswa_lain`) and another college's lecturer and student (`asing`, `mahasiswa_asing`),
 * each signed in (`tokens`).
 */
export interface ExamTestWorld {
  t: TestApp;
  world: ClassWorld;
  otherWorld: ClassWorld;
  operator: UserRef;
  readingOperator: UserRef;
  outsiderStudent: UserRef;
  tokens: Record<string, string>;
}

export async function openExamTestWorld(): Promise<ExamTestWorld> {
  const t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  const world = await createClassWorld(t.database);
  const otherWorld = await createClassWorld(t.database);
  const operator = await createClassOperator(t.database, world.collegeId);
  const readingOperator = await createClassOperator(t.database, world.collegeId, 'read');
  const outsiderStudent = await createWorldUser(t.database, world, 'mahasiswa');
  const tokens = await signInEach(t.app, {
    dosen: world.teacher,
    mahasiswa: world.student,
    operator,
    operator_baca: readingOperator,
    mahasiswa_lain: outsiderStudent,
    asing: otherWorld.teacher,
    mahasiswa_asing: otherWorld.student,
  });
  return { t, world, otherWorld, operator, readingOperator, outsiderStudent, tokens };
}

/** Requests as the world's people, and exams in its meeting (`world` is read when called: after beforeAll). */
export function examTestRequests(world: () => ExamTestWorld) {
  const as = (who: string) => bearerHeaders(world().tokens[who]!);
  return {
    as,
    send: (who: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
      world().t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) }),
    /** An exam of the world's meeting (open now, with questions, unless `columns` say otherwise). */
    createOpenExam: (columns: Partial<Parameters<typeof createExam>[1]> = {}) =>
      createExam(world().t.database, {
        collegeId: world().world.collegeId,
        meetingId: world().world.meetingId,
        ...columns,
      }),
  };
}

/** An instant `n` minutes from now (negative: ago), as a form sends it. */
export const minutesFromNow = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
