import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { frozenSecondsLeft } from '@lms/contract/exam-run.rules';
import { pauseStatusSchema, type PauseStatus } from '@lms/contract/exam-run.schema';
import type { Attempt } from '@lms/contract/exam.schema';
import {
  createClass,
  createClassWorld,
  createCollege,
  createExam,
  createMeeting,
  createStudyProgram,
  createUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { openSseClient } from '../../testing/sse-client.ts';
import { createTestApp, setFeeRestriction, type TestApp } from '../../testing/test-app.ts';
import { prepareUpcomingExams } from './exam-question-set.service.ts';
import { findCollegeById } from '../../platform/college.repository.ts';
import { startAttempt, submitExpiredAttempts } from './exam-attempt.service.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let secondStudent: UserRef;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  secondStudent = await createEnrolledStudent();
  const operator = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'operator',
    permissions: { kelas_kuliah: 'write' },
  });
  const readingOperator = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'operator',
    permissions: { kelas_kuliah: 'read' },
  });
  const outsider = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'mahasiswa',
    prodiId: world.prodiId,
  });
  for (const [name, user] of [
    ['dosen', world.teacher],
    ['mahasiswa', world.student],
    ['mahasiswa_2', secondStudent],
    ['operator', operator],
    ['operator_baca', readingOperator],
    ['mahasiswa_lain', outsider],
    ['asing', otherWorld.teacher],
  ] as const) {
    tokens[name] = (await signIn(t.app, user)).access_token;
  }
}, 120_000);
afterAll(async () => t.close());

/** A new student of the world's class. */
async function createEnrolledStudent() {
  const student = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'mahasiswa',
    prodiId: world.prodiId,
  });
  await t.database.query(
    'insert into class_students (kelas_id, mahasiswa_id, college_id) values ($1, $2, $3)',
    [world.classId, student.userId, world.collegeId],
  );
  return student;
}

const send = (who: string, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), ...(payload ? { payload } : {}) });
const start = async (who: string, examId: string) =>
  (await send(who, 'POST', `/v2/lms/ujian/${examId}/pengerjaan/start`)).json().data as Attempt;
/** A start's attempted fact is recorded by a drain 300 ms later: statement counts wait for it to pass. */
const untilFactRecorded = (attemptId: string) =>
  vi.waitFor(
    async () => {
      const [row] = await t.database.query<{ recorded: boolean }>(
        'select fact_recorded_at is not null as recorded from exam_attempts where id = $1',
        [attemptId],
      );
      expect(row?.recorded).toBe(true);
    },
    { timeout: 4000, interval: 50 },
  );
const examEnd = async (examId: string) =>
  (
    await t.database.query<{ waktu_selesai: Date }>('select waktu_selesai from exams where id = $1', [examId])
  )[0]!.waktu_selesai;

