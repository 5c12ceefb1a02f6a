import type * as Excel from 'exceljs';
import { escapeUTF8 } from 'entities';
import {
  essayFileTypes,
  examMessages,
  type EssayFileType,
  type QuestionBody,
} from '@lms/contract/exam.rules';
import { questionKindMessages, weightsFromKeys } from '@lms/contract/question-kinds.rules';
import {
  excelTemplateKindLabels,
  questionImportMessages,
  type ExcelTemplateKind,
  type ImportProblem,
} from '@lms/contract/question-import.rules';
import { checkOfficeZip } from '../../platform/office-zip-check.ts';
import { essayFileTypeNames, optionalColumns, templateColumns } from './excel-template.ts';
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
  const answerHeaders = [...columnOf.keys()].filter((h) => /^jawaban \d+$/.test(h)).sort();
  const wrongTemplate = recognisedKind(columnOf, optionHeaders.length > 0, answerHeaders.length > 0, kind);
  if (wrongTemplate)
    return fail(
      `File ini adalah template ${excelTemplateKindLabels[wrongTemplate]}, bukan template ${label}. Pilih jenis soal yang sesuai.`,
      { baris: 1 },
    );
  const required = templateColumns[kind].filter((h) => !optionalColumns.includes(h));
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
  const keyCol = columnOf.get('kunci jawaban');
  const fileCol = columnOf.get('jenis file diterima');
  const optionCols = optionHeaders.map((h) => columnOf.get(h)!);
  const answerCols = answerHeaders.map((h) => columnOf.get(h)!);
  const numberCol = columnOf.get('jawaban');
  const toleranceCol = columnOf.get('toleransi');
  const unitCol = columnOf.get('satuan');
  const caseCol = columnOf.get('peka huruf besar');
  const used = [
    qCol,
    keyCol,
    fileCol,
    numberCol,
    toleranceCol,
    unitCol,
    caseCol,
    ...optionCols,
    ...answerCols,
  ].filter((c): c is number => c !== undefined);

  const soal: ImportedQuestion[] = [];
  const masalah: ImportProblem[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (used.every((c) => !cellText(row.getCell(c)))) continue;
    const rowProblems: ImportProblem[] = [];
    const add = (col: number, pesan: string) => rowProblems.push({ baris: r, kolom: place(col), pesan });
    const text = (col: number | undefined) => (col === undefined ? '' : cellText(row.getCell(col)));
    const pertanyaan = cellHtml(row.getCell(qCol));
    let body: QuestionBody;
    // The column a rule's message is about (its field), for the problem's place.
    let columnFor = (_field: string, _message: string) => keyCol ?? qCol;
    if (kind === 'pilihan' || kind === 'pilihan_kompleks') {
      const texts = optionCols.map((c) => cellText(row.getCell(c)));
      const lastFilled = texts.reduce((last, t, i) => (t ? i : last), -1);
      const options = texts.slice(0, lastFilled + 1);
      const pilihan = options.map((teks) => ({ teks }));
      if (kind === 'pilihan') {
        const key = parseKey(kind, text(keyCol), options.length);
        if (key.error) add(keyCol!, key.error);
        body = { jenis: 'pilihan', pilihan, kunci: key.error ? 0 : (key.kunci as number | null) };
      } else {
        const keys = parseKeys(text(keyCol), options.length);
        if ('error' in keys) add(keyCol!, keys.error);
        const right = 'error' in keys ? [0] : keys.kunci;
        body = {
          jenis: 'pilihan_kompleks',
          pilihan,
          bobot: right.length ? weightsFromKeys(options.length, right) : null,
        };
      }
      columnFor = (field, message) => {
        if (field === 'pertanyaan') return qCol;
        if (field !== 'pilihan') return keyCol!;
        const gap = options.findIndex((t) => !t);
        if (message === examMessages.optionRequired && gap >= 0) return optionCols[gap]!;
        return optionCols[Math.min(options.length, optionCols.length - 1)]!;
      };
    } else if (kind === 'benar_salah') {
      const key = parseKey(kind, text(keyCol), 0);
      if (key.error) add(keyCol!, key.error);
      body = {
        jenis: 'benar_salah',
        label: { benar: 'Benar', salah: 'Salah' },
        kunci: key.error ? true : (key.kunci as boolean | null),
      };
    } else if (kind === 'esai') {
      const files = parseFileKinds(text(fileCol));
      if (files.unknown.length && fileCol)
        add(
          fileCol,
          `Jenis file tidak dikenal: ${files.unknown.join(', ')}. Pilih dari Teks, Gambar, PDF, Dokumen, Arsip atau Semua`,
        );
      body = { jenis: 'esay', jenis_file_diterima: files.kinds, kunci: cellHtml(row.getCell(keyCol!)) };
    } else if (kind === 'isian_singkat') {
      const jawaban = [];
      for (const col of answerCols) {
        const written = text(col);
        if (!written) continue;
        const answer = parseCreditCell(written);
        if ('error' in answer) add(col, answer.error);
        else jawaban.push(answer);
      }
      const peka = parseYesNo(text(caseCol));
      if (peka === null)
        add(caseCol!, `Peka Huruf Besar "${text(caseCol)}" tidak dikenal: isi Ya atau Tidak`);
      body = { jenis: 'isian_singkat', jawaban, peka_huruf_besar: peka ?? false };
      columnFor = (field) => (field === 'pertanyaan' ? qCol : answerCols[0]!);
    } else {
      const angka = parseNumberCell(text(numberCol));
      const toleransi = text(toleranceCol) ? parseNumberCell(text(toleranceCol)) : 0;
      if (text(numberCol) && angka === null)
        add(numberCol!, `Jawaban "${text(numberCol)}" harus berupa angka`);
      if (toleransi === null) add(toleranceCol!, `Toleransi "${text(toleranceCol)}" harus berupa angka`);
      const satuan = text(unitCol);
      body = {
        jenis: 'numerik',
        jawaban: text(numberCol) ? [{ angka: angka ?? 0, toleransi: toleransi ?? 0, nilai: 100 }] : [],
        satuan: satuan ? [{ satuan, pengali: 1 }] : [],
      };
      columnFor = (field, message) =>
        field === 'pertanyaan'
          ? qCol
          : field === 'satuan'
            ? unitCol!
            : message === questionKindMessages.toleranceNegative
              ? toleranceCol!
              : numberCol!;
    }
    const { question, errors } = finishQuestion(pertanyaan, body);
    // An answer cell already named as wrong is not also reported as missing.
    const named = new Set(rowProblems.map((p) => p.kolom));
    for (const e of errors) {
      const col = e.field === 'pertanyaan' ? qCol : columnFor(e.field, e.message);
      if (e.message === questionKindMessages.acceptedAnswerRequired && named.has(place(col))) continue;
      add(col, e.message);
    }
    if (rowProblems.length) masalah.push(...rowProblems);
    else soal.push(question);
  }
  return { soal, masalah, dilewati: [] };
}

