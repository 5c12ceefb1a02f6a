import { describe, expect, it } from 'vitest';
import { autoMark, isAnswered, validateQuestion, withoutAnswerKey, type QuestionBody } from './exam.rules.ts';
import {
  markAccepted,
  matchesAcceptedAnswer,
  matchingChoices,
  parseNumericResponse,
  questionKindMessages as m,
  weightsFromKeys,
} from './question-kinds.rules.ts';

const shortAnswer: QuestionBody = {
  jenis: 'isian_singkat',
  jawaban: [
    { teks: 'Jakarta', nilai: 100 },
    { teks: 'Batavia*', nilai: 50 },
  ],
  peka_huruf_besar: false,
};

describe('short answer', () => {
  it('matches the whole answer, ignoring case and extra spaces unless the question is case sensitive', () => {
    expect(autoMark(shortAnswer, { jenis: 'isian_singkat', teks: '  jakarta ' })).toBe(100);
    expect(autoMark(shortAnswer, { jenis: 'isian_singkat', teks: 'Jakarta Raya' })).toBe(0);
    expect(
      autoMark({ ...shortAnswer, peka_huruf_besar: true }, { jenis: 'isian_singkat', teks: 'jakarta' }),
    ).toBe(0);
  });

  it('reads * as any run of characters and takes the first accepted answer that matches (Moodle)', () => {
    expect(autoMark(shortAnswer, { jenis: 'isian_singkat', teks: 'Batavia lama' })).toBe(50);
    expect(matchesAcceptedAnswer('a.b', 'a*b', false)).toBe(true);
    expect(matchesAcceptedAnswer('axb', 'a.b', false)).toBe(false);
    expect(
      markAccepted(
        'kucing',
        [
          { teks: '*', nilai: 10 },
          { teks: 'kucing', nilai: 100 },
        ],
        false,
      ),
    ).toBe(10);
  });

  it('needs an accepted answer worth 100%', () => {
    const errors = validateQuestion({
      pertanyaan: '<p>Ibu kota?</p>',
      body: { jenis: 'isian_singkat', jawaban: [{ teks: 'Jakarta', nilai: 50 }], peka_huruf_besar: false },
    });
    expect(errors).toEqual([{ field: 'jawaban', message: m.fullMarkAnswerRequired }]);
    expect(validateQuestion({ pertanyaan: '<p>x</p>', body: shortAnswer })).toEqual([]);
  });
});

describe('numerical', () => {
  const body: QuestionBody = {
    jenis: 'numerik',
    jawaban: [
      { angka: 9.8, toleransi: 0.1, nilai: 100 },
      { angka: 10, toleransi: 0.5, nilai: 50 },
    ],
    satuan: [
      { satuan: 'm/s2', pengali: 1 },
      { satuan: 'cm/s2', pengali: 100 },
    ],
  };
  const mark = (teks: string) => autoMark(body, { jenis: 'numerik', teks });

  it('reads a comma or a dot as the decimal mark and applies the tolerance of the first answer that fits', () => {
    expect(mark('9,75')).toBe(100);
    expect(mark('9.9')).toBe(100);
    expect(mark('10.4')).toBe(50);
    expect(mark('11')).toBe(0);
    expect(mark('sembilan')).toBe(0);
  });

  it('converts a listed unit by its multiplier and refuses an unknown one', () => {
    expect(mark('980 cm/s2')).toBe(100);
    expect(mark('9.8 m/s2')).toBe(100);
    expect(mark('9.8 km/s2')).toBe(0);
  });

  it('parses signs and exponents', () => {
    expect(parseNumericResponse('-2.5e3 m')).toEqual({ value: -2500, unit: 'm' });
    expect(parseNumericResponse('1.000.000')).toBeNull();
  });

  it('keeps the first unit at multiplier 1 and tolerances non-negative', () => {
    const errors = validateQuestion({
      pertanyaan: '<p>g?</p>',
      body: {
        jenis: 'numerik',
        jawaban: [{ angka: 1, toleransi: -1, nilai: 100 }],
        satuan: [{ satuan: 'cm', pengali: 100 }],
      },
    });
    expect(errors.map((e) => e.message)).toEqual([m.toleranceNegative, m.firstUnitMultiplier]);
  });
});

