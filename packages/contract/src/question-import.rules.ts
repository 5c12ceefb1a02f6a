/*
 * Importing questions into a question bank and exporting them (spec 3 §2, §5 "Import", §8): the file
 * formats, the Excel template kinds, the problems an import reports (by row and column, or by question
 * number and line) and the texts. Zod-free: the web's Impor Soal modal reads these shapes too.
 */

import { questionKindLabels, type QuestionKind } from './exam.rules.ts';

/** The formats a file may be imported from (Excel with a template per kind, or a Moodle-style text). */
export const importFormats = ['excel', 'gift', 'aiken', 'moodle_xml'] as const;
export type ImportFormat = (typeof importFormats)[number];
export const importFormatLabels: Record<ImportFormat, string> = {
  excel: 'Excel',
  gift: 'GIFT',
  aiken: 'Aiken',
  moodle_xml: 'Moodle XML',
};
/** The file extensions each format accepts (the file input's `accept` and the server's check). */
export const importFormatExtensions: Record<ImportFormat, readonly string[]> = {
  excel: ['xlsx', 'xls'],
  gift: ['gift', 'txt'],
  aiken: ['txt'],
  moodle_xml: ['xml'],
};

/**
 * jenis_soal of the Excel import (spec 3 §5 "Import": pilihan, benar_salah, esai; issue 43: the kinds a
 * sheet row can hold — isian_singkat, pilihan_kompleks, numerik).
 */
export const excelTemplateKinds = [
  'pilihan',
  'benar_salah',
  'esai',
  'isian_singkat',
  'pilihan_kompleks',
  'numerik',
] as const;
export type ExcelTemplateKind = (typeof excelTemplateKinds)[number];
export const excelTemplateKindLabels: Record<ExcelTemplateKind, string> = {
  pilihan: 'Pilihan Ganda',
  benar_salah: 'Benar/Salah',
  esai: 'Esai',
  isian_singkat: 'Isian Singkat',
  pilihan_kompleks: 'Pilihan Ganda Kompleks',
  numerik: 'Numerik',
};
/** The template's file name for a kind. */
export function excelTemplateFileName(kind: ExcelTemplateKind): string {
  return `template-impor-soal-${kind.replace(/_/g, '-')}.xlsx`;
}

/** An import file is at most 5 MB (100 questions of text fit easily in far less). */
export const maxImportBytes = 5_000_000;

/** A text file lists at most this many questions (a whole course's Moodle export fits; a bank takes 100). */
export const maxImportQuestions = 1000;

/** One thing wrong with a file: where (Excel row and column, or question number and line) and what. */
export interface ImportProblem {
  /** Excel: the sheet's row number; text formats: the line the question starts on, when known. */
  baris?: number | null;
  /** Excel: the column's letter and header, e.g. `C (Pilihan A)`. */
  kolom?: string | null;
  /** Text formats: the question's number in the file (1-based, questions only). */
  soal?: number | null;
  pesan: string;
}

/**
 * A question of a text file (GIFT, Aiken, Moodle XML) that cannot become one of ours: a type the bank has
 * no counterpart for, or a rule it breaks (two options, no key…). Listed with its place and reason while
 * the rest of the file imports; never silently dropped.
 */
export interface SkippedQuestion {
  /** The question's number in the file (1-based, categories and comments not counted). */
  soal: number;
  baris?: number | null;
  /** The format's own name of the type (Moodle XML `type`, GIFT's kind), e.g. `shortanswer`. */
  jenis: string;
  /** The question's name or the start of its text. */
  nama: string;
  /** Why it is skipped, in words for the lecturer. */
  alasan: string;
}

/** A question the file will add, as the preview lists it. */
export interface PreviewedQuestion {
  soal: number;
  baris?: number | null;
  jenis: QuestionKind;
  /** The start of its text. */
  ringkasan: string;
}

/** detail of a failed import (400 `impor_soal_gagal`): every problem, and what would be skipped. */
export interface ImportFailedDetail {
  masalah: ImportProblem[];
  dilewati: SkippedQuestion[];
}

/** Moodle's question types in Indonesian, for the reasons a question is skipped. */
const moodleTypeNames: Record<string, string> = {
  shortanswer: 'isian singkat',
  'short answer': 'isian singkat',
  numerical: 'numerik',
  matching: 'menjodohkan',
  description: 'deskripsi',
  cloze: 'isian rumpang',
  multianswer: 'isian rumpang',
  calculated: 'hitungan',
  calculatedsimple: 'hitungan',
  calculatedmulti: 'hitungan',
  ddwtos: 'seret dan lepas',
  gapselect: 'pilih kata yang hilang',
  randomsamatch: 'menjodohkan acak',
  ordering: 'mengurutkan',
};

/** A type as the lecturer knows it from Moodle, with our word for it: `menjodohkan (matching)`. */
export function moodleTypeLabel(jenis: string): string {
  const name = moodleTypeNames[jenis.toLowerCase()];
  return name ? `${name} (${jenis})` : jenis;
}

