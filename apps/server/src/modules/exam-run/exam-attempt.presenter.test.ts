import { describe, expect, it } from 'vitest';
import type { Attempt } from '@lms/contract/exam.schema';
import { answerNeedsNoEncoding, checkStartAnswerEncoding } from './exam-attempt.presenter.ts';

type AnsweredQuestion = Attempt['kelompok_soal'][number]['soal'][number];

const question = (id: string, nomor: number): AnsweredQuestion => ({
  id,
  nomor,
  jenis: 'pilihan',
  pertanyaan: '<p>Ibu kota Indonesia?</p>',
  isi: {
    jenis: 'pilihan',
    pilihan: [
      { teks: 'Bandung', gambar: null },
      { teks: 'Jakarta', gambar: null },
    ],
    kunci: null,
  },
  soal_files: [],
  kunci_files: [],
  jawaban: null,
  urutan: 0,
  nilai: null,
  nilai_dosen: false,
  jawaban_files: [],
});

const startAnswer = (soal: AnsweredQuestion[]): Attempt => ({
  id: 'attempt',
  id_ujian: 'exam',
  status: 'berlangsung',
  waktu_mulai: '2026-11-29T10:00:00.000Z',
  batas_waktu: '2026-11-29T12:00:00.000Z',
  waktu_selesai: null,
  waktu_server: '2026-11-29T10:00:00.005Z',
  sisa_detik: 7200,
  jumlah_soal: soal.length,
  jumlah_soal_dijawab: 0,
  nilai_akhir: null,
  pengurangan_nilai: 0,
  sudah_dinilai: false,
  mahasiswa: { id: 'student', nama: 'Budi', nim: '2024001' },
  catatan_keluar: [],
  kelompok_soal: [{ id: 'group', nomor: 1, judul: '', aturan: 'semua', jumlah_wajib_dijawab: null, soal }],
});

describe("a first start's answer sent without the schema's encoding", () => {
  it('only when the encoding of its groups and questions, from the same content read, changed nothing', () => {
    const content = {};
    const first = startAnswer([question('q1', 1), question('q2', 2)]);
    checkStartAnswerEncoding(first, content);
    expect(answerNeedsNoEncoding(first)).toBe(true);
    // Another student's order of the same questions: nothing to encode again.
    const second = startAnswer([question('q2', 1), question('q1', 2)]);
    checkStartAnswerEncoding(second, content);
    expect(answerNeedsNoEncoding(second)).toBe(true);

    // A question the schema would change (here a field it does not know, which it drops): that answer
    // and every later one of this content read get the schema's encoding.
    const changed = { ...question('q3', 3), unknown_field: 1 } as AnsweredQuestion;
    const third = startAnswer([question('q1', 1), changed]);
    checkStartAnswerEncoding(third, content);
    expect(answerNeedsNoEncoding(third)).toBe(false);
    const fourth = startAnswer([question('q1', 1), question('q2', 2)]);
    checkStartAnswerEncoding(fourth, content);
    expect(answerNeedsNoEncoding(fourth)).toBe(false);

    // A fresh content read is checked afresh; an answer never checked is encoded.
    const fresh = startAnswer([question('q1', 1)]);
    checkStartAnswerEncoding(fresh, {});
    expect(answerNeedsNoEncoding(fresh)).toBe(true);
    expect(answerNeedsNoEncoding(startAnswer([question('q1', 1)]))).toBe(false);
  });
});