describe('pausing an exam during an outage', () => {
  it('stops the clock, lets nobody begin, reaches open pages, and gives the lost minutes back on resume', async () => {
    const exam = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      gunakanBatasWaktu: true,
      durasi: 30,
    });
    const attempt = await start('mahasiswa', exam.examId);
    const startedAt = Date.now();
    const endBefore = await examEnd(exam.examId);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const stream = await openSseClient(
      `${base}/v2/lms/events/ujian/${exam.examId}?access_token=${tokens.mahasiswa}&college-id=${world.collegeId}`,
    );
    try {
      // Who may pause: the class's lecturers and operators with write; nobody else.
      for (const who of ['mahasiswa', 'operator_baca', 'mahasiswa_lain', 'asing']) {
        const refused = await send(who, 'POST', `/v2/lms/ujian/${exam.examId}/jeda`, {
          alasan: 'Gangguan jaringan',
        });
        expect(refused.statusCode, who).toBeGreaterThanOrEqual(403);
        expect(refused.statusCode, who).toBeLessThanOrEqual(404);
      }
      const paused = await send('dosen', 'POST', `/v2/lms/ujian/${exam.examId}/jeda`, {
        alasan: 'Listrik padam di gedung B',
      });
      expect(paused.statusCode).toBe(200);
      expect(pauseStatusSchema.parse(paused.json().data)).toMatchObject({
        dijeda: true,
        alasan: 'Listrik padam di gedung B',
      });
      const event = await stream.next((m) => m.event === 'time_changed');
      expect(JSON.parse(event.data ?? 'null')).toEqual({ id_ujian: exam.examId, dijeda: true });

      // A second pause (another lecturer at the same time) is refused; the operator may also act.
      const again = await send('operator', 'POST', `/v2/lms/ujian/${exam.examId}/jeda`, {
        alasan: 'Gangguan jaringan',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().status.message).toBe('Kuis/Ujian sedang dijeda. Tunggu hingga dilanjutkan.');

      // The student's page: the status and a frozen time left equal to what was left at the pause.
      const status = (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}/jeda`)).json()
        .data as PauseStatus;
      const resumedRes = await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`);
      expect(resumedRes.statusCode, resumedRes.body).toBe(200);
      const resumed = resumedRes.json().data as Attempt;
      const frozen = frozenSecondsLeft(resumed.batas_waktu, status)!;
      // What was left at the pause: the start's time left less the seconds until the pause (a busy
      // machine takes a few between the two).
      const beforePause = Math.ceil((Date.now() - startedAt) / 1000);
      expect(frozen).toBeLessThanOrEqual(attempt.sisa_detik + 1);
      expect(frozen).toBeGreaterThanOrEqual(attempt.sisa_detik - beforePause - 1);
      expect((await send('mahasiswa_lain', 'GET', `/v2/lms/ujian/${exam.examId}/jeda`)).statusCode).toBe(403);

      // Nobody begins while paused; answers still land (nothing is lost); the sweep closes nothing.
      const blocked = await send('mahasiswa_2', 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`);
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json().status.message).toBe('Kuis/Ujian sedang dijeda. Tunggu hingga dilanjutkan.');
      const saved = await send(
        'mahasiswa',
        'PUT',
        `/v2/lms/pengerjaan/${attempt.id}/jawaban/${exam.questionIds[0]}`,
        {
          jawaban: { jenis: 'pilihan', pilihan: 1 },
          urutan: 1,
        },
      );
      expect(saved.statusCode).toBe(200);
      await submitExpiredAttempts(t.app.db, new Date(Date.now() + 3 * 3_600_000));
      expect((await start('mahasiswa', exam.examId)).status).toBe('berlangsung');

      // The outage lasted ten minutes (the pause is moved back, as if it began then).
      await t.database.query(
        `update exam_pauses set dijeda_pada = dijeda_pada - interval '10 minutes' where ujian_id = $1`,
        [exam.examId],
      );
      expect((await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.examId}/lanjutkan`)).statusCode).toBe(
        403,
      );
      const back = await send('dosen', 'POST', `/v2/lms/ujian/${exam.examId}/lanjutkan`);
      expect(back.statusCode).toBe(200);
      const backStatus = pauseStatusSchema.parse(back.json().data);
      expect(backStatus.dijeda).toBe(false);
      const given = backStatus.riwayat[0]!.detik_dikembalikan!;
      expect(given).toBeGreaterThanOrEqual(600);
      expect(given).toBeLessThan(610);
      await stream.next((m) => m.event === 'time_changed' && !!m.data?.includes('"dijeda":false'));
      const after = await start('mahasiswa', exam.examId);
      expect(Date.parse(after.batas_waktu) - Date.parse(attempt.batas_waktu)).toBe(given * 1000);
      expect((await examEnd(exam.examId)).getTime() - endBefore.getTime()).toBe(given * 1000);
      // The second student may begin again.
      expect((await start('mahasiswa_2', exam.examId)).status).toBe('berlangsung');
      const twice = await send('dosen', 'POST', `/v2/lms/ujian/${exam.examId}/lanjutkan`);
      expect(twice.json().status.message).toBe('Kuis/Ujian tidak sedang dijeda.');
    } finally {
      stream.close();
    }
  });

  it('pauses only a running exam', async () => {
    const upcoming = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      waktuMulai: new Date(Date.now() + 60 * 60_000),
      waktuSelesai: new Date(Date.now() + 120 * 60_000),
    });
    const res = await send('dosen', 'POST', `/v2/lms/ujian/${upcoming.examId}/jeda`, {
      alasan: 'Gangguan jaringan',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toBe('Kuis/Ujian tidak sedang berlangsung.');
  });
});