describe('multiple answers', () => {
  const body: QuestionBody = {
    jenis: 'pilihan_kompleks',
    pilihan: [{ teks: 'A' }, { teks: 'B' }, { teks: 'C' }, { teks: 'D' }],
    bobot: weightsFromKeys(4, [0, 1]),
  };
  const mark = (pilihan: number[]) => autoMark(body, { jenis: 'pilihan_kompleks', pilihan });

  it('adds the weights of the options picked, never below 0 or above 100 (Moodle)', () => {
    expect(body.jenis === 'pilihan_kompleks' && body.bobot).toEqual([50, 50, -50, -50]);
    expect(mark([0, 1])).toBe(100);
    expect(mark([0])).toBe(50);
    expect(mark([0, 2])).toBe(0);
    expect(mark([0, 1, 2])).toBe(50);
    expect(mark([2, 3])).toBe(0);
    expect(mark([0, 0, 1])).toBe(100);
  });

  it('rounds thirds to whole marks', () => {
    const thirds: QuestionBody = { ...body, bobot: weightsFromKeys(4, [0, 1, 2]) };
    expect(autoMark(thirds, { jenis: 'pilihan_kompleks', pilihan: [0] })).toBe(33);
    expect(autoMark(thirds, { jenis: 'pilihan_kompleks', pilihan: [0, 1, 2] })).toBe(100);
    expect(validateQuestion({ pertanyaan: '<p>x</p>', body: thirds })).toEqual([]);
  });

  it('needs the right options to weigh 100% together', () => {
    const errors = validateQuestion({ pertanyaan: '<p>x</p>', body: { ...body, bobot: [50, 40, 0, 0] } });
    expect(errors).toEqual([{ field: 'bobot', message: m.weightSum }]);
  });
});

describe('matching', () => {
  const body: QuestionBody = {
    jenis: 'menjodohkan',
    pasangan: [
      { kiri: 'Jawa Barat', kanan: 'Bandung' },
      { kiri: 'Jawa Timur', kanan: 'Surabaya' },
      { kiri: 'Kota Kembang', kanan: 'Bandung' },
    ],
    pengecoh: ['Medan'],
  };

  it('gives each pair an equal share', () => {
    expect(autoMark(body, { jenis: 'menjodohkan', pasangan: ['Bandung', 'Surabaya', 'Bandung'] })).toBe(100);
    expect(autoMark(body, { jenis: 'menjodohkan', pasangan: ['Bandung', 'Medan', null] })).toBe(33);
  });

  it('shows students the distinct right-hand choices sorted, and no pairing', () => {
    const shown = withoutAnswerKey(body);
    expect(shown).toEqual({
      jenis: 'menjodohkan',
      pasangan: [
        { kiri: 'Jawa Barat', kanan: '' },
        { kiri: 'Jawa Timur', kanan: '' },
        { kiri: 'Kota Kembang', kanan: '' },
      ],
      pengecoh: [],
      pilihan_kanan: ['Bandung', 'Medan', 'Surabaya'],
    });
    expect(shown.jenis === 'menjodohkan' && matchingChoices(shown)).toEqual(['Bandung', 'Medan', 'Surabaya']);
  });

  it('needs two complete pairs', () => {
    const errors = validateQuestion({
      pertanyaan: '<p>x</p>',
      body: { jenis: 'menjodohkan', pasangan: [{ kiri: 'A', kanan: '' }], pengecoh: [] },
    });
    expect(errors.map((e) => e.message)).toEqual([m.pairsTooFew, m.pairIncomplete]);
  });
});

describe('fill in the blanks', () => {
  const pertanyaan = '<p>Ibu kota Indonesia adalah [[1]], terletak di pulau [[2]].</p>';
  const body: QuestionBody = {
    jenis: 'isian_rumpang',
    rumpang: [
      { jenis: 'isian', jawaban: [{ teks: 'Jakarta', nilai: 100 }], peka_huruf_besar: false },
      { jenis: 'pilihan', pilihan: ['Sumatra', 'Jawa', 'Bali'], kunci: 1 },
    ],
  };

  it('gives each gap an equal share', () => {
    expect(autoMark(body, { jenis: 'isian_rumpang', rumpang: ['jakarta', 1] })).toBe(100);
    expect(autoMark(body, { jenis: 'isian_rumpang', rumpang: ['Jakarta', 0] })).toBe(50);
    expect(autoMark(body, { jenis: 'isian_rumpang', rumpang: [null, null] })).toBe(0);
    expect(isAnswered({ jenis: 'isian_rumpang', rumpang: [null, ''] })).toBe(false);
  });

  it('needs a gap marker in the text for every gap, in order', () => {
    expect(validateQuestion({ pertanyaan, body })).toEqual([]);
    expect(validateQuestion({ pertanyaan: '<p>Tanpa rumpang</p>', body })).toEqual([
      { field: 'pertanyaan', message: m.gapsMissing },
    ]);
    expect(validateQuestion({ pertanyaan: '<p>[[2]] dan [[1]]</p>', body })).toEqual([
      { field: 'rumpang', message: m.gapsMismatch },
    ]);
  });

  it('hides every gap key from students', () => {
    expect(withoutAnswerKey(body)).toEqual({
      jenis: 'isian_rumpang',
      rumpang: [
        { jenis: 'isian', jawaban: [], peka_huruf_besar: false },
        { jenis: 'pilihan', pilihan: ['Sumatra', 'Jawa', 'Bali'], kunci: null },
      ],
    });
  });
});

it('an answer of another kind earns nothing', () => {
  expect(autoMark(shortAnswer, { jenis: 'numerik', teks: '1' })).toBe(0);
  expect(autoMark(shortAnswer, null)).toBe(0);
});
