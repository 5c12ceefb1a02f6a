import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemAnalysis } from '@lms/contract/item-analysis.schema';
import { createUser } from '../../testing/factories.ts';
import { examTestRequests, openExamTestWorld, type ExamTestWorld } from '../exam/exam.testing.ts';

let people: ExamTestWorld;

beforeAll(async () => {
  people = await openExamTestWorld();
}, 120_000);
afterAll(async () => people.t.close());

const { send, createOpenExam } = examTestRequests(() => people);

type Answer = { jawaban: object | null; nilai: number | null } | null;

/** A finished (or open) attempt of a new student with the given answers, written as the exam stores them. */
async function addAttempt(
  exam: { examId: string; groupId: string; questionIds: string[] },
  answers: Answer[],
  status: 'selesai' | 'berlangsung' = 'selesai',
) {
  const { t, world } = people;
  const student = await createUser(t.database, { collegeId: world.collegeId, role: 'mahasiswa' });
  const set = [{ id: exam.groupId, aturan: 'semua', jumlah_wajib_dijawab: null, soal: exam.questionIds }];
  const [attempt] = await t.database.query<{ id: string }>(
    `insert into exam_attempts (college_id, ujian_id, mahasiswa_id, status, started_at, deadline_at, submitted_at, question_set, jumlah_soal)
     values ($1, $2, $3, $4, now(), now() + interval '1 hour', now(), $5, $6) returning id`,
    [world.collegeId, exam.examId, student.userId, status, JSON.stringify(set), exam.questionIds.length],
  );
  for (const [i, a] of answers.entries()) {
    if (!a) continue;
    await t.database.query(
      `insert into exam_answers (college_id, attempt_id, soal_id, jawaban, urutan, saved_at, nilai)
       values ($1, $2, $3, $4, $5, now(), $6)`,
      [
        world.collegeId,
        attempt!.id,
        exam.questionIds[i],
        a.jawaban && JSON.stringify(a.jawaban),
        a.jawaban ? 1 : 0,
        a.nilai,
      ],
    );
  }
}

const choice = (pilihan: number | null, nilai: number): Answer => ({
  jawaban: pilihan === null ? null : { jenis: 'pilihan', pilihan },
  nilai,
});
const trueFalse = (benar_salah: boolean, nilai: number): Answer => ({
  jawaban: { jenis: 'benar_salah', benar_salah },
  nilai,
});
const essay = (nilai: number | null): Answer => ({
  jawaban: { jenis: 'esay', teks: '<p>Jawaban.</p>' },
  nilai,
});

