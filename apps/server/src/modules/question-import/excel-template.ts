import type { EssayFileType } from '@lms/contract/exam.rules';
import { excelTemplateKindLabels, type ExcelTemplateKind } from '@lms/contract/question-import.rules';

/*
 * The Excel templates of the import (one per question kind, spec 3 §5 "Import"): the sheet the parser
 * reads, its columns, and a Petunjuk sheet that explains them with an example. The parser finds columns
 * by their header, so the same definitions serve both.
 */

/** Columns of a kind's Soal sheet, in order; the parser matches headers case-insensitively. */
export const templateColumns: Record<ExcelTemplateKind, readonly string[]> = {
  pilihan: [
    'No',
    'Pertanyaan',
    'Pilihan A',
    'Pilihan B',
    'Pilihan C',
    'Pilihan D',
    'Pilihan E',
    'Kunci Jawaban',
  ],
  benar_salah: ['No', 'Pertanyaan', 'Kunci Jawaban'],
  esai: ['No', 'Pertanyaan', 'Kunci Jawaban', 'Jenis File Diterima'],
  isian_singkat: [
    'No',
    'Pertanyaan',
    'Jawaban 1',
    'Jawaban 2',
    'Jawaban 3',
    'Jawaban 4',
    'Jawaban 5',
    'Peka Huruf Besar',
  ],
  pilihan_kompleks: [
    'No',
    'Pertanyaan',
    'Pilihan A',
    'Pilihan B',
    'Pilihan C',
    'Pilihan D',
    'Pilihan E',
    'Kunci Jawaban',
  ],
  numerik: ['No', 'Pertanyaan', 'Jawaban', 'Toleransi', 'Satuan'],
};

/** Columns a file may leave out (the parser needs the others). */
export const optionalColumns: readonly string[] = [
  'No',
  'Pilihan D',
  'Pilihan E',
  'Jawaban 2',
  'Jawaban 3',
  'Jawaban 4',
  'Jawaban 5',
  'Peka Huruf Besar',
  'Toleransi',
  'Satuan',
];

/** Names of the essay's accepted answer kinds in the Jenis File Diterima column (as the editor shows them). */
export const essayFileTypeNames: Record<EssayFileType, string> = {
  text: 'Teks',
  image: 'Gambar',
  pdf: 'PDF',
  docs: 'Dokumen',
  compressed: 'Arsip',
};

/** The sheet the questions go in. */
export function templateSheetName(kind: ExcelTemplateKind): string {
  return `Soal ${excelTemplateKindLabels[kind].replace('/', '-')}`;
}

/** Rows the template prepares (drop-down lists): the bank's limit. */
const preparedRows = 100;

const guide: Record<ExcelTemplateKind, string[]> = {
  pilihan: [
    'Satu baris untuk satu soal, mulai baris 2. Kolom No boleh dikosongkan.',
    'Pertanyaan wajib diisi. Tebal, miring dan garis bawah pada sel ikut diimpor.',
    'Isi minimal 3 pilihan, berurutan dari Pilihan A tanpa ada yang terlewat. Pilihan D dan E boleh kosong.',
    'Kunci Jawaban diisi satu huruf pilihan yang benar (A, B, C, D atau E) dan pilihannya harus terisi.',
  ],
  benar_salah: [
    'Satu baris untuk satu soal, mulai baris 2. Kolom No boleh dikosongkan.',
    'Pertanyaan wajib diisi. Tebal, miring dan garis bawah pada sel ikut diimpor.',
    'Kunci Jawaban diisi Benar atau Salah.',
  ],
  esai: [
    'Satu baris untuk satu soal, mulai baris 2. Kolom No boleh dikosongkan.',
    'Pertanyaan wajib diisi. Tebal, miring dan garis bawah pada sel ikut diimpor.',
    'Kunci Jawaban boleh dikosongkan.',
    'Jenis File Diterima: Teks, Gambar, PDF, Dokumen, Arsip atau Semua, dipisah koma. Kosong berarti Teks.',
  ],
  isian_singkat: [
    'Satu baris untuk satu soal, mulai baris 2. Kolom No boleh dikosongkan.',
    'Pertanyaan wajib diisi. Tebal, miring dan garis bawah pada sel ikut diimpor.',
    'Isi minimal Jawaban 1. Jawaban 2 sampai 5 adalah jawaban lain yang juga diterima; tanda * berarti karakter apa saja.',
    'Jawaban bernilai sebagian ditulis dengan persen di akhir dalam kurung, misalnya: Bandung (50%). Tanpa persen berarti 100%.',
    'Peka Huruf Besar diisi Ya jika huruf besar dan kecil dibedakan; kosong berarti Tidak.',
  ],
  pilihan_kompleks: [
    'Satu baris untuk satu soal, mulai baris 2. Kolom No boleh dikosongkan.',
    'Pertanyaan wajib diisi. Tebal, miring dan garis bawah pada sel ikut diimpor.',
    'Isi minimal 3 pilihan, berurutan dari Pilihan A tanpa ada yang terlewat. Pilihan D dan E boleh kosong.',
    'Kunci Jawaban diisi huruf semua pilihan yang benar, dipisah koma (misalnya A, C). Setiap pilihan benar bernilai sama; pilihan salah mengurangi nilai.',
  ],
  numerik: [
    'Satu baris untuk satu soal, mulai baris 2. Kolom No boleh dikosongkan.',
    'Pertanyaan wajib diisi. Tebal, miring dan garis bawah pada sel ikut diimpor.',
    'Jawaban diisi angka; koma atau titik sebagai tanda desimal (9,8 atau 9.8).',
    'Toleransi: selisih yang masih dianggap benar (misalnya 0,1). Kosong berarti 0.',
    'Satuan boleh dikosongkan; jika diisi (misalnya m/s2), mahasiswa boleh menuliskannya di belakang angka.',
  ],
};

