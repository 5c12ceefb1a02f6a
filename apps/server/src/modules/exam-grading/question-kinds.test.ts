import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autoMark,
  examMessages,
  validateQuestion,
  type AnswerValue,
  type QuestionBody,
} from '@lms/contract/exam.rules';
import type { AnswerStats, Attempt, QuestionGroup } from '@lms/contract/exam.schema';
import type { BankDetail } from '@lms/contract/question-bank.schema';
import { questionKindMessages } from '@lms/contract/question-kinds.rules';
import {
  createClassWorld,
  createExam,
  createUser,
  type ClassWorld,
  type ExamRef,
  type UserRef,
} from '../../testing/factories.ts';
import { pdfPages } from '../../testing/pdf-text.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { rescoreStaleExams } from './exam-grading.service.ts';

/*
 * The five question kinds of issue 43 through the server: saved in an exam and a bank with the
 * contract's form rules, shown to a student without their keys, answers checked against the question,
 * marked by the contract's autoMark, rescored after a corrected key, counted in the answer statistics,
 * copied between exams and banks, printed in the bank's PDF.
 */

let t: TestApp;
let world: ClassWorld;
let exam: ExamRef;
const tokens: Record<string, string> = {};
const students: Record<string, UserRef> = {};

type Kind = 'isian_singkat' | 'numerik' | 'pilihan_kompleks' | 'menjodohkan' | 'isian_rumpang';

const questions: Record<Kind, { pertanyaan: string; isi: QuestionBody }> = {
  isian_singkat: {
    pertanyaan: '<p>Bahasa kueri basis data relasional disingkat …</p>',
    isi: {
      jenis: 'isian_singkat',
      jawaban: [
        { teks: 'SQL', nilai: 100 },
        { teks: 'S*L', nilai: 50 },
      ],
      peka_huruf_besar: false,
    },
  },
  numerik: {
    pertanyaan: '<p>Percepatan gravitasi bumi?</p>',
    isi: {
      jenis: 'numerik',
      jawaban: [
        { angka: 9.8, toleransi: 0.1, nilai: 100 },
        { angka: 10, toleransi: 0, nilai: 50 },
      ],
      satuan: [
        { satuan: 'm/s2', pengali: 1 },
        { satuan: 'cm/s2', pengali: 100 },
      ],
    },
  },
  pilihan_kompleks: {
    pertanyaan: '<p>Manakah bahasa pemrograman?</p>',
    isi: {
      jenis: 'pilihan_kompleks',
      pilihan: [{ teks: ' Python ' }, { teks: 'HTML' }, { teks: 'Java' }, { teks: 'CSV' }],
      bobot: [50, -50, 50, -50],
    },
  },
  menjodohkan: {
    pertanyaan: '<p>Jodohkan perangkat dengan fungsinya.</p>',
    isi: {
      jenis: 'menjodohkan',
      pasangan: [
        { kiri: 'CPU', kanan: 'Mengolah' },
        { kiri: 'RAM', kanan: 'Menyimpan sementara' },
      ],
      pengecoh: ['Mencetak'],
      // Only a keyless copy carries it: the server drops it, so it never replaces the real choices.
      pilihan_kanan: ['Palsu'],
    },
  },
  isian_rumpang: {
    pertanyaan: '<p>Perulangan [[1]] memeriksa kondisi di awal, [[2]] di akhir.</p>',
    isi: {
      jenis: 'isian_rumpang',
      rumpang: [
        { jenis: 'pilihan', pilihan: ['while', 'do-while'], kunci: 0 },
        { jenis: 'isian', jawaban: [{ teks: 'do-while', nilai: 100 }], peka_huruf_besar: false },
      ],
    },
  },
};
const kinds = Object.keys(questions) as Kind[];

