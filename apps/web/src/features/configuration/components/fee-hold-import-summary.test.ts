import { describe, expect, it } from 'vitest';
import type { FeeHoldImportPreview } from '@lms/contract/access-restriction.schema';
import {
  feeHoldImportPreviewLines,
  feeHoldImportResultMessage,
  feeHoldReplaceQuestion,
  feeHoldUnknownNimLines,
} from './fee-hold-import-summary.ts';

// 1,200 rows: 40 newly held, 5 already held; 3 held students marked Lunas; 12 others on hold.
const preview: FeeHoldImportPreview = {
  jumlah_baris: 1200,
  tetap: 5,
  tambah: { ditandai: 40, dihapus: 3 },
  ganti: { ditandai: 40, dihapus: 15 },
  jumlah_tidak_dikenal: 2,
  tidak_dikenal: [
    { nim: '0000000001', baris: 7 },
    { nim: '0000000002', baris: 1031 },
  ],
};

describe('the fee-hold import preview', () => {
  it('reads the chosen mode’s numbers', () => {
    expect(feeHoldImportPreviewLines(preview, 'tambah')).toEqual([
      { label: 'Baris di file', value: '1.200' },
      { label: 'Ditandai baru', value: '40' },
      { label: 'Sudah ditandai (tetap)', value: '5' },
      { label: 'Tunggakan dihapus', value: '3' },
      { label: 'NIM tidak dikenal (dilewati)', value: '2' },
    ]);
    expect(feeHoldImportPreviewLines(preview, 'ganti')[3]).toEqual({
      label: 'Tunggakan dihapus',
      value: '15',
    });
  });

  it('lists each unknown NIM with its row, then how many more the server did not list', () => {
    expect(feeHoldUnknownNimLines(preview)).toEqual([
      'Baris 7: 0000000001 tidak dikenal',
      'Baris 1.031: 0000000002 tidak dikenal',
    ]);
    expect(feeHoldUnknownNimLines({ ...preview, jumlah_tidak_dikenal: 1502 })).toEqual([
      'Baris 7: 0000000001 tidak dikenal',
      'Baris 1.031: 0000000002 tidak dikenal',
      '… dan 1.500 lainnya',
    ]);
  });

  it('asks before ganti clears holds, with how many, and not otherwise', () => {
    expect(feeHoldReplaceQuestion(preview, 'ganti')).toMatch(/^Tunggakan 15 mahasiswa .* akan dihapus/);
    expect(feeHoldReplaceQuestion(preview, 'tambah')).toBeNull();
    expect(feeHoldReplaceQuestion({ ...preview, ganti: { ditandai: 40, dihapus: 0 } }, 'ganti')).toBeNull();
  });

  it('says what an applied import did', () => {
    expect(
      feeHoldImportResultMessage({ mode: 'tambah', ditandai: 2, dihapus: 0, jumlah_tidak_dikenal: 1 }),
    ).toBe('Impor selesai: 2 mahasiswa ditandai, 0 tunggakan dihapus, 1 NIM tidak dikenal dilewati.');
    expect(
      feeHoldImportResultMessage({ mode: 'ganti', ditandai: 0, dihapus: 7, jumlah_tidak_dikenal: 0 }),
    ).toBe('Impor selesai: 0 mahasiswa ditandai, 7 tunggakan dihapus.');
  });
});