describe('question sets prepared ahead', () => {
  it('fixes each participant’s set before the exam opens; the start takes it; a content change makes it stale', async () => {
    const exam = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      acakSoal: true,
      waktuMulai: new Date(Date.now() + 30 * 60_000),
      waktuSelesai: new Date(Date.now() + 120 * 60_000),
    });
    expect((await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.examId}/siapkan_soal`)).statusCode).toBe(
      403,
    );
    // Another college's lecturer does not even see it.
    expect((await send('asing', 'POST', `/v2/lms/ujian/${exam.examId}/siapkan_soal`)).statusCode).toBe(404);
    expect(await prepareUpcomingExams(t.app.db)).toBeGreaterThanOrEqual(2);
    const prepared = await t.database.query<{
      mahasiswa_id: string;
      question_set: Array<{ soal: string[] }>;
    }>('select mahasiswa_id, question_set from exam_prepared_sets where ujian_id = $1', [exam.examId]);
    expect(prepared.map((p) => p.mahasiswa_id).sort()).toEqual(
      [world.student.userId, secondStudent.userId].sort(),
    );
    // A second run makes nothing new.
    const now = await send('dosen', 'POST', `/v2/lms/ujian/${exam.examId}/siapkan_soal`);
    expect(now.json().data).toEqual({ disiapkan: 0, peserta: 2 });

    // The exam opens: the first student gets exactly the prepared order.
    await t.database.query(`update exams set waktu_mulai = now() - interval '1 minute' where id = $1`, [
      exam.examId,
    ]);
    const mine = prepared.find((p) => p.mahasiswa_id === world.student.userId)!;
    const attempt = await start('mahasiswa', exam.examId);
    expect(attempt.kelompok_soal.flatMap((g) => g.soal.map((q) => q.id))).toEqual(
      mine.question_set.flatMap((g) => g.soal),
    );

    // A question added after the preparation: the stale set is ignored, the start decides anew.
    const added = await send(
      'dosen',
      'POST',
      `/v2/lms/ujian/${exam.examId}/kelompok_soal/${exam.groupId}/soal`,
      {
        pertanyaan: '<p>Soal tambahan</p>',
        isi: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: true },
      },
    );
    expect(added.statusCode).toBe(200);
    const second = await start('mahasiswa_2', exam.examId);
    expect(second.jumlah_soal).toBe(4);

    // Kept while the exam is open (no deletes in the middle of a start storm), dropped once it ended.
    const setsOf = async () =>
      (await t.database.query('select 1 from exam_prepared_sets where ujian_id = $1', [exam.examId])).length;
    await prepareUpcomingExams(t.app.db);
    expect(await setsOf()).toBe(2);
    await t.database.query(`update exams set waktu_selesai = now() - interval '1 minute' where id = $1`, [
      exam.examId,
    ]);
    await prepareUpcomingExams(t.app.db);
    expect(await setsOf()).toBe(0);
  });

  it('prepares a remedial for its listed participants only', async () => {
    const exam = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      jenis: 'remedial',
      pesertaRemedial: [secondStudent.nim!],
      waktuMulai: new Date(Date.now() + 30 * 60_000),
      waktuSelesai: new Date(Date.now() + 120 * 60_000),
    });
    const prepared = await send('dosen', 'POST', `/v2/lms/ujian/${exam.examId}/siapkan_soal`);
    expect(prepared.json().data).toEqual({ disiapkan: 1, peserta: 1 });
    const rows = await t.database.query<{ mahasiswa_id: string }>(
      'select mahasiswa_id from exam_prepared_sets where ujian_id = $1',
      [exam.examId],
    );
    expect(rows.map((r) => r.mahasiswa_id)).toEqual([secondStudent.userId]);
  });
});

describe('the save hot path', () => {
  it("refuses another student's attempt, a foreign question and a choice out of range; orders by sequence", async () => {
    const exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const attempt = await start('mahasiswa', exam.examId);
    const url = (soalId: string) => `/v2/lms/pengerjaan/${attempt.id}/jawaban/${soalId}`;
    const choice = (pilihan: number, urutan: number) => ({ jawaban: { jenis: 'pilihan', pilihan }, urutan });
    expect((await send('mahasiswa_2', 'PUT', url(exam.questionIds[0]), choice(1, 1))).statusCode).toBe(404);
    expect((await send('mahasiswa', 'PUT', url(otherWorld.meetingId), choice(1, 1))).statusCode).toBe(404);
    // A question of another exam of the same class: known to the kinds cache, not in this attempt.
    const otherExam = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    expect((await send('mahasiswa', 'PUT', url(otherExam.questionIds[0]!), choice(1, 1))).statusCode).toBe(
      404,
    );
    expect((await send('mahasiswa', 'PUT', url(exam.questionIds[0]), choice(7, 1))).statusCode).toBe(400);
    const wrongKind = await send('mahasiswa', 'PUT', url(exam.questionIds[0]), {
      jawaban: { jenis: 'esay', teks: 'x' },
      urutan: 1,
    });
    expect(wrongKind.statusCode).toBe(400);
    const newer = await send('mahasiswa', 'PUT', url(exam.questionIds[0]), choice(2, 5));
    expect(newer.json().data).toMatchObject({ diterapkan: true, urutan: 5 });
    const late = await send('mahasiswa', 'PUT', url(exam.questionIds[0]), choice(0, 4));
    expect(late.json().data).toMatchObject({ diterapkan: false });
    const mine = await start('mahasiswa', exam.examId);
    expect(mine.kelompok_soal[0]!.soal[0]!.jawaban).toEqual({ jenis: 'pilihan', pilihan: 2 });
    const stored = await t.database.query<{ soal_id: string }>(
      'select soal_id from exam_answers where college_id = $1 and attempt_id = $2',
      [world.collegeId, attempt.id],
    );
    expect(stored.map((r) => r.soal_id)).toEqual([exam.questionIds[0]]);
  });

  it('checks the attempt is the caller’s own without a statement, and the caller’s row in its one statement', async () => {
    const exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const attempt = await start('mahasiswa', exam.examId);
    await untilFactRecorded(attempt.id);
    const url = `/v2/lms/pengerjaan/${attempt.id}/jawaban/${exam.questionIds[0]}`;
    const choice = (urutan: number) => ({ jawaban: { jenis: 'pilihan', pilihan: 1 }, urutan });
    // The first save fills the question kinds cache (one read per exam and process).
    expect((await send('mahasiswa', 'PUT', url, choice(1))).json().data.diterapkan).toBe(true);
    let saved: unknown;
    const statements = await t.statementsDuring(async () => {
      saved = (await send('mahasiswa', 'PUT', url, choice(2))).json().data;
    });
    expect(saved).toMatchObject({ diterapkan: true, urutan: 2 });
    // The caller's row is not remembered (actorCacheMs 0 here; a student saving every 15 s outlives
    // production's 5 s): the save's own statement checks it, and nothing else runs.
    expect(statements, statements.map((r) => r.slice(0, 120)).join('\n')).toHaveLength(1);
    expect(statements[0]).toMatch(/^insert into "exam_answers"/);
    expect(statements[0]).toMatch(/"refresh_tokens"/);
  });

  it('refuses the save of an ended session, a deactivated account or a student held for fees, and writes nothing', async () => {
    const student = await createEnrolledStudent();
    const session = await signIn(t.app, student);
    const exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const started = await t.app.inject({
      method: 'POST',
      url: `/v2/lms/ujian/${exam.examId}/pengerjaan/start`,
      headers: bearerHeaders(session.access_token),
    });
    const attemptId = (started.json().data as Attempt).id;
    const others = await start('mahasiswa', exam.examId);
    let urutan = 0;
    const save = (
      payload: object = { jawaban: { jenis: 'pilihan', pilihan: 1 }, urutan: ++urutan },
      id = attemptId,
    ) =>
      t.app.inject({
        method: 'PUT',
        url: `/v2/lms/pengerjaan/${id}/jawaban/${exam.questionIds[0]}`,
        headers: bearerHeaders(session.access_token),
        payload,
      });
    const stored = async () =>
      (
        await t.database.query<{ urutan: number }>(
          'select urutan::int as urutan from exam_answers where attempt_id = $1',
          [attemptId],
        )
      )[0]?.urutan;
    const setFeeRule = (aktif: boolean) => setFeeRestriction(t, world.collegeId, aktif);

    expect((await save()).statusCode).toBe(200);
    expect(await stored()).toBe(1);

    // Held for unpaid fees: refused while the college's rule is on, saved once it is off.
    await t.database.query('insert into student_fee_holds (user_id, college_id) values ($1, $2)', [
      student.userId,
      world.collegeId,
    ]);
    try {
      await setFeeRule(true);
      const held = await save();
      expect(held.statusCode, held.body).toBe(403);
      expect(held.json().status.code).toBe('akses_dibatasi_tunggakan');
      expect(await stored()).toBe(1);
      await setFeeRule(false);
      expect((await save()).statusCode).toBe(200);
      expect(await stored()).toBe(3);
    } finally {
      await t.database.query('delete from student_fee_holds where user_id = $1', [student.userId]);
      await setFeeRule(false);
    }

    await t.database.query('update users set is_active = false where id = $1', [student.userId]);
    expect((await save()).statusCode).toBe(401);
    expect(await stored()).toBe(3);
    await t.database.query('update users set is_active = true where id = $1', [student.userId]);

    // Signed out: 401 whatever else is wrong with the request (a body the schema refuses, someone
    // else's attempt), before it says so.
    await t.database.query('update refresh_tokens set revoked_at = now() where user_id = $1', [
      student.userId,
    ]);
    expect((await save()).statusCode).toBe(401);
    expect((await save({ jawaban: { jenis: 'pilihan', pilihan: 1 } })).statusCode).toBe(401);
    expect((await save(undefined, others.id)).statusCode).toBe(401);
    expect(await stored()).toBe(3);
  });
});

describe('a start storm', () => {
  it("a student's first start is three statements: the exam check, the start's read with the caller's row, the attempt", async () => {
    const exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    // The first start of the exam reads its content into the 5-second cache.
    const first = await start('mahasiswa_2', exam.examId);
    // On a loaded machine its fact's drain would overlap the measured start.
    await untilFactRecorded(first.id);
    let started: Attempt | undefined;
    const statements = await t.statementsDuring(async () => {
      started = await start('mahasiswa', exam.examId);
    });
    expect(started?.status).toBe('berlangsung');
    // The measured start's own drain comes 300 ms after its insert: only what came before belongs to it.
    const insertAt = statements.findIndex((statement) => statement.startsWith('insert into "exam_attempts"'));
    const own = statements.slice(0, insertAt + 1);
    expect(own.map((statement) => statement.slice(0, 40))).toEqual([
      expect.stringMatching(/^select "exams"\."id"/),
      expect.stringMatching(/^select "id", exists \(\(select 1 from/),
      expect.stringMatching(/^insert into "exam_attempts"/),
    ]);
    // The caller's row is not remembered (actorCacheMs 0 here; the page was opened long before the
    // start in production): the start's read checks it.
    expect(own[1]).toMatch(/"refresh_tokens"/);
  });

  it('refuses the start of an ended session, a deactivated account or a student held for fees, and creates no attempt', async () => {
    const student = await createEnrolledStudent();
    const session = await signIn(t.app, student);
    const exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const startIt = () =>
      t.app.inject({
        method: 'POST',
        url: `/v2/lms/ujian/${exam.examId}/pengerjaan/start`,
        headers: bearerHeaders(session.access_token),
      });
    const attempts = async () =>
      (
        await t.database.query<{ n: number }>(
          'select count(*)::int as n from exam_attempts where ujian_id = $1 and mahasiswa_id = $2',
          [exam.examId, student.userId],
        )
      )[0]!.n;
    // Another student's start fills the content cache: the refused starts reach the start's read.
    await start('mahasiswa', exam.examId);

    await t.database.query('update users set is_active = false where id = $1', [student.userId]);
    expect((await startIt()).statusCode).toBe(401);
    await t.database.query('update users set is_active = true where id = $1', [student.userId]);

    await t.database.query('insert into student_fee_holds (user_id, college_id) values ($1, $2)', [
      student.userId,
      world.collegeId,
    ]);
    try {
      await setFeeRestriction(t, world.collegeId, true);
      const held = await startIt();
      expect(held.statusCode, held.body).toBe(403);
      expect(held.json().status.code).toBe('akses_dibatasi_tunggakan');
    } finally {
      await t.database.query('delete from student_fee_holds where user_id = $1', [student.userId]);
      await setFeeRestriction(t, world.collegeId, false);
    }

    await t.database.query('update refresh_tokens set revoked_at = now() where user_id = $1', [
      student.userId,
    ]);
    expect((await startIt()).statusCode).toBe(401);
    // A missing exam: the session's end is said first.
    const missing = await t.app.inject({
      method: 'POST',
      url: `/v2/lms/ujian/${otherWorld.meetingId}/pengerjaan/start`,
      headers: bearerHeaders(session.access_token),
    });
    expect(missing.statusCode).toBe(401);
    expect(await attempts()).toBe(0);
  });

  it('shows every starter the same content read once, records each attempted fact, and a reload shows the answers', async () => {
    const exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const first = await start('mahasiswa', exam.examId);
    const second = await start('mahasiswa_2', exam.examId);
    expect(second.id).not.toBe(first.id);
    const shown = (a: Attempt) =>
      a.kelompok_soal.flatMap((g) => g.soal.map((q) => ({ id: q.id, pertanyaan: q.pertanyaan })));
    const byId = (a: Attempt) => new Map(shown(a).map((q) => [q.id, q.pertanyaan]));
    expect(byId(second)).toEqual(byId(first));
    expect(shown(first).length).toBe(exam.questionIds.length);
    // Just started: no answers yet.
    expect(second.kelompok_soal.flatMap((g) => g.soal).every((q) => q.jawaban === null)).toBe(true);

    // Recorded in one batch a moment after the starts.
    const attemptedBy = async () =>
      new Set(
        (
          await t.database.query<{ mahasiswa_id: string; attempted_at: Date | null }>(
            `select f.mahasiswa_id, f.attempted_at from activity_facts f
              join activities a on a.college_id = f.college_id and a.id = f.activity_id
              where a.college_id = $1 and a.content_id = $2`,
            [world.collegeId, exam.examId],
          )
        )
          .filter((f) => f.attempted_at)
          .map((f) => f.mahasiswa_id),
      );
    await expect
      .poll(attemptedBy, { timeout: 10_000 })
      .toEqual(new Set([world.student.userId, secondStudent.userId]));

    const soalId = exam.questionIds[0]!;
    const saved = await send('mahasiswa', 'PUT', `/v2/lms/pengerjaan/${first.id}/jawaban/${soalId}`, {
      jawaban: { jenis: 'pilihan', pilihan: 1 },
      urutan: 1,
    });
    expect(saved.statusCode).toBe(200);
    const again = await start('mahasiswa', exam.examId);
    expect(again.id).toBe(first.id);
    const answered = again.kelompok_soal.flatMap((g) => g.soal).find((q) => q.id === soalId);
    expect(answered?.jawaban).toEqual({ jenis: 'pilihan', pilihan: 1 });
  });
});

describe('the UTS/UAS attendance minimum at the start of an attempt', () => {
  /**
   * A college requiring 75 % for UTS and UAS. Class A holds the exams, in an ordinary meeting. In class A
   * the first student attended 1 of 4 lectures and the second 4 of 4; in class B (8 lectures) the first
   * attended all and the second none. Pooled over the period the first would pass (9 of 12) and the
   * second fail (4 of 12): only the exam's own class counts.
   */
  async function attendanceWorld() {
    const { collegeId } = await createCollege(t.database, {
      settings: {
        pembatasan_akses: {
          kehadiran_ujian: { aktif: true, persen_minimal: 75, berlaku_untuk: ['uts', 'uas'] },
        },
      },
    });
    const { prodiId } = await createStudyProgram(t.database, { collegeId });
    const user = (role: 'dosen' | 'mahasiswa') => createUser(t.database, { collegeId, role, prodiId });
    const [teacher, otherTeacher, below, meets] = [
      await user('dosen'),
      await user('dosen'),
      await user('mahasiswa'),
      await user('mahasiswa'),
    ];
    const students = [below.userId, meets.userId];
    const classA = await createClass(t.database, {
      collegeId,
      teachers: [teacher.userId],
      studentIds: students,
    });
    const classB = await createClass(t.database, {
      collegeId,
      teachers: [otherTeacher.userId],
      studentIds: students,
    });
    const mark = async (classId: string, lectures: number, present: Record<string, number>) => {
      for (let i = 0; i < lectures; i++) {
        const { meetingId } = await createMeeting(t.database, { collegeId, classId });
        for (const [studentId, attended] of Object.entries(present)) {
          await t.database.query(
            `insert into student_attendance (college_id, pertemuan_id, mahasiswa_id, presensi, source, updated_by)
             values ($1, $2, $3, $4, 'manual', $5)`,
            [collegeId, meetingId, studentId, i < attended ? 'H' : 'A', teacher.userId],
          );
        }
      }
    };
    await mark(classA.classId, 4, { [below.userId]: 1, [meets.userId]: 4 });
    await mark(classB.classId, 8, { [below.userId]: 8, [meets.userId]: 0 });
    // The exams' meeting is an ordinary lecture, not yet held (so it does not count itself).
    const { meetingId } = await createMeeting(t.database, {
      collegeId,
      classId: classA.classId,
      kategori: 'kuliah',
      waktuMulai: new Date(Date.now() + 86_400_000),
    });
    const names = { dosen: teacher, dosen_lain: otherTeacher, kurang: below, cukup: meets };
    const sessions: Record<string, string> = {};
    for (const [name, who] of Object.entries(names)) sessions[name] = (await signIn(t.app, who)).access_token;
    const call = (who: string, method: 'POST' | 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: bearerHeaders(sessions[who]!) });
    return { collegeId, meetingId, below, meets, call };
  }

  it("refuses a student below the minimum in the exam's class on every start path, and changes nothing", async () => {
    const w = await attendanceWorld();
    const uts = await createExam(t.database, {
      collegeId: w.collegeId,
      meetingId: w.meetingId,
      jenis: 'uts',
    });
    // Question sets prepared ahead stay as they were after a refusal.
    expect((await w.call('dosen', 'POST', `/v2/lms/ujian/${uts.examId}/siapkan_soal`)).statusCode).toBe(200);
    const prepared = () =>
      t.database.query('select 1 from exam_prepared_sets where ujian_id = $1 and mahasiswa_id = $2', [
        uts.examId,
        w.below.userId,
      ]);
    const attempts = () =>
      t.database.query('select 1 from exam_attempts where ujian_id = $1 and mahasiswa_id = $2', [
        uts.examId,
        w.below.userId,
      ]);
    expect(await prepared()).toHaveLength(1);

    // The request's path (the storm's fast start).
    const refused = await w.call('kurang', 'POST', `/v2/lms/ujian/${uts.examId}/pengerjaan/start`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).toMatchObject({
      code: 'ujian_kehadiran_kurang',
      message: 'Kehadiran Anda di kelas ini 25.0% dari 4 pertemuan; minimal 75.0% untuk mengikuti UTS.',
    });
    expect(refused.json().detail).toEqual({
      syarat: 'kehadiran_uts',
      kekurangan: [refused.json().status.message],
    });
    expect(await attempts()).toHaveLength(0);
    expect(await prepared()).toHaveLength(1);

    // The full start (what the fast path falls back to).
    const college = (await findCollegeById(t.database.db, w.collegeId))!;
    const actor = {
      userId: w.below.userId,
      collegeId: w.collegeId,
      role: 'mahasiswa' as const,
      permissions: null,
      actorUserId: null,
    };
    await expect(startAttempt(t.database.db, actor, college, uts.examId)).rejects.toMatchObject({
      statusCode: 403,
      code: 'ujian_kehadiran_kurang',
    });
    expect(await attempts()).toHaveLength(0);

    // A start again after the lecturer reset an attempt begun before (or elsewhere) is refused too.
    const uas = await createExam(t.database, {
      collegeId: w.collegeId,
      meetingId: w.meetingId,
      jenis: 'uas',
      attemptBy: [w.below.userId],
    });
    expect((await w.call('dosen', 'DELETE', `/v2/lms/pengerjaan/${uas.attemptIds[0]}`)).statusCode).toBe(200);
    const again = await w.call('kurang', 'POST', `/v2/lms/ujian/${uas.examId}/pengerjaan/start`);
    expect(again.statusCode).toBe(403);
    expect(again.json().detail.syarat).toBe('kehadiran_uas');
    expect(
      await t.database.query('select 1 from exam_attempts where ujian_id = $1', [uas.examId]),
    ).toHaveLength(0);

    // Not a UTS/UAS: no attendance minimum, whatever the student's attendance.
    const quiz = await createExam(t.database, { collegeId: w.collegeId, meetingId: w.meetingId });
    expect((await w.call('kurang', 'POST', `/v2/lms/ujian/${quiz.examId}/pengerjaan/start`)).statusCode).toBe(
      200,
    );
  });

  it("lets a student who meets the minimum in the exam's class start, however they attend elsewhere", async () => {
    const w = await attendanceWorld();
    const uts = await createExam(t.database, {
      collegeId: w.collegeId,
      meetingId: w.meetingId,
      jenis: 'uts',
    });
    let started: Awaited<ReturnType<typeof w.call>> | undefined;
    const statements = await t.statementsDuring(async () => {
      started = await w.call('cukup', 'POST', `/v2/lms/ujian/${uts.examId}/pengerjaan/start`);
    });
    expect(started!.statusCode, started!.body).toBe(200);
    expect((started!.json().data as Attempt).status).toBe('berlangsung');
    // The counts come with the start's read, not in a statement of their own.
    const startRead = statements.filter((s) => s.startsWith('select "id", exists'));
    expect(startRead).toHaveLength(1);
    expect(startRead[0]).toContain(`jsonb_build_object('held'`);
    expect(statements.filter((s) => s.startsWith('select count(*) filter'))).toEqual([]);
  });
});