/** Per student: an answer of each kind (right, partly right, wrong). */
const answers: Record<'benar' | 'sebagian' | 'salah', Record<Kind, AnswerValue>> = {
  benar: {
    isian_singkat: { jenis: 'isian_singkat', teks: ' sql ' },
    numerik: { jenis: 'numerik', teks: '980 cm/s2' },
    pilihan_kompleks: { jenis: 'pilihan_kompleks', pilihan: [0, 2] },
    menjodohkan: { jenis: 'menjodohkan', pasangan: ['Mengolah', 'Menyimpan sementara'] },
    isian_rumpang: { jenis: 'isian_rumpang', rumpang: [0, 'Do-While'] },
  },
  sebagian: {
    isian_singkat: { jenis: 'isian_singkat', teks: 'Sol' },
    numerik: { jenis: 'numerik', teks: '10' },
    pilihan_kompleks: { jenis: 'pilihan_kompleks', pilihan: [0] },
    menjodohkan: { jenis: 'menjodohkan', pasangan: ['Mengolah', 'Mencetak'] },
    isian_rumpang: { jenis: 'isian_rumpang', rumpang: [0, null] },
  },
  salah: {
    isian_singkat: { jenis: 'isian_singkat', teks: 'NoSQL' },
    numerik: { jenis: 'numerik', teks: '9,8 km/s2' },
    pilihan_kompleks: { jenis: 'pilihan_kompleks', pilihan: [0, 1, 3] },
    menjodohkan: { jenis: 'menjodohkan', pasangan: [null, 'Mengolah'] },
    isian_rumpang: { jenis: 'isian_rumpang', rumpang: [1, 'for'] },
  },
};
/** The marks those answers earn, worked out by hand from Moodle's rules. */
const expectedMarks: Record<keyof typeof answers, Record<Kind, number>> = {
  benar: { isian_singkat: 100, numerik: 100, pilihan_kompleks: 100, menjodohkan: 100, isian_rumpang: 100 },
  // "Sol" matches S*L (50 %), not SQL.
  sebagian: { isian_singkat: 50, numerik: 50, pilihan_kompleks: 50, menjodohkan: 50, isian_rumpang: 50 },
  salah: { isian_singkat: 0, numerik: 0, pilihan_kompleks: 0, menjodohkan: 0, isian_rumpang: 0 },
};

const questionIds = {} as Record<Kind, string>;
const attemptIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  students.benar = world.student;
  for (const name of ['sebagian', 'salah']) {
    students[name] = await createUser(t.database, {
      collegeId: world.collegeId,
      role: 'mahasiswa',
      prodiId: world.prodiId,
    });
    await t.database.query(
      'insert into class_students (kelas_id, mahasiswa_id, college_id) values ($1, $2, $3)',
      [world.classId, students[name].userId, world.collegeId],
    );
  }
  tokens.dosen = (await signIn(t.app, world.teacher)).access_token;
  for (const [name, user] of Object.entries(students))
    tokens[name] = (await signIn(t.app, user)).access_token;
  exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
}, 120_000);
afterAll(async () => t?.close());

const send = (who: string, method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), ...(payload ? { payload } : {}) });
const soalUrl = () => `/v2/lms/ujian/${exam.examId}/kelompok_soal/${exam.groupId}/soal`;

