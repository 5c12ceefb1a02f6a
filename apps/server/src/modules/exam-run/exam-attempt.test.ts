import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptSchema, type Attempt } from '@lms/contract/exam.schema';
import type { ClassWorld } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { examTestRequests, openExamTestWorld, type ExamTestWorld } from '../exam/exam.testing.ts';
import { submitExpiredAttempts } from './exam-attempt.service.ts';

let people: ExamTestWorld;
let t: TestApp;
let world: ClassWorld;

beforeAll(async () => {
  people = await openExamTestWorld();
  ({ t, world } = people);
}, 120_000);
afterAll(async () => t.close());

const { send, as, createOpenExam } = examTestRequests(() => people);

describe('taking an exam', () => {
  const start = (who: string, id: string) => send(who, 'POST', `/v2/lms/ujian/${id}/pengerjaan/start`);
  const save = (attemptId: string, soalId: string, jawaban: object, urutan: number, who = 'mahasiswa') =>
    send(who, 'PUT', `/v2/lms/pengerjaan/${attemptId}/jawaban/${soalId}`, { jawaban, urutan });

  it('gives one attempt to a storm of 50 concurrent starts, with the server-decided deadline', async () => {
    const exam = await createOpenExam({ gunakanBatasWaktu: true, durasi: 30 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => start('mahasiswa', exam.examId)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
    const [rows] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from exam_attempts where college_id = $1 and ujian_id = $2`,
      [world.collegeId, exam.examId],
    );
    expect(rows!.n).toBe(1);
    const attempt: Attempt = attemptSchema.parse(answers[0]!.json().data);
    const left = (new Date(attempt.batas_waktu).getTime() - new Date(attempt.waktu_mulai).getTime()) / 60_000;
    expect(left).toBeCloseTo(30, 0);
    expect(attempt.sisa_detik).toBeGreaterThan(29 * 60);
    // Students never see the key while taking.
    expect(attempt.kelompok_soal[0]!.soal[0]!.isi).toMatchObject({ kunci: null });
    // The attempted fact follows within a moment (recorded in batches after the start).
    const attemptedAt = async () =>
      (
        await t.database.query<{ attempted_at: Date | null }>(
          `select f.attempted_at from activity_facts f join activities a on a.college_id = f.college_id and a.id = f.activity_id
            where a.college_id = $1 and a.content_id = $2 and f.mahasiswa_id = $3`,
          [world.collegeId, exam.examId, world.student.userId],
        )
      )[0]?.attempted_at ?? null;
    await expect.poll(attemptedAt, { timeout: 10_000 }).not.toBeNull();
  });

  it('refuses a start before the window, after it, and by anyone but a student of the class', async () => {
    const later = await createOpenExam({
      waktuMulai: new Date(Date.now() + 3_600_000),
      waktuSelesai: new Date(Date.now() + 7_200_000),
    });
    expect((await start('mahasiswa', later.examId)).json().status.message).toBe('Kuis/Ujian belum dimulai.');
    const over = await createOpenExam({
      waktuMulai: new Date(Date.now() - 7_200_000),
      waktuSelesai: new Date(Date.now() - 3_600_000),
    });
    expect((await start('mahasiswa', over.examId)).json().status.message).toBe('Kuis/Ujian telah berakhir.');
    const exam = await createOpenExam();
    expect((await start('dosen', exam.examId)).statusCode).toBe(403);
    expect((await start('mahasiswa_lain', exam.examId)).statusCode).toBe(403);
    expect((await start('mahasiswa_asing', exam.examId)).statusCode).toBe(404);
  });

  it('saves answers idempotently, in client order, and never lets a late retry overwrite a newer answer', async () => {
    const exam = await createOpenExam();
    const attempt = (await start('mahasiswa', exam.examId)).json().data as Attempt;
    const [choice, truth, essay] = exam.questionIds;
    expect((await save(attempt.id, choice, { jenis: 'pilihan', pilihan: 0 }, 1)).json().data.diterapkan).toBe(
      true,
    );
    expect((await save(attempt.id, choice, { jenis: 'pilihan', pilihan: 1 }, 3)).json().data.diterapkan).toBe(
      true,
    );
    // The retry of save 2 arrives after save 3.
    expect((await save(attempt.id, choice, { jenis: 'pilihan', pilihan: 2 }, 2)).json().data.diterapkan).toBe(
      false,
    );
    // The same save again changes nothing and still answers 200.
    expect((await save(attempt.id, choice, { jenis: 'pilihan', pilihan: 1 }, 3)).statusCode).toBe(200);
    await save(attempt.id, truth, { jenis: 'benar_salah', benar_salah: true }, 1);
    await save(attempt.id, essay, { jenis: 'esay', teks: '<p>Klorofil<img src=x onerror=alert(1)></p>' }, 1);
    expect((await save(attempt.id, essay, { jenis: 'pilihan', pilihan: 0 }, 2)).statusCode).toBe(400);
    expect((await save(attempt.id, choice, { jenis: 'pilihan', pilihan: 9 }, 9)).statusCode).toBe(400);
    // Someone else's attempt is not found.
    expect(
      (await save(attempt.id, choice, { jenis: 'pilihan', pilihan: 0 }, 10, 'mahasiswa_lain')).statusCode,
    ).toBe(404);
    const me = (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/me`)).json()
      .data as Attempt;
    const byId = new Map(me.kelompok_soal[0]!.soal.map((q) => [q.id, q]));
    expect(byId.get(choice)!.jawaban).toEqual({ jenis: 'pilihan', pilihan: 1 });
    // Plain text, kept as typed: it is only ever shown as text.
    expect(byId.get(essay)!.jawaban).toEqual({
      jenis: 'esay',
      teks: '<p>Klorofil<img src=x onerror=alert(1)></p>',
    });
    expect(me.jumlah_soal_dijawab).toBe(3);
  });

  it('refuses answers after the deadline plus grace, keeps them in the audit table, and submits on the server', async () => {
    const exam = await createOpenExam();
    const attempt = (await start('mahasiswa', exam.examId)).json().data as Attempt;
    await save(attempt.id, exam.questionIds[0], { jenis: 'pilihan', pilihan: 1 }, 1);
    // The deadline passed 31 s ago (beyond the 30 s grace), whatever the client believes.
    await t.database.query(
      `update exam_attempts set deadline_at = now() - interval '31 seconds' where id = $1`,
      [attempt.id],
    );
    const late = await save(attempt.id, exam.questionIds[1], { jenis: 'benar_salah', benar_salah: true }, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().status.message).toBe('Waktu pengerjaan telah habis. Jawaban ini tidak disimpan.');
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from exam_late_answers where college_id = $1 and attempt_id = $2`,
      [world.collegeId, attempt.id],
    );
    expect(audit!.n).toBe(1);
    const me = (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/me`)).json()
      .data as Attempt;
    expect(me.status).toBe('selesai');
    expect(me.kelompok_soal[0]!.soal[1]!.jawaban).toBeNull();
  });

  it('records leaving fullscreen or the tab of a closed-book exam with the server time, for the lecturer', async () => {
    const exam = await createOpenExam({ sifat: 'close' });
    const attempt = (await start('mahasiswa', exam.examId)).json().data as Attempt;
    expect(
      (await send('mahasiswa', 'POST', `/v2/lms/pengerjaan/${attempt.id}/keluar`, { jenis: 'tab' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send('mahasiswa_lain', 'POST', `/v2/lms/pengerjaan/${attempt.id}/keluar`, { jenis: 'tab' }))
        .statusCode,
    ).toBe(404);
    const seen = await send(
      'dosen',
      'GET',
      `/v2/lms/ujian/${exam.examId}/pengerjaan/${world.student.userId}`,
    );
    expect(seen.json().data.catatan_keluar).toMatchObject([{ jenis: 'tab' }]);
  });

  it('takes an answer within the grace after the deadline', async () => {
    const exam = await createOpenExam();
    const attempt = (await start('mahasiswa', exam.examId)).json().data as Attempt;
    await t.database.query(
      `update exam_attempts set deadline_at = now() - interval '10 seconds' where id = $1`,
      [attempt.id],
    );
    expect(
      (await save(attempt.id, exam.questionIds[0], { jenis: 'pilihan', pilihan: 1 }, 1)).statusCode,
    ).toBe(200);
  });

  it('submits expired attempts in the sweep job, nobody online', async () => {
    const exam = await createOpenExam();
    const attempt = (await start('mahasiswa', exam.examId)).json().data as Attempt;
    await save(attempt.id, exam.questionIds[0], { jenis: 'pilihan', pilihan: 1 }, 1);
    await t.database.query(
      `update exam_attempts set deadline_at = now() - interval '2 minutes' where id = $1`,
      [attempt.id],
    );
    expect(await submitExpiredAttempts(t.app.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.query<{ status: string; submitted_by: string; nilai_akhir: string }>(
      `select status, submitted_by, nilai_akhir from exam_attempts where id = $1`,
      [attempt.id],
    );
    expect(row).toMatchObject({ status: 'selesai', submitted_by: 'sistem' });
    // 1 of 2 choice questions right; the unanswered essay counts 0: 100/3.
    expect(Number(row!.nilai_akhir)).toBeCloseTo(33.33, 2);
  });

  it('survives a restart: a new server on the same database answers the same attempt, answers and time left', async () => {
    const exam = await createOpenExam({ gunakanBatasWaktu: true, durasi: 20 });
    const attempt = (await start('mahasiswa', exam.examId)).json().data as Attempt;
    await save(attempt.id, exam.questionIds[0], { jenis: 'pilihan', pilihan: 2 }, 1);
    await save(attempt.id, exam.questionIds[2], { jenis: 'esay', teks: 'Jawaban panjang' }, 4);
    const second = await buildTestApp(t.database, { rateLimitLoginPerMinute: 1000 });
    try {
      const res = await second.inject({
        method: 'POST',
        url: `/v2/lms/ujian/${exam.examId}/pengerjaan/start`,
        headers: as('mahasiswa'),
      });
      const again = res.json().data as Attempt;
      expect(again.id).toBe(attempt.id);
      expect(again.batas_waktu).toBe(attempt.batas_waktu);
      expect(again.sisa_detik).toBeLessThanOrEqual(attempt.sisa_detik);
      expect(again.sisa_detik).toBeGreaterThan(19 * 60);
      const answers = again.kelompok_soal[0]!.soal.map((q) => q.jawaban);
      expect(answers).toEqual([
        { jenis: 'pilihan', pilihan: 2 },
        null,
        { jenis: 'esay', teks: 'Jawaban panjang' },
      ]);
      expect(again.kelompok_soal[0]!.soal[2]!.urutan).toBe(4);
    } finally {
      await second.close();
    }
  });
});