describe('item analysis', () => {
  /*
   * The factory's exam: Q1 choice (key B = Jakarta), Q2 true/false (key Benar), Q3 essay. Six finished
   * attempts, one open (not counted):
   *
   *        Q1        Q2          Q3          score (mean of marked)
   *   S1   B 100     Salah 0     100         66.67
   *   S2   B 100     Salah 0      90         63.33
   *   S3   B 100     Benar 100    70         90       upper 27 %: ceil(0.27 × 6) = 2 → S3, S1
   *   S4   A 0       Benar 100    30         43.33
   *   S5   C 0       Benar 100    10         36.67
   *   S6   – 0       Salah 0      not marked  0       lower: S6, S5
   *
   * Q1: mean 50 → facility 0.50, full marks 3/6 = 0.50. Rest scores (mean of the other marked
   * questions) 50, 45, 85, 65, 55, 0: mean 50, population SD √(4000/6) = 25.82; right 60, wrong 40 →
   * point-biserial (60 − 40) / 25.82 × √(0.5 × 0.5) = 0.387. Upper − lower (100 − 0) / 100 = 1.
   * Q2: mean 50; rest 100, 90, 70, 20, 5, 0 for marks 0, 0, 100, 100, 100, 0 → r = −0.343 (the key
   * may be wrong). Upper (S3 100, S1 0) 50 − lower (S6 0, S5 100) 50 = 0.
   * Q3: five marked (S6's essay waits): mean 60, full 1/5 = 0.2, r = 0.144 (low). Upper (70 + 100) / 2
   * = 85, lower only S5 (S6 has no mark) 10 → 0.75.
   */
  it('computes facility, discrimination, the spread and flags from finished attempts only', async () => {
    const exam = await createOpenExam({ judul: 'UTS Analisis' });
    await addAttempt(exam, [choice(1, 100), trueFalse(false, 0), essay(100)]);
    await addAttempt(exam, [choice(1, 100), trueFalse(false, 0), essay(90)]);
    await addAttempt(exam, [choice(1, 100), trueFalse(true, 100), essay(70)]);
    await addAttempt(exam, [choice(0, 0), trueFalse(true, 100), essay(30)]);
    await addAttempt(exam, [choice(2, 0), trueFalse(true, 100), essay(10)]);
    await addAttempt(exam, [choice(null, 0), trueFalse(false, 0), essay(null)]);
    await addAttempt(exam, [choice(0, 0), trueFalse(false, 0), essay(null)], 'berlangsung');

    const res = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/analisis_soal`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ItemAnalysis;
    expect(data.jumlah_pengerjaan).toBe(6);
    const [q1, q2, q3] = data.soal;
    expect(q1).toMatchObject({
      nomor: 1,
      jenis: 'pilihan',
      pertanyaan: 'Ibu kota Indonesia?',
      jumlah_peserta: 6,
      jumlah_dinilai: 6,
      rata_rata_nilai: 50,
      tingkat_kemudahan: 0.5,
      proporsi_benar: 0.5,
      daya_beda: 0.387,
      daya_beda_kelompok: 1,
      tanda: [],
    });
    expect(q1!.sebaran).toEqual([
      { label: 'A', teks: 'Bandung', kunci: false, jumlah: 1, jumlah_atas: 0, jumlah_bawah: 0 },
      { label: 'B', teks: 'Jakarta', kunci: true, jumlah: 3, jumlah_atas: 2, jumlah_bawah: 0 },
      { label: 'C', teks: 'Medan', kunci: false, jumlah: 1, jumlah_atas: 0, jumlah_bawah: 1 },
    ]);
    expect(q2).toMatchObject({
      tingkat_kemudahan: 0.5,
      daya_beda: -0.343,
      daya_beda_kelompok: 0,
      tanda: ['kunci_mungkin_salah'],
    });
    expect(q2!.sebaran.map((o) => [o.label, o.kunci, o.jumlah, o.jumlah_atas, o.jumlah_bawah])).toEqual([
      ['Benar', true, 3, 1, 1],
      ['Salah', false, 3, 1, 1],
    ]);
    expect(q3).toMatchObject({
      jumlah_peserta: 6,
      jumlah_dinilai: 5,
      rata_rata_nilai: 60,
      proporsi_benar: 0.2,
      daya_beda: 0.144,
      daya_beda_kelompok: 0.75,
      sebaran: [],
      tanda: ['daya_beda_rendah'],
    });

    // The operator with write on kelas_kuliah as on the results; the export says the same.
    expect((await send('operator', 'GET', `/v2/lms/ujian/${exam.examId}/analisis_soal`)).statusCode).toBe(
      200,
    );
    const file = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/analisis_soal/export`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Analisis Soal - UTS Analisis.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Analisis Soal')!;
    expect(sheet.getRow(1).values).toContain('Daya Beda');
    expect(sheet.getRow(3).getCell(11).value).toBe('Kunci mungkin salah');
    expect(sheet.getRow(2).getCell(10).value).toBe('A: 1, B*: 3, C: 1');
  });

  it('counts an essay the attempt left without a row as 0, and each pick of a multiple-answers question', async () => {
    const exam = await createOpenExam();
    const [multi] = await people.t.database.query<{ id: string }>(
      `insert into exam_questions (college_id, ujian_id, kelompok_id, urutan, jenis, pertanyaan, isi)
       values ($1, $2, $3, 4, 'pilihan_kompleks', '<p>Pilih bilangan prima.</p>', $4) returning id`,
      [
        people.world.collegeId,
        exam.examId,
        exam.groupId,
        JSON.stringify({
          jenis: 'pilihan_kompleks',
          pilihan: [{ teks: '2' }, { teks: '4' }, { teks: '5' }],
          bobot: [50, -100, 50],
        }),
      ],
    );
    const withMulti = { ...exam, questionIds: [...exam.questionIds, multi!.id] };
    const picks = (pilihan: number[], nilai: number): Answer => ({
      jawaban: { jenis: 'pilihan_kompleks', pilihan },
      nilai,
    });
    await addAttempt(withMulti, [choice(1, 100), trueFalse(true, 100), null, picks([0, 2], 100)]);
    await addAttempt(withMulti, [choice(1, 100), trueFalse(true, 100), essay(50), picks([0, 1], 0)]);
    const soal = (await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/analisis_soal`)).json().data
      .soal as ItemAnalysis['soal'];
    expect(soal[2]).toMatchObject({ jumlah_peserta: 2, jumlah_dinilai: 2, rata_rata_nilai: 25 });
    expect(soal[0]).toMatchObject({ jumlah_peserta: 2, rata_rata_nilai: 100 });
    expect(soal[3]!.sebaran.map((o) => [o.label, o.kunci, o.jumlah])).toEqual([
      ['A', true, 2],
      ['B', false, 1],
      ['C', true, 1],
    ]);
  });

  it('answers zeros for an exam nobody finished, and refuses students and other lecturers', async () => {
    const exam = await createOpenExam();
    const res = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/analisis_soal`);
    expect(res.json().data.jumlah_pengerjaan).toBe(0);
    expect(res.json().data.soal[0]).toMatchObject({ jumlah_peserta: 0, daya_beda: null, tanda: [] });
    for (const who of ['mahasiswa', 'operator_baca', 'asing'])
      expect(
        (await send(who, 'GET', `/v2/lms/ujian/${exam.examId}/analisis_soal`)).statusCode,
      ).toBeGreaterThanOrEqual(403);
    expect(
      (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}/analisis_soal/export`)).statusCode,
    ).toBe(403);
  });

  it('a question taken from the bank remembers it, and the bank shows its figures in each exam', async () => {
    const { world } = people;
    const bank = await send('dosen', 'POST', '/v2/lms/bank_soal', {
      judul: 'Bank Analisis',
      deskripsi: 'Soal',
      id_mata_kuliah: world.courseId,
      ditampilkan: true,
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const bankId = bank.json().data.id as string;
    const added = await send('dosen', 'POST', `/v2/lms/bank_soal/${bankId}/soal`, {
      pertanyaan: '<p>2 + 2?</p>',
      isi: { jenis: 'pilihan', pilihan: [{ teks: '3' }, { teks: '4' }, { teks: '5' }], kunci: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const bankQuestionId = added.json().data.id as string;
    const history = () => send('dosen', 'GET', `/v2/lms/bank_soal/${bankId}/soal/${bankQuestionId}/analisis`);
    expect((await history()).json().data).toEqual([]);

    const exam = await createOpenExam({ judul: 'Kuis Bank' });
    const taken = await send(
      'dosen',
      'POST',
      `/v2/lms/ujian/${exam.examId}/kelompok_soal/${exam.groupId}/soal/dari_bank`,
      {
        id_bank_soal: bankId,
        list_id_soal: [bankQuestionId],
      },
    );
    expect(taken.statusCode, taken.body).toBe(200);
    const [copy] = await people.t.database.query<{ id: string }>(
      'select id from exam_questions where ujian_id = $1 and bank_soal_id = $2',
      [exam.examId, bankQuestionId],
    );
    expect(copy).toBeDefined();
    const withCopy = { ...exam, questionIds: [...exam.questionIds, copy!.id] };
    await addAttempt(withCopy, [choice(1, 100), trueFalse(true, 100), essay(80), choice(1, 100)]);
    await addAttempt(withCopy, [choice(0, 0), trueFalse(false, 0), essay(20), choice(2, 0)]);

    const res = await history();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject([
      {
        id_soal: copy!.id,
        ujian: { id: exam.examId, judul: 'Kuis Bank' },
        kelas: { id: world.classId },
        jumlah_peserta: 2,
        rata_rata_nilai: 50,
        daya_beda_kelompok: 1,
      },
    ]);
    expect(res.json().data[0].sebaran.map((o: { jumlah: number }) => o.jumlah)).toEqual([0, 1, 1]);
    // Bank reads' rules: a student is refused, another college's lecturer finds no bank, a foreign question is 404.
    expect(
      (await send('mahasiswa', 'GET', `/v2/lms/bank_soal/${bankId}/soal/${bankQuestionId}/analisis`))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('asing', 'GET', `/v2/lms/bank_soal/${bankId}/soal/${bankQuestionId}/analisis`)).statusCode,
    ).toBe(404);
    expect(
      (await send('dosen', 'GET', `/v2/lms/bank_soal/${bankId}/soal/${copy!.id}/analisis`)).statusCode,
    ).toBe(404);
  });
});
