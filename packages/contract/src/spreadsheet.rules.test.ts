import { describe, expect, it } from 'vitest';
import { exportFileName, neutralizeSpreadsheetCell } from './spreadsheet.rules.ts';

describe('neutralizeSpreadsheetCell', () => {
  it('prefixes cells that a spreadsheet would read as a formula', () => {
    for (const value of ['=cmd|"/C calc"!A0', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralizeSpreadsheetCell(value)).toBe(`'${value}`);
    }
  });

  it('leaves ordinary text alone', () => {
    for (const value of ['', 'Login', 'Budi = hadir', '10.0.0.1', "'sudah"]) {
      expect(neutralizeSpreadsheetCell(value)).toBe(value);
    }
  });
});

describe('exportFileName', () => {
  it('joins base, date and extension', () => {
    expect(exportFileName('log-aktivitas', '2026-05-02')).toBe('log-aktivitas-2026-05-02.xlsx');
  });
});
