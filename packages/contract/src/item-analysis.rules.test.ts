import { describe, expect, it } from 'vitest';
import { flagItem, groupSize, itemOptions, optionLetter, questionSummary } from './item-analysis.rules.ts';

const base = { attempts: 10, facility: 0.5, discrimination: 0.4, upperGroup: 3, options: [] };

describe('item analysis flags', () => {
  it('flags nothing for a question that works', () => {
    expect(flagItem(base)).toEqual([]);
  });

  it('flags nothing below five attempts, whatever the figures', () => {
    expect(flagItem({ ...base, attempts: 4, facility: 0, discrimination: -0.9 })).toEqual([]);
  });

  it('too hard below 0.20, too easy above 0.90 (the bounds themselves are fine)', () => {
    expect(flagItem({ ...base, facility: 0.19 })).toEqual(['terlalu_sulit']);
    expect(flagItem({ ...base, facility: 0.2 })).toEqual([]);
    expect(flagItem({ ...base, facility: 0.91 })).toEqual(['terlalu_mudah']);
    expect(flagItem({ ...base, facility: 0.9 })).toEqual([]);
  });

  it('low discrimination below 0.20; a negative one says the key may be wrong instead', () => {
    expect(flagItem({ ...base, discrimination: 0.19 })).toEqual(['daya_beda_rendah']);
    expect(flagItem({ ...base, discrimination: 0.2 })).toEqual([]);
    expect(flagItem({ ...base, discrimination: -0.1 })).toEqual(['kunci_mungkin_salah']);
    expect(flagItem({ ...base, discrimination: null })).toEqual([]);
  });

  it('the key may be wrong when more than half of the upper group picked one wrong option', () => {
    const options = [
      { kunci: true, jumlah_atas: 1 },
      { kunci: false, jumlah_atas: 2 },
    ];
    expect(flagItem({ ...base, options })).toEqual(['kunci_mungkin_salah']);
    // Half is not most.
    expect(
      flagItem({
        ...base,
        upperGroup: 4,
        options: [
          { kunci: true, jumlah_atas: 2 },
          { kunci: false, jumlah_atas: 2 },
        ],
      }),
    ).toEqual([]);
  });

  it('the groups are 27 % of the attempts, rounded up', () => {
    expect([0, 1, 4, 10, 300].map(groupSize)).toEqual([0, 1, 2, 3, 81]);
  });
});

describe('item options', () => {
  it('letters choices, marks the key, and the positive weights of multiple answers', () => {
    expect(itemOptions({ jenis: 'pilihan', pilihan: [{ teks: 'x' }, { teks: 'y' }], kunci: 1 })).toEqual([
      { label: 'A', teks: 'x', kunci: false },
      { label: 'B', teks: 'y', kunci: true },
    ]);
    expect(
      itemOptions({
        jenis: 'pilihan_kompleks',
        pilihan: [{ teks: 'a' }, { teks: 'b' }],
        bobot: [100, -50],
      })?.map((o) => o.kunci),
    ).toEqual([true, false]);
    expect(
      itemOptions({ jenis: 'benar_salah', label: { benar: 'Ya', salah: 'Tidak' }, kunci: false }),
    ).toEqual([
      { label: 'Ya', teks: 'Benar', kunci: false },
      { label: 'Tidak', teks: 'Salah', kunci: true },
    ]);
    expect(itemOptions({ jenis: 'esay', jenis_file_diterima: [], kunci: '' })).toBeNull();
    expect([0, 25, 26, 27].map(optionLetter)).toEqual(['A', 'Z', 'AA', 'AB']);
  });

  it('summarises rich text as one line', () => {
    expect(questionSummary('<p>Ibu kota&nbsp;<b>Jawa</b>\n Barat?</p>')).toBe('Ibu kota Jawa Barat?');
    expect(questionSummary('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(questionSummary('<p>Ibu kota [[1]] di pulau [[2]].</p>')).toBe('Ibu kota ___ di pulau ___.');
  });
});
