import type { AnswerValue, QuestionBody } from '@lms/contract/exam.rules';
import { matchingChoices } from '@lms/contract/question-kinds.rules';

/*
 * Whether a saved answer fits its question (issue 43): the same kind, and for the structured kinds an
 * answer the question's own form could have given — option indices that exist and appear once, one
 * value per matching item taken from the right-hand choices, one value per gap of the gap's kind. The
 * zod schema bounds the sizes; this checks them against the question. Scoring never sees a misfit, so
 * a stored answer always means what the student's screen showed.
 */

const answerFitMessages = {
  wrongKind: 'Jenis jawaban tidak sesuai dengan jenis soal.',
  optionMissing: 'Pilihan jawaban tidak ada pada soal.',
  optionRepeated: 'Pilihan jawaban tidak boleh dipilih dua kali.',
  pairCount: 'Jumlah jawaban tidak sesuai dengan jumlah pasangan soal.',
  pairChoice: 'Jawaban pasangan harus salah satu pilihan pada soal.',
  gapCount: 'Jumlah jawaban tidak sesuai dengan jumlah rumpang soal.',
  gapChoice: (n: number) => `Jawaban rumpang [[${n}]] harus salah satu pilihannya.`,
  gapText: (n: number) => `Jawaban rumpang [[${n}]] harus berupa teks.`,
} as const;

/** The reason (Indonesian, shown to the student) an answer does not fit the question, or null. */
export function answerMisfit(body: QuestionBody, answer: AnswerValue): string | null {
  const m = answerFitMessages;
  if (body.jenis !== answer.jenis) return m.wrongKind;
  if (body.jenis === 'pilihan' && answer.jenis === 'pilihan')
    return answer.pilihan !== null && answer.pilihan >= body.pilihan.length ? m.optionMissing : null;
  if (body.jenis === 'pilihan_kompleks' && answer.jenis === 'pilihan_kompleks') {
    if (answer.pilihan.some((i) => i >= body.pilihan.length)) return m.optionMissing;
    return new Set(answer.pilihan).size === answer.pilihan.length ? null : m.optionRepeated;
  }
  if (body.jenis === 'menjodohkan' && answer.jenis === 'menjodohkan') {
    if (answer.pasangan.length !== body.pasangan.length) return m.pairCount;
    const choices = new Set(matchingChoices(body));
    return answer.pasangan.every((v) => v === null || choices.has(v)) ? null : m.pairChoice;
  }
  if (body.jenis === 'isian_rumpang' && answer.jenis === 'isian_rumpang') {
    if (answer.rumpang.length !== body.rumpang.length) return m.gapCount;
    for (const [i, gap] of body.rumpang.entries()) {
      const value = answer.rumpang[i];
      if (value === null) continue;
      if (gap.jenis === 'pilihan' && !(typeof value === 'number' && value < gap.pilihan.length))
        return m.gapChoice(i + 1);
      if (gap.jenis === 'isian' && typeof value !== 'string') return m.gapText(i + 1);
    }
  }
  return null;
}
