import type * as Excel from 'exceljs';
import { escapeUTF8 } from 'entities';
import {
  essayFileTypes,
  examMessages,
  type EssayFileType,
  type QuestionBody,
} from '@lms/contract/exam.rules';
import {
  excelTemplateKindLabels,
  questionImportMessages,
  type ExcelTemplateKind,
  type ImportProblem,
} from '@lms/contract/question-import.rules';
import { checkOfficeZip } from '../../platform/office-zip-check.ts';
import { essayFileTypeNames, templateColumns } from './excel-template.ts';
import {
  finishQuestion,
  plainToHtml,
  type ImportedQuestion,
  type ParsedImport,
} from './imported-question.ts';

/*
 * The Excel import (spec 3 §5 "Import"): the filled template of one kind, one question per row from row
 * 2. Columns are found by their header, so moved columns still read. Every problem names its row and
 * column (`C (Pilihan A)`); one bad row means nothing is imported. .xls (Excel 97-2003) is recognised by
 * its signature and answered with a clear message: no maintained library on npm reads it.
 */

/** More rows than this is not a question list (the bank holds 100); refuse before reading them. */
const maxRows = 1000;
/**
 * A 5 MB workbook of 1,000 questions unpacks to a few MB; beyond these the file is refused before ExcelJS
 * reads it (ExcelJS unpacks every entry into memory).
 */
export const excelImportZipLimits = {
  maxUnpackedBytes: 50_000_000,
  maxEntries: 1000,
  maxSheetRows: maxRows + 1,
};

const cfbSignature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function fail(pesan: string, where: Partial<ImportProblem> = {}): ParsedImport {
  return { soal: [], dilewati: [], masalah: [{ ...where, pesan }] };
}

type RichRun = { text: string; font?: Partial<Excel.Font> };

/** A cell as rich text: bold, italic and underline runs kept, line breaks as <br>. */
function cellHtml(cell: Excel.Cell): string {
  const value = cell.value as unknown;
  const runs = (value as { richText?: RichRun[] } | null)?.richText;
  if (!Array.isArray(runs)) return plainToHtml(cell.text ?? '');
  const inner = runs
    .map((run) => {
      let html = escapeUTF8(run.text).replace(/\r?\n/g, '<br>');
      if (run.font?.bold) html = `<strong>${html}</strong>`;
      if (run.font?.italic) html = `<em>${html}</em>`;
      if (run.font?.underline) html = `<u>${html}</u>`;
      return html;
    })
    .join('');
  return inner.replace(/(<br>)+$/, '') ? `<p>${inner}</p>` : '';
}

function cellText(cell: Excel.Cell): string {
  return (cell.text ?? '').trim();
}

const normalise = (header: string) => header.replace(/\s+/g, ' ').trim().toLowerCase();

/** The sheet with the questions: the kind's template sheet, or the first whose row 1 has Pertanyaan. */
function findSheet(book: Excel.Workbook): Excel.Worksheet | undefined {
  return book.worksheets.find((ws) => {
    const headers: string[] = [];
    ws.getRow(1).eachCell((cell) => headers.push(normalise(cell.text ?? '')));
    return headers.includes('pertanyaan');
  });
}

function parseKey(
  kind: ExcelTemplateKind,
  raw: string,
  filled: number,
): { kunci: number | boolean | null; error?: string } {
  const text = raw.trim();
  if (!text) return { kunci: null };
  if (kind === 'benar_salah') {
    const word = text.toLowerCase();
    if (['benar', 'b', 'true', 'ya'].includes(word)) return { kunci: true };
    if (['salah', 's', 'false', 'tidak'].includes(word)) return { kunci: false };
    return { kunci: null, error: `Kunci jawaban "${text}" tidak dikenal: isi Benar atau Salah` };
  }
  const letter = /^([a-z])\.?$/i.exec(text)?.[1]?.toUpperCase();
  const index = letter ? letter.charCodeAt(0) - 65 : -1;
  if (index < 0 || index >= filled) {
    const last = String.fromCharCode(64 + Math.max(filled, 1));
    return {
      kunci: null,
      error: `Kunci jawaban "${text}" tidak valid: isi satu huruf pilihan yang terisi (A–${last})`,
    };
  }
  return { kunci: index };
}

