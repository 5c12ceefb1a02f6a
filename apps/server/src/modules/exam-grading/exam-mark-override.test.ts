import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt, QuestionGroup } from '@lms/contract/exam.schema';
import { createClassWorld, createExam, type ClassWorld, type ExamRef } from '../../testing/factories.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { rescoreStaleExams } from './exam-grading.service.ts';

/*
 * A lecturer's mark of a question marked automatically (issue 43, as Moodle's manual override): it
 * stands through a rescore after a corrected key, nilai_akhir follows it, and removing it brings the
 * automatic mark back from the current key.
 */

let t: TestApp;
let world: ClassWorld;
let exam: ExamRef;
const tokens: Record<string, string> = {};
let shortId = '';
let numericId = '';

const shortAnswer = (teks: string) => ({
  pertanyaan: '<p>Bahasa kueri basis data relasional disingkat …</p>',
  isi: { jenis: 'isian_singkat', jawaban: [{ teks, nilai: 100 }], peka_huruf_besar: false },
});
const numeric = (angka: number) => ({
  pertanyaan: '<p>Percepatan gravitasi bumi?</p>',
  isi: {
    jenis: 'numerik',
    jawaban: [{ angka, toleransi: 0.1, nilai: 100 }],
    satuan: [{ satuan: 'm/s2', pengali: 1 }],
  },
});

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  tokens.dosen = (await signIn(t.app, world.teacher)).access_token;
  tokens.mhs = (await signIn(t.app, world.student)).access_token;
  exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
}, 120_000);
afterAll(async () => t?.close());

const send = (who: string, method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), ...(payload ? { payload } : {}) });
const soalUrl = () => `/v2/lms/ujian/${exam.examId}/kelompok_soal/${exam.groupId}/soal`;
const markUrl = (questionId: string) =>
  `/v2/lms/ujian/${exam.examId}/pengerjaan/${world.student.userId}/kelompok_soal/${exam.groupId}/soal/${questionId}/nilai`;

