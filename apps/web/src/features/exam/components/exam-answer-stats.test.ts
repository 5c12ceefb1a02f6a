import { describe, expect, it } from 'vitest';
import type { AnswerStats } from '@lms/contract/exam.schema';
import { spreadOf } from './exam-answer-stats.tsx';

const row = (jenis: AnswerStats[number]['jenis'], sebaran: number[]): AnswerStats[number] => ({
  id_soal: 's1',
  nomor: 1,
  jenis,
  jumlah_peserta: 3,
  jumlah_dijawab: 3,
  jumlah_benar: 1,
  sebaran,
  rata_rata_nilai: 50,
});

describe('spreadOf (Sebaran Jawaban)', () => {
  it('multiple answers: the picks of each option, like a choice', () => {
    expect(spreadOf(row('pilihan_kompleks', [2, 0, 3, 1]))).toBe('A: 2 · B: 0 · C: 3 · D: 1');
    expect(spreadOf(row('pilihan', [1, 2, 0]))).toBe('A: 1 · B: 2 · C: 0');
    expect(spreadOf(row('benar_salah', [2, 1]))).toBe('Benar: 2 · Salah: 1');
  });

  it('"-" for the kinds without options', () => {
    for (const jenis of ['esay', 'isian_singkat', 'numerik', 'menjodohkan', 'isian_rumpang'] as const)
      expect(spreadOf(row(jenis, []))).toBe('-');
  });
});