describe('saving questions of the new kinds', () => {
  it('adds each kind to an exam, stored tidy, with the key for the editors', async () => {
    for (const kind of kinds) {
      const res = await send('dosen', 'POST', soalUrl(), questions[kind]);
      expect(res.statusCode, res.body).toBe(200);
      const group = res.json().data as QuestionGroup;
      const added = group.soal.at(-1)!;
      expect(added.jenis).toBe(kind);
      questionIds[kind] = added.id;
    }
    const content = (await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/kelompok_soal`)).json().data
      .kelompok_soal as QuestionGroup[];
    const byId = new Map(content.flatMap((g) => g.soal).map((q) => [q.id, q] as const));
    expect(byId.get(questionIds.pilihan_kompleks)!.isi).toMatchObject({
      pilihan: [{ teks: 'Python', gambar: null }, { teks: 'HTML' }, { teks: 'Java' }, { teks: 'CSV' }],
      bobot: [50, -50, 50, -50],
    });
    expect(byId.get(questionIds.menjodohkan)!.isi).toEqual({
      jenis: 'menjodohkan',
      pasangan: questions.menjodohkan.isi.jenis === 'menjodohkan' ? questions.menjodohkan.isi.pasangan : [],
      pengecoh: ['Mencetak'],
    });
    expect(byId.get(questionIds.isian_singkat)!.isi).toEqual(questions.isian_singkat.isi);
  });

  const broken: Array<[string, { pertanyaan: string; isi: object }, string]> = [
    [
      'a short answer without a full-mark answer',
      { pertanyaan: '<p>?</p>', isi: { jenis: 'isian_singkat', jawaban: [{ teks: 'a', nilai: 50 }] } },
      questionKindMessages.fullMarkAnswerRequired,
    ],
    [
      'a short answer without answers',
      { pertanyaan: '<p>?</p>', isi: { jenis: 'isian_singkat', jawaban: [] } },
      questionKindMessages.acceptedAnswerRequired,
    ],
    [
      'a numerical question whose first unit is not the base',
      {
        pertanyaan: '<p>?</p>',
        isi: {
          jenis: 'numerik',
          jawaban: [{ angka: 1, nilai: 100 }],
          satuan: [{ satuan: 'cm', pengali: 100 }],
        },
      },
      questionKindMessages.firstUnitMultiplier,
    ],
    [
      'multiple answers whose right weights do not add to 100',
      {
        pertanyaan: '<p>?</p>',
        isi: {
          jenis: 'pilihan_kompleks',
          pilihan: [{ teks: 'a' }, { teks: 'b' }, { teks: 'c' }],
          bobot: [50, 40, 0],
        },
      },
      questionKindMessages.weightSum,
    ],
    [
      'multiple answers with two options',
      {
        pertanyaan: '<p>?</p>',
        isi: { jenis: 'pilihan_kompleks', pilihan: [{ teks: 'a' }, { teks: 'b' }], bobot: [100, 0] },
      },
      examMessages.optionsTooFew,
    ],
    [
      'matching with one pair',
      { pertanyaan: '<p>?</p>', isi: { jenis: 'menjodohkan', pasangan: [{ kiri: 'a', kanan: 'b' }] } },
      questionKindMessages.pairsTooFew,
    ],
    [
      'matching with an empty right side',
      {
        pertanyaan: '<p>?</p>',
        isi: {
          jenis: 'menjodohkan',
          pasangan: [
            { kiri: 'a', kanan: 'b' },
            { kiri: 'c', kanan: '  ' },
          ],
        },
      },
      questionKindMessages.pairIncomplete,
    ],
    [
      'gaps without a marker in the text',
      {
        pertanyaan: '<p>Tanpa rumpang</p>',
        isi: { jenis: 'isian_rumpang', rumpang: [{ jenis: 'pilihan', pilihan: ['a', 'b'], kunci: 0 }] },
      },
      questionKindMessages.gapsMissing,
    ],
    [
      'gaps that do not match the markers',
      {
        pertanyaan: '<p>[[1]] dan [[2]]</p>',
        isi: { jenis: 'isian_rumpang', rumpang: [{ jenis: 'pilihan', pilihan: ['a', 'b'], kunci: 0 }] },
      },
      questionKindMessages.gapsMismatch,
    ],
    [
      'a choice gap without its key',
      {
        pertanyaan: '<p>[[1]]</p>',
        isi: { jenis: 'isian_rumpang', rumpang: [{ jenis: 'pilihan', pilihan: ['a', 'b'], kunci: 2 }] },
      },
      questionKindMessages.gapKeyRequired,
    ],
  ];

  it.each(broken)('refuses %s in an exam and in a bank with the form rule', async (_, body, message) => {
    const before = await t.database.query<{ n: number }>(
      'select count(*)::int as n from exam_questions where ujian_id = $1',
      [exam.examId],
    );
    const res = await send('dosen', 'POST', soalUrl(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toEqual({ code: 'soal_tidak_valid', message });
    expect(res.json().detail.fields).toContainEqual(expect.objectContaining({ message }));
    const after = await t.database.query<{ n: number }>(
      'select count(*)::int as n from exam_questions where ujian_id = $1',
      [exam.examId],
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    const bank = await newBank();
    const inBank = await send('dosen', 'POST', `/v2/lms/bank_soal/${bank.id}/soal`, body);
    expect(inBank.statusCode).toBe(400);
    expect(inBank.json().status.message).toBe(message);
  });

  it('holds the bounds of the contract (too many options, pairs, gaps)', async () => {
    const many = Array.from({ length: 27 }, (_, i) => ({ teks: `p${i}` }));
    const res = await send('dosen', 'POST', soalUrl(), {
      pertanyaan: '<p>?</p>',
      isi: { jenis: 'pilihan_kompleks', pilihan: many, bobot: many.map(() => 0) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.code).toBe('validation_failed');
    const gaps = await send('dosen', 'POST', soalUrl(), {
      pertanyaan: '<p>[[1]]</p>',
      isi: {
        jenis: 'isian_rumpang',
        rumpang: Array.from({ length: 31 }, () => ({ jenis: 'isian', jawaban: [{ teks: 'a' }] })),
      },
    });
    expect(gaps.statusCode).toBe(400);
  });
});

async function newBank(): Promise<BankDetail> {
  const res = await send('dosen', 'POST', '/v2/lms/bank_soal', {
    judul: 'Bank Jenis Baru',
    deskripsi: 'Soal jenis baru',
    id_mata_kuliah: world.courseId,
    ditampilkan: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BankDetail;
}

describe('taking an exam with the new kinds', () => {
  it('shows each kind to the student without its key', async () => {
    for (const who of Object.keys(answers)) {
      const res = await send(who, 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`);
      expect(res.statusCode, res.body).toBe(200);
      attemptIds[who] = (res.json().data as Attempt).id;
    }
    const attempt = (await send('benar', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/me`)).json()
      .data as Attempt;
    const shown = new Map(attempt.kelompok_soal.flatMap((g) => g.soal).map((q) => [q.id, q.isi] as const));
    expect(shown.get(questionIds.isian_singkat)).toEqual({
      jenis: 'isian_singkat',
      jawaban: [],
      peka_huruf_besar: false,
    });
    expect(shown.get(questionIds.numerik)).toMatchObject({ jawaban: [], satuan: [{ satuan: 'm/s2' }, {}] });
    expect(shown.get(questionIds.pilihan_kompleks)).toMatchObject({ bobot: null });
    expect(shown.get(questionIds.menjodohkan)).toEqual({
      jenis: 'menjodohkan',
      pasangan: [
        { kiri: 'CPU', kanan: '' },
        { kiri: 'RAM', kanan: '' },
      ],
      pengecoh: [],
      pilihan_kanan: ['Mencetak', 'Mengolah', 'Menyimpan sementara'],
    });
    expect(shown.get(questionIds.isian_rumpang)).toEqual({
      jenis: 'isian_rumpang',
      rumpang: [
        { jenis: 'pilihan', pilihan: ['while', 'do-while'], kunci: null },
        { jenis: 'isian', jawaban: [], peka_huruf_besar: false },
      ],
    });
    expect(JSON.stringify(attempt)).not.toContain('"bobot":[');
  });

  const misfits: Array<[string, Kind, AnswerValue, string]> = [
    [
      'another kind',
      'numerik',
      { jenis: 'isian_singkat', teks: '9.8' },
      'Jenis jawaban tidak sesuai dengan jenis soal.',
    ],
    [
      'an option that is not there',
      'pilihan_kompleks',
      { jenis: 'pilihan_kompleks', pilihan: [4] },
      'Pilihan jawaban tidak ada pada soal.',
    ],
    [
      'an option twice',
      'pilihan_kompleks',
      { jenis: 'pilihan_kompleks', pilihan: [0, 0] },
      'Pilihan jawaban tidak boleh dipilih dua kali.',
    ],
    [
      'too few matches',
      'menjodohkan',
      { jenis: 'menjodohkan', pasangan: ['Mengolah'] },
      'Jumlah jawaban tidak sesuai dengan jumlah pasangan soal.',
    ],
    [
      'a match not among the choices',
      'menjodohkan',
      { jenis: 'menjodohkan', pasangan: ['Mengolah', 'Palsu'] },
      'Jawaban pasangan harus salah satu pilihan pada soal.',
    ],
    [
      'too many gaps',
      'isian_rumpang',
      { jenis: 'isian_rumpang', rumpang: [0, 'a', 'b'] },
      'Jumlah jawaban tidak sesuai dengan jumlah rumpang soal.',
    ],
    [
      'text in a choice gap',
      'isian_rumpang',
      { jenis: 'isian_rumpang', rumpang: ['while', 'a'] },
      'Jawaban rumpang [[1]] harus salah satu pilihannya.',
    ],
    [
      'an index out of range in a choice gap',
      'isian_rumpang',
      { jenis: 'isian_rumpang', rumpang: [2, 'a'] },
      'Jawaban rumpang [[1]] harus salah satu pilihannya.',
    ],
    [
      'a number in a short-answer gap',
      'isian_rumpang',
      { jenis: 'isian_rumpang', rumpang: [0, 1] },
      'Jawaban rumpang [[2]] harus berupa teks.',
    ],
  ];

  it.each(misfits)('refuses an answer with %s and keeps nothing', async (_, kind, jawaban, message) => {
    const res = await send(
      'sebagian',
      'PUT',
      `/v2/lms/pengerjaan/${attemptIds.sebagian}/jawaban/${questionIds[kind]}`,
      {
        jawaban,
        urutan: 1,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toEqual({ code: 'soal_tidak_valid', message });
    const stored = await t.database.query(
      'select 1 from exam_answers where attempt_id = $1 and soal_id = $2',
      [attemptIds.sebagian, questionIds[kind]],
    );
    expect(stored).toEqual([]);
  });

  it('saves the answers, marks them as the contract computes, and counts them in the statistics', async () => {
    for (const [who, given] of Object.entries(answers)) {
      for (const kind of kinds) {
        // Twice: the first save reads the question's kind, the second takes the cached fast path.
        for (const urutan of [1, 2]) {
          const res = await send(
            who,
            'PUT',
            `/v2/lms/pengerjaan/${attemptIds[who]}/jawaban/${questionIds[kind]}`,
            {
              jawaban: given[kind],
              urutan,
            },
          );
          expect(res.statusCode, `${who} ${kind}: ${res.body}`).toBe(200);
          expect(res.json().data.diterapkan).toBe(true);
        }
      }
      if (who === 'benar') {
        const essay = await send(
          who,
          'PUT',
          `/v2/lms/pengerjaan/${attemptIds[who]}/jawaban/${exam.questionIds[2]}`,
          {
            jawaban: { jenis: 'esay', teks: 'Cahaya menjadi energi kimia.' },
            urutan: 1,
          },
        );
        expect(essay.statusCode, essay.body).toBe(200);
      }
      const done = await send(who, 'POST', `/v2/lms/pengerjaan/${attemptIds[who]}/selesai`);
      expect(done.statusCode, done.body).toBe(200);
    }
    for (const who of Object.keys(answers) as Array<keyof typeof answers>) {
      const marks = await marksOf(who);
      for (const kind of kinds) {
        expect(marks.byKind[kind], `${who} ${kind}`).toBe(expectedMarks[who][kind]);
        expect(marks.byKind[kind]).toBe(autoMark(questions[kind].isi, answers[who][kind]));
      }
      // Three old questions (unanswered, or an essay not marked yet: 0) and the five new ones.
      const total = kinds.reduce((s, k) => s + expectedMarks[who][k], 0);
      expect(marks.nilaiAkhir).toBe(Math.round((total / 8) * 100) / 100);
    }
    const stats = (await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/jawaban_stats`)).json()
      .data as AnswerStats;
    const of = (kind: Kind) => stats.find((s) => s.id_soal === questionIds[kind])!;
    expect(of('pilihan_kompleks')).toMatchObject({
      jumlah_peserta: 3,
      jumlah_dijawab: 3,
      jumlah_benar: 1,
      // Picks per option: Python by all three, HTML and CSV by the wrong one, Java by the right one.
      sebaran: [3, 1, 1, 1],
    });
    expect(of('menjodohkan')).toMatchObject({ jumlah_dijawab: 3, jumlah_benar: 1, sebaran: [] });
    expect(of('isian_rumpang').rata_rata_nilai).toBe(50);
  });

  it('rescores the stored marks and nilai_akhir after a corrected key; an essay mark stays', async () => {
    // The essay of the right student gets a mark by hand first.
    const essay = exam.questionIds[2];
    const marked = await send(
      'dosen',
      'PUT',
      `/v2/lms/ujian/${exam.examId}/pengerjaan/${students.benar!.userId}/kelompok_soal/${exam.groupId}/soal/${essay}/nilai`,
      { nilai: 80 },
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const corrected: Record<Kind, QuestionBody> = {
      isian_singkat: {
        jenis: 'isian_singkat',
        jawaban: [{ teks: 'NoSQL', nilai: 100 }],
        peka_huruf_besar: true,
      },
      numerik: {
        jenis: 'numerik',
        jawaban: [{ angka: 10, toleransi: 0, nilai: 100 }],
        satuan: [{ satuan: 'm/s2', pengali: 1 }],
      },
      pilihan_kompleks: {
        jenis: 'pilihan_kompleks',
        pilihan: [{ teks: 'Python' }, { teks: 'HTML' }, { teks: 'Java' }, { teks: 'CSV' }],
        bobot: [100, 0, 0, 0],
      },
      menjodohkan: {
        jenis: 'menjodohkan',
        pasangan: [
          { kiri: 'CPU', kanan: 'Mengolah' },
          { kiri: 'RAM', kanan: 'Mencetak' },
        ],
        pengecoh: ['Menyimpan sementara'],
      },
      isian_rumpang: {
        jenis: 'isian_rumpang',
        rumpang: [
          { jenis: 'pilihan', pilihan: ['while', 'do-while'], kunci: 1 },
          { jenis: 'isian', jawaban: [{ teks: 'do-while', nilai: 100 }], peka_huruf_besar: false },
        ],
      },
    };
    for (const kind of kinds) {
      const res = await send('dosen', 'PUT', `${soalUrl()}/${questionIds[kind]}`, {
        pertanyaan: questions[kind].pertanyaan,
        isi: corrected[kind],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await rescoreStaleExams(t.database.db);
    const expected = {
      benar: { isian_singkat: 0, numerik: 0, pilihan_kompleks: 100, menjodohkan: 50, isian_rumpang: 50 },
      sebagian: { isian_singkat: 0, numerik: 100, pilihan_kompleks: 100, menjodohkan: 100, isian_rumpang: 0 },
      salah: { isian_singkat: 100, numerik: 0, pilihan_kompleks: 100, menjodohkan: 0, isian_rumpang: 50 },
    };
    for (const who of Object.keys(expected) as Array<keyof typeof expected>) {
      const marks = await marksOf(who);
      for (const kind of kinds) {
        expect(marks.byKind[kind], `${who} ${kind}`).toBe(expected[who][kind]);
        expect(marks.byKind[kind]).toBe(autoMark(corrected[kind], answers[who][kind]));
      }
      const essayMark = who === 'benar' ? 80 : 0;
      const total = kinds.reduce((s, k) => s + expected[who][k], essayMark);
      expect(marks.nilaiAkhir, who).toBe(Math.round((total / 8) * 100) / 100);
    }
    expect((await marksOf('benar')).essay).toBe(80);
  });
});

async function marksOf(who: string) {
  const res = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/${students[who]!.userId}`);
  expect(res.statusCode, res.body).toBe(200);
  const attempt = res.json().data as Attempt;
  const byId = new Map(attempt.kelompok_soal.flatMap((g) => g.soal).map((q) => [q.id, q.nilai] as const));
  return {
    byKind: Object.fromEntries(kinds.map((k) => [k, byId.get(questionIds[k])])) as Record<
      Kind,
      number | null
    >,
    essay: byId.get(exam.questionIds[2]),
    nilaiAkhir: attempt.nilai_akhir,
  };
}

describe('copies and the bank PDF', () => {
  it('copies the new kinds with and without keys, to a bank and back, and prints them readably', async () => {
    const keysOf = async (examId: string) =>
      (
        await t.database.query<{ jenis: string; isi: QuestionBody }>(
          'select jenis, isi from exam_questions where college_id = $1 and ujian_id = $2 order by urutan',
          [world.collegeId, examId],
        )
      ).filter((q) => (kinds as string[]).includes(q.jenis));
    const source = await keysOf(exam.examId);
    expect(source).toHaveLength(5);
    const copyForm = (judul: string, salin_kunci_jawaban: boolean) => ({
      id: exam.examId,
      id_pertemuan: world.meetingId,
      judul,
      deskripsi: '<p>Salinan.</p>',
      jenis: 'kuis',
      sifat: 'close',
      gunakan_batas_waktu: true,
      durasi: 30,
      waktu_mulai: new Date(Date.now() + 86_400_000).toISOString(),
      waktu_selesai: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      salin_kunci_jawaban,
    });
    const keyed = await send('dosen', 'POST', '/v2/lms/ujian/salin', copyForm('Salinan berkunci', true));
    expect(keyed.statusCode, keyed.body).toBe(200);
    expect((await keysOf(keyed.json().data.id)).map((q) => q.isi)).toEqual(source.map((q) => q.isi));
    const keyless = await send(
      'dosen',
      'POST',
      '/v2/lms/ujian/salin',
      copyForm('Salinan tanpa kunci', false),
    );
    expect(keyless.statusCode, keyless.body).toBe(200);
    const bare = await keysOf(keyless.json().data.id);
    expect(bare.map((q) => q.jenis)).toEqual(kinds);
    expect(bare.map((q) => autoMark(q.isi, answers.benar[q.jenis as Kind]))).toEqual([0, 0, 0, 0, 0]);
    expect(bare.find((q) => q.jenis === 'menjodohkan')!.isi).toMatchObject({
      pasangan: [{ kanan: '' }, { kanan: '' }],
    });

    const bank = await newBank();
    const copied = await send('dosen', 'POST', `/v2/lms/bank_soal/${bank.id}/salin_ujian`, {
      id_ujian: exam.examId,
      list_id_soal: kinds.map((k) => questionIds[k]),
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const detail = (await send('dosen', 'GET', `/v2/lms/bank_soal/${bank.id}`)).json().data as BankDetail;
    expect(detail.list_soal.map((q) => q.isi)).toEqual(source.map((q) => q.isi));

    const added = await send('dosen', 'POST', `/v2/lms/bank_soal/${bank.id}/soal`, questions.isian_rumpang);
    expect(added.statusCode, added.body).toBe(200);

    const target = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const taken = await send(
      'dosen',
      'POST',
      `/v2/lms/ujian/${target.examId}/kelompok_soal/${target.groupId}/soal/dari_bank`,
      {
        id_bank_soal: bank.id,
        list_id_soal: detail.list_soal.map((q) => q.id),
      },
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await keysOf(target.examId)).map((q) => q.isi)).toEqual(source.map((q) => q.isi));

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/v2/lms/bank_soal/${bank.id}/unduh`,
      headers: { authorization: `Bearer ${tokens.dosen}`, 'college-id': world.collegeId },
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const line of [
      'Isian Singkat',
      'NoSQL',
      'Numerik',
      'Satuan: m/s2',
      '10 m/s2',
      'Pilihan Ganda Kompleks',
      'A. Python',
      'Menjodohkan',
      '1. CPU',
      'Pilihan: Mencetak, Mengolah, Menyimpan sementara',
      'Isian Rumpang',
      '[[1]] while / do-while',
      '[[2]] do-while',
    ])
      expect(text).toContain(line);
  }, 60_000);
});

describe('the demo seed', () => {
  it('puts one valid question of each new kind in a demo bank', async () => {
    const rows = await t.database.query<{
      bank_id: string;
      jenis: string;
      pertanyaan: string;
      isi: QuestionBody;
    }>(
      `select bank_id, jenis, pertanyaan, isi from bank_questions
        where jenis::text = any($1) and college_id <> $2 order by bank_id, urutan`,
      [kinds, world.collegeId],
    );
    const banks = new Map<string, typeof rows>();
    for (const r of rows) banks.set(r.bank_id, [...(banks.get(r.bank_id) ?? []), r]);
    expect(banks.size).toBeGreaterThanOrEqual(1);
    for (const questions of banks.values()) expect(questions.map((r) => r.jenis)).toEqual(kinds);
    for (const r of rows)
      expect(validateQuestion({ pertanyaan: r.pertanyaan, body: r.isi }), r.jenis).toEqual([]);
  });
});