async function attemptOf() {
  const res = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/${world.student.userId}`);
  expect(res.statusCode, res.body).toBe(200);
  const attempt = res.json().data as Attempt;
  const byId = new Map(attempt.kelompok_soal.flatMap((g) => g.soal).map((q) => [q.id, q] as const));
  return { attempt, of: (id: string) => byId.get(id)! };
}

const storedAnswers = () =>
  t.database.query<{ soal_id: string; nilai: number | null; dinilai_oleh: string | null }>(
    'select soal_id, nilai, dinilai_oleh from exam_answers order by soal_id',
  );

describe("a lecturer's mark of an automatically marked question", () => {
  it('is refused while the attempt is open', async () => {
    for (const body of [shortAnswer('SQL'), numeric(9.8)]) {
      const res = await send('dosen', 'POST', soalUrl(), body);
      expect(res.statusCode, res.body).toBe(200);
      const added = (res.json().data as QuestionGroup).soal.at(-1)!;
      if (added.jenis === 'isian_singkat') shortId = added.id;
      else numericId = added.id;
    }
    const start = await send('mhs', 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`);
    expect(start.statusCode, start.body).toBe(200);
    const attemptId = (start.json().data as Attempt).id;
    const saves: Array<[string, object]> = [
      // A synonym the key does not list: 0 automatically, right for the lecturer.
      [shortId, { jenis: 'isian_singkat', teks: 'Structured Query Language' }],
      [numericId, { jenis: 'numerik', teks: '9,8' }],
      [exam.questionIds[0], { jenis: 'pilihan', pilihan: 0 }],
    ];
    for (const [soalId, jawaban] of saves) {
      const res = await send('mhs', 'PUT', `/v2/lms/pengerjaan/${attemptId}/jawaban/${soalId}`, {
        jawaban,
        urutan: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const early = await send('dosen', 'PUT', markUrl(shortId), { nilai: 100 });
    expect(early.statusCode).toBe(400);
    const done = await send('mhs', 'POST', `/v2/lms/pengerjaan/${attemptId}/selesai`);
    expect(done.statusCode, done.body).toBe(200);
    const { attempt, of } = await attemptOf();
    expect(of(shortId)).toMatchObject({ nilai: 0, nilai_dosen: false });
    expect(of(numericId)).toMatchObject({ nilai: 100, nilai_dosen: false });
    // 5 questions: numerik 100, the rest 0 (the essay unanswered).
    expect(attempt.nilai_akhir).toBe(20);
  });

  it('overrides the automatic mark on any kind, with who gave it, and nilai_akhir follows', async () => {
    const res = await send('dosen', 'PUT', markUrl(shortId), { nilai: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json().data as Attempt;
    const q = shown.kelompok_soal.flatMap((g) => g.soal).find((s) => s.id === shortId)!;
    expect(q).toMatchObject({ nilai: 100, nilai_dosen: true });
    expect(shown.nilai_akhir).toBe(40);
    // An old kind too: the wrong choice gets half by hand.
    expect((await send('dosen', 'PUT', markUrl(exam.questionIds[0]), { nilai: 50 })).statusCode).toBe(200);
    const rows = await storedAnswers();
    expect(rows.find((r) => r.soal_id === shortId)).toEqual({
      soal_id: shortId,
      nilai: 100,
      dinilai_oleh: world.teacher.userId,
    });
    expect((await attemptOf()).attempt.nilai_akhir).toBe(50);
  });

  it('survives a corrected key, while the marks without an override are scored again', async () => {
    for (const [id, body] of [
      [shortId, shortAnswer('NoSQL')],
      [numericId, numeric(10)],
    ] as const) {
      const res = await send('dosen', 'PUT', `${soalUrl()}/${id}`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    await rescoreStaleExams(t.database.db);
    const { attempt, of } = await attemptOf();
    expect(of(shortId)).toMatchObject({ nilai: 100, nilai_dosen: true });
    expect(of(exam.questionIds[0])).toMatchObject({ nilai: 50, nilai_dosen: true });
    expect(of(numericId)).toMatchObject({ nilai: 0, nilai_dosen: false });
    expect(attempt.nilai_akhir).toBe(30);
  });

  it('is refused to the student and to an essay removal, changing nothing', async () => {
    const before = await storedAnswers();
    expect((await send('mhs', 'DELETE', markUrl(shortId))).statusCode).toBe(403);
    expect((await send('mhs', 'PUT', markUrl(shortId), { nilai: 0 })).statusCode).toBe(403);
    const essay = await send('dosen', 'DELETE', markUrl(exam.questionIds[2]));
    expect(essay.statusCode).toBe(400);
    expect(essay.json().status.message).toBe('Soal esai tidak punya nilai otomatis; ubah nilainya saja.');
    expect(await storedAnswers()).toEqual(before);
  });

  it('goes when removed: the automatic mark of the current key comes back', async () => {
    const res = await send('dosen', 'DELETE', markUrl(shortId));
    expect(res.statusCode, res.body).toBe(200);
    const q = (res.json().data as Attempt).kelompok_soal
      .flatMap((g) => g.soal)
      .find((s) => s.id === shortId)!;
    expect(q).toMatchObject({ nilai: 0, nilai_dosen: false });
    expect((res.json().data as Attempt).nilai_akhir).toBe(10);
    const row = (await storedAnswers()).find((r) => r.soal_id === shortId);
    expect(row).toEqual({ soal_id: shortId, nilai: 0, dinilai_oleh: null });
    // A later rescore leaves it automatic.
    expect(
      (await send('dosen', 'PUT', `${soalUrl()}/${shortId}`, shortAnswer('Structured*'))).statusCode,
    ).toBe(200);
    await rescoreStaleExams(t.database.db);
    const { attempt, of } = await attemptOf();
    expect(of(shortId)).toMatchObject({ nilai: 100, nilai_dosen: false });
    expect(attempt.nilai_akhir).toBe(30);
  });
});
