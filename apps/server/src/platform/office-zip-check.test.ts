import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { manyEntriesZip, manyRowsWorkbook, zipBomb } from '../testing/hostile-files.ts';
import { checkOfficeZip } from './office-zip-check.ts';

const limits = { maxUnpackedBytes: 50_000_000, maxEntries: 1000, maxSheetRows: 1001 };

async function smallWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Soal').addRows([['Pertanyaan'], ['Apa?']]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('checkOfficeZip', () => {
  it('passes a real workbook and counts what it unpacks to', async () => {
    const result = await checkOfficeZip(await smallWorkbook(), limits);
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.unpackedBytes).toBeGreaterThan(1000);
  });

  it('refuses a sheet over the row limit by its dimension, and by its rows when the dimension lies', async () => {
    expect(await checkOfficeZip(await manyRowsWorkbook(1000), limits)).toMatchObject({ ok: true });
    expect(await checkOfficeZip(await manyRowsWorkbook(1001), limits)).toEqual({
      ok: false,
      refused: 'too_many_rows',
      rows: 1002,
    });
    const lying = await manyRowsWorkbook(5000, { dimension: 'A1:C2' });
    expect(await checkOfficeZip(lying, limits)).toMatchObject({ ok: false, refused: 'too_many_rows' });
  });

  it('refuses a bomb on the bytes it produces, whatever sizes its directory declares', async () => {
    const base = await smallWorkbook();
    const bomb = await zipBomb(base, 150_000_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(await checkOfficeZip(bomb, limits)).toEqual({ ok: false, refused: 'too_large' });
    const liar = await zipBomb(base, 150_000_000, { lieAboutSizes: true });
    expect(await checkOfficeZip(liar, limits)).toMatchObject({ ok: false });
    // Within the cap but past what its directory declares: refused as unreadable, not trusted.
    const smallLiar = await zipBomb(base, 2_000_000, { lieAboutSizes: true });
    expect(await checkOfficeZip(smallLiar, limits)).toEqual({ ok: false, refused: 'unreadable' });
  });

  it('refuses too many entries and what is not a zip', async () => {
    const many = await manyEntriesZip(await smallWorkbook(), 1500);
    expect(await checkOfficeZip(many, limits)).toEqual({ ok: false, refused: 'too_many_entries' });
    expect(await checkOfficeZip(Buffer.from('PK\u0003\u0004 not really'), limits)).toEqual({
      ok: false,
      refused: 'unreadable',
    });
  });
});