function parseFileKinds(raw: string): { kinds: EssayFileType[]; unknown: string[] } {
  const parts = raw
    .split(/[,;/]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { kinds: ['text'], unknown: [] };
  const kinds: EssayFileType[] = [];
  const unknown: string[] = [];
  for (const part of parts) {
    const word = part.toLowerCase();
    if (word === 'semua') kinds.push(...essayFileTypes);
    else {
      const kind = essayFileTypes.find((k) => k === word || essayFileTypeNames[k].toLowerCase() === word);
      if (kind) kinds.push(kind);
      else unknown.push(part);
    }
  }
  return { kinds: essayFileTypes.filter((k) => kinds.includes(k)), unknown };
}

/** Reads a filled template of `kind`; problems name the Excel row and column. */
export async function parseExcel(buffer: Buffer, kind: ExcelTemplateKind): Promise<ParsedImport> {
  if (buffer.subarray(0, 8).equals(cfbSignature)) return fail(questionImportMessages.xlsUnsupported);
  if (!buffer.subarray(0, 4).equals(zipSignature)) return fail(questionImportMessages.unreadable('excel'));
  const zip = await checkOfficeZip(buffer, excelImportZipLimits);
  if (!zip.ok) {
    if (zip.refused === 'too_many_rows') return fail(questionImportMessages.tooManyRows(maxRows));
    if (zip.refused === 'too_large')
      return fail(questionImportMessages.unpackedTooLarge(excelImportZipLimits.maxUnpackedBytes / 1_000_000));
    return fail(questionImportMessages.unreadable('excel'));
  }
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    return fail(questionImportMessages.unreadable('excel'));
  }
  const label = excelTemplateKindLabels[kind];
  const sheet = findSheet(book);
  if (!sheet)
    return fail(`Kolom Pertanyaan tidak ditemukan di baris 1. Gunakan template ${label}.`, { baris: 1 });
  if (sheet.rowCount > maxRows + 1)
    return fail(`File berisi ${sheet.rowCount} baris; satu bank soal berisi paling banyak 100 soal.`);

  // Header → column number.
  const columnOf = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const header = normalise(cell.text ?? '');
    if (header && !columnOf.has(header)) columnOf.set(header, col);
  });
  const optionHeaders = [...columnOf.keys()].filter((h) => /^pilihan [a-z]$/.test(h)).sort();
  if (kind !== 'pilihan' && optionHeaders.length > 0)
    return fail(
      `File ini berisi kolom Pilihan A: ini bukan template ${label}. Pilih jenis soal yang sesuai.`,
      {
        baris: 1,
      },
    );
  if (kind !== 'esai' && columnOf.has('jenis file diterima'))
    return fail(`File ini adalah template Esai, bukan template ${label}. Pilih jenis soal yang sesuai.`, {
      baris: 1,
    });
  const required = templateColumns[kind].filter((h) => h !== 'No' && !/^Pilihan [DE]$/.test(h));
  const missing = required.filter((h) => !columnOf.has(normalise(h)));
  if (missing.length)
    return {
      soal: [],
      dilewati: [],
      masalah: missing.map((h) => ({
        baris: 1,
        pesan: `Kolom ${h} tidak ditemukan di baris 1. Gunakan template ${label} tanpa mengubah judul kolom.`,
      })),
    };

  const place = (col: number) =>
    `${sheet.getColumn(col).letter} (${String(sheet.getRow(1).getCell(col).text).trim()})`;
  const qCol = columnOf.get('pertanyaan')!;
  const keyCol = columnOf.get('kunci jawaban')!;
  const fileCol = columnOf.get('jenis file diterima');
  const optionCols = optionHeaders.map((h) => columnOf.get(h)!);
  const used = [qCol, keyCol, ...(fileCol ? [fileCol] : []), ...optionCols];

  const soal: ImportedQuestion[] = [];
  const masalah: ImportProblem[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (used.every((c) => !cellText(row.getCell(c)))) continue;
    const rowProblems: ImportProblem[] = [];
    const add = (col: number, pesan: string) => rowProblems.push({ baris: r, kolom: place(col), pesan });
    const pertanyaan = cellHtml(row.getCell(qCol));
    let body: QuestionBody;
    let optionFor = (_message: string) => optionCols[0]!;
    if (kind === 'pilihan') {
      const texts = optionCols.map((c) => cellText(row.getCell(c)));
      const lastFilled = texts.reduce((last, t, i) => (t ? i : last), -1);
      const options = texts.slice(0, lastFilled + 1);
      const key = parseKey(kind, cellText(row.getCell(keyCol)), options.length);
      if (key.error) add(keyCol, key.error);
      body = {
        jenis: 'pilihan',
        pilihan: options.map((teks) => ({ teks })),
        kunci: key.error ? 0 : (key.kunci as number | null),
      };
      optionFor = (message) => {
        const gap = options.findIndex((t) => !t);
        if (message === examMessages.optionRequired && gap >= 0) return optionCols[gap]!;
        return optionCols[Math.min(options.length, optionCols.length - 1)]!;
      };
    } else if (kind === 'benar_salah') {
      const key = parseKey(kind, cellText(row.getCell(keyCol)), 0);
      if (key.error) add(keyCol, key.error);
      body = {
        jenis: 'benar_salah',
        label: { benar: 'Benar', salah: 'Salah' },
        kunci: key.error ? true : (key.kunci as boolean | null),
      };
    } else {
      const files = parseFileKinds(fileCol ? cellText(row.getCell(fileCol)) : '');
      if (files.unknown.length && fileCol)
        add(
          fileCol,
          `Jenis file tidak dikenal: ${files.unknown.join(', ')}. Pilih dari Teks, Gambar, PDF, Dokumen, Arsip atau Semua`,
        );
      body = { jenis: 'esay', jenis_file_diterima: files.kinds, kunci: cellHtml(row.getCell(keyCol)) };
    }
    const { question, errors } = finishQuestion(pertanyaan, body);
    for (const e of errors) {
      const col = e.field === 'pertanyaan' ? qCol : e.field === 'kunci' ? keyCol : optionFor(e.message);
      add(col, e.message);
    }
    if (rowProblems.length) masalah.push(...rowProblems);
    else soal.push(question);
  }
  return { soal, masalah, dilewati: [] };
}