const examples: Record<ExcelTemplateKind, string[]> = {
  pilihan: ['1', 'Ibu kota Indonesia adalah ...', 'Bandung', 'Jakarta', 'Surabaya', 'Medan', '', 'B'],
  benar_salah: ['1', 'Matahari terbit dari timur.', 'Benar'],
  esai: [
    '1',
    'Jelaskan pengertian fotosintesis.',
    'Proses tumbuhan membuat makanan dengan cahaya.',
    'Teks, PDF',
  ],
  isian_singkat: [
    '1',
    'Ibu kota Jawa Barat adalah ...',
    'Bandung',
    'Kota Bandung (50%)',
    '',
    '',
    '',
    'Tidak',
  ],
  pilihan_kompleks: ['1', 'Manakah yang termasuk bilangan prima?', '2', '3', '4', '9', '', 'A, B'],
  numerik: ['1', 'Percepatan gravitasi bumi adalah ...', '9,8', '0,1', 'm/s2'],
};

/** The template workbook of a kind (.xlsx): the Soal sheet with headers and drop-downs, and Petunjuk. */
export async function buildExcelTemplate(kind: ExcelTemplateKind): Promise<Buffer> {
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'LMS';
  const columns = templateColumns[kind];
  const sheet = book.addWorksheet(templateSheetName(kind), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((header) => ({
    header,
    width:
      header === 'No'
        ? 6
        : header === 'Pertanyaan'
          ? 60
          : header.startsWith('Pilihan') || header.startsWith('Jawaban')
            ? 24
            : 22,
  }));
  const head = sheet.getRow(1);
  head.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  head.alignment = { vertical: 'middle', wrapText: true };
  const keyColumn = columns.indexOf('Kunci Jawaban') + 1;
  const listColumn = kind === 'isian_singkat' ? columns.indexOf('Peka Huruf Besar') + 1 : keyColumn;
  const choices =
    kind === 'pilihan'
      ? 'A,B,C,D,E'
      : kind === 'benar_salah'
        ? 'Benar,Salah'
        : kind === 'isian_singkat'
          ? 'Ya,Tidak'
          : null;
  if (choices) {
    for (let r = 2; r <= preparedRows + 1; r++) {
      sheet.getRow(r).getCell(listColumn).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${choices}"`],
        showErrorMessage: true,
        errorTitle: columns[listColumn - 1]!,
        error: `Isi dengan salah satu dari: ${choices.replace(/,/g, ', ')}.`,
      };
    }
  }
  sheet.getColumn(2).alignment = { wrapText: true, vertical: 'top' };

  const help = book.addWorksheet('Petunjuk');
  help.getColumn(1).width = 100;
  help.addRow([`Template Impor Soal ${excelTemplateKindLabels[kind]}`]).font = { bold: true, size: 14 };
  help.addRow([`Isi soal pada sheet "${templateSheetName(kind)}". Sheet ini tidak ikut diimpor.`]);
  for (const line of guide[kind]) help.addRow([`• ${line}`]);
  help.addRow([
    'Jika ada satu baris yang salah, tidak ada soal yang diimpor; setiap kesalahan disebutkan baris dan kolomnya.',
  ]);
  help.addRow(['Satu bank soal berisi paling banyak 100 soal.']);
  help.addRow([]);
  help.addRow(['Contoh baris:']).font = { bold: true };
  columns.forEach((header, i) => help.addRow([`${header}: ${examples[kind][i] || '(kosong)'}`]));
  return Buffer.from(await book.xlsx.writeBuffer());
}