/** The texts of spec 3 §5 and §8 letter for letter, and ours where the spec shows none. */
export const questionImportMessages = {
  title: 'Impor Soal',
  succeeded: 'Impor Berhasil',
  failed: 'Impor Gagal',
  retry: 'Impor Ulang',
  fileNotChosen: 'File belum dipilih',
  kindNotChosen: 'Jenis soal belum dipilih',
  excelExtension: 'File harus berekstensi .xls atau .xlsx',
  xlsUnsupported:
    'File .xls (Excel 97-2003) belum dapat dibaca. Buka file di Excel atau LibreOffice, simpan sebagai .xlsx (Excel Workbook), lalu impor ulang.',
  wrongExtension: (format: ImportFormat) =>
    `File ${importFormatLabels[format]} harus berekstensi ${importFormatExtensions[format].map((e) => `.${e}`).join(' atau ')}`,
  tooLarge: 'Ukuran file impor maksimal 5 MB',
  unreadable: (format: ImportFormat) =>
    `File tidak dapat dibaca sebagai ${importFormatLabels[format]}. Periksa kembali format file.`,
  noQuestions: 'File tidak berisi soal yang dapat diimpor',
  tooManyRows: (rows: number) =>
    `File berisi lebih dari ${rows} baris. Bagi soal ke beberapa file, lalu impor ulang.`,
  unpackedTooLarge: (mb: number) =>
    `Isi file Excel lebih dari ${mb} MB setelah dibuka. Hapus gambar atau lembar yang tidak diperlukan, lalu impor ulang.`,
  xmlDeclarationRefused:
    'XML tidak valid: DOCTYPE dan entitas tidak diizinkan pada file Moodle XML. Ekspor ulang file dari Moodle.',
  tooComplex:
    'File terlalu berat untuk dibaca. Bagi soal ke beberapa file yang lebih kecil, lalu impor ulang.',
  tooMany: (existing: number, adding: number, limit: number) =>
    `Bank soal paling banyak berisi ${limit} soal: bank ini sudah berisi ${existing} soal dan file berisi ${adding} soal.`,
  failedSummary: (problems: number) =>
    `Ditemukan ${problems} masalah pada file. Tidak ada soal yang diimpor; perbaiki file lalu impor ulang.`,
  done: (count: number, skipped: number) =>
    skipped > 0
      ? `Berhasil mengimpor ${count} soal. ${skipped} soal dilewati.`
      : `Berhasil mengimpor ${count} soal.`,
  previewed: (count: number, skipped: number) =>
    skipped > 0 ? `${count} soal akan diimpor, ${skipped} soal dilewati.` : `${count} soal akan diimpor.`,
  tooManyQuestions: `File berisi lebih dari ${maxImportQuestions} soal. Bagi soal ke beberapa file, lalu impor ulang.`,
  nothingImportable:
    'Tidak ada soal yang dapat diimpor: semua soal di file dilewati. Lihat alasannya pada daftar.',
  unsupportedType: (jenis: string) => `Jenis soal ${moodleTypeLabel(jenis)} tidak didukung`,
  severalRightAnswers: 'Pilihan ganda dengan lebih dari satu jawaban benar tidak didukung',
  clozePartialChoice: 'Rumpang pilihan dengan nilai sebagian atau tanpa satu jawaban benar tidak didukung',
  clozeNumerical: 'Rumpang numerik (NUMERICAL) belum didukung; ubah menjadi rumpang isian',
  clozeGapType: (type: string) => `Rumpang jenis ${type} tidak didukung`,
  clozeNoGaps: 'Soal isian rumpang tidak berisi rumpang',
  clozeWeights: 'Rumpang dengan bobot berbeda tidak didukung: setiap rumpang bernilai sama',
  gapChoiceMissing: (n: number) => `Rumpang [[${n}]] tidak punya pilihan jawaban di file`,
  numericAnyAnswer: 'Jawaban * (semua jawaban lain) bernilai pada soal numerik tidak didukung',
  numericNotNumber: (text: string) => `Jawaban numerik "${text}" bukan angka`,
  matchingImages: 'Gambar pada pasangan menjodohkan belum dapat diimpor; tambahkan soal ini secara manual',
  tooBig: (detail: string) => `Soal melebihi batas bank soal: ${detail}`,
  giftUnreadable: (near: string | null) =>
    `Format GIFT soal ini tidak dapat dibaca${near ? ` di dekat "${near}"` : ''}. Periksa tanda { } dan karakter khusus (~ = # { } :) yang harus diawali \\.`,
} as const;

/** Where a problem is, in words: `Baris 4, kolom C (Pilihan A)` or `Soal ke-2 (baris 7)`. */
export function importProblemPlace(problem: ImportProblem): string {
  const parts: string[] = [];
  if (problem.soal != null) {
    parts.push(`Soal ke-${problem.soal}` + (problem.baris != null ? ` (baris ${problem.baris})` : ''));
  } else if (problem.baris != null) {
    parts.push(`Baris ${problem.baris}`);
  }
  if (problem.kolom) parts.push(`kolom ${problem.kolom}`);
  return parts.join(', ');
}

/** A problem as one line: `Baris 4, kolom C (Pilihan A): Pilihan jawaban wajib diisi`. */
export function importProblemLabel(problem: ImportProblem): string {
  const place = importProblemPlace(problem);
  return place ? `${place}: ${problem.pesan}` : problem.pesan;
}

/** A skipped question as one line: `Soal ke-3 (baris 7) "Ibu kota": Pilihan jawaban minimal 3`. */
export function skippedQuestionLabel(skipped: SkippedQuestion): string {
  const line = skipped.baris != null ? ` (baris ${skipped.baris})` : '';
  const name = skipped.nama ? ` "${skipped.nama}"` : '';
  return `Soal ke-${skipped.soal}${line}${name}: ${skipped.alasan}`;
}

/** The names of our question kinds in a preview. */
export const previewKindLabels: Record<PreviewedQuestion['jenis'], string> = questionKindLabels;

/** The extension of a file name, lower case, without the dot. */
function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Whether a file name fits the chosen format; the message to show when it does not. */
export function checkImportFileName(format: ImportFormat, fileName: string): string | null {
  const ext = extensionOf(fileName);
  if (importFormatExtensions[format].includes(ext)) return null;
  return format === 'excel'
    ? questionImportMessages.excelExtension
    : questionImportMessages.wrongExtension(format);
}