/**
 * The template kind a sheet's header row shows when it is not the chosen one (null when it fits): option
 * columns, numbered answers, Toleransi and Jenis File Diterima each belong to their kinds.
 */
function recognisedKind(
  columnOf: Map<string, number>,
  hasOptions: boolean,
  hasAnswers: boolean,
  kind: ExcelTemplateKind,
): ExcelTemplateKind | null {
  if (hasOptions && kind !== 'pilihan' && kind !== 'pilihan_kompleks') return 'pilihan';
  if (hasAnswers && kind !== 'isian_singkat') return 'isian_singkat';
  if (columnOf.has('toleransi') && kind !== 'numerik') return 'numerik';
  if (columnOf.has('jenis file diterima') && kind !== 'esai') return 'esai';
  return null;
}

/** Letters of the right options, comma separated: `A, C`. */
function parseKeys(raw: string, filled: number): { kunci: number[] } | { error: string } {
  const parts = raw
    .split(/[,;\s]+/)
    .map((p) => p.trim().replace(/\.$/, '').toUpperCase())
    .filter(Boolean);
  const last = String.fromCharCode(64 + Math.max(filled, 1));
  const indexes = parts.map((p) => (/^[A-Z]$/.test(p) ? p.charCodeAt(0) - 65 : -1));
  if (indexes.some((i) => i < 0 || i >= filled))
    return {
      error: `Kunci jawaban "${raw.trim()}" tidak valid: isi huruf pilihan yang benar (A–${last}), dipisah koma`,
    };
  return { kunci: [...new Set(indexes)].sort((a, b) => a - b) };
}

/** A number as typed in Indonesia or elsewhere: `9,8` or `9.8`; null when it is not one. */
function parseNumberCell(raw: string): number | null {
  const text = raw.trim().replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** An accepted answer, with an optional share of the mark at its end: `Kota Bandung (50%)`. */
function parseCreditCell(raw: string): { teks: string; nilai: number } | { error: string } {
  const match = /^(.*?)\s*\(\s*(\d+(?:[.,]\d+)?)\s*%\s*\)$/.exec(raw.trim());
  if (!match) return { teks: raw.trim(), nilai: 100 };
  const nilai = Number(match[2]!.replace(',', '.'));
  if (!(nilai >= 0 && nilai <= 100)) return { error: questionKindMessages.creditRange };
  return { teks: match[1]!.trim(), nilai };
}

/** Ya/Tidak (also Y/T, true/false, Benar/Salah); empty is Tidak; null when it is neither. */
function parseYesNo(raw: string): boolean | null {
  const word = raw.trim().toLowerCase();
  if (!word || ['tidak', 't', 'false', 'salah', 'no', 'n'].includes(word)) return false;
  if (['ya', 'y', 'true', 'benar', 'yes'].includes(word)) return true;
  return null;
}
