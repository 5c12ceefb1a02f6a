import type * as Excel from 'exceljs';
import {
  feeHoldImportLimits,
  feeHoldImportMessages,
  feeHoldStatusProblem,
} from '@lms/contract/access-restriction.schema';
import { checkOfficeZip } from '../../platform/office-zip-check.ts';

/*
 * The finance office's list of students with unpaid fees: an .xlsx or .csv whose first row names the
 * columns. `NIM` is required; `Status` (Tunggakan / Lunas; empty = Tunggakan) and `Keterangan` are
 * optional. The first filled row is the header; a sheet whose first cell is already a NIM (no header) is
 * read as one column of NIMs. One bad row means nothing is imported; a NIM listed twice keeps its last
 * row's status and note, and `baris` names its first row (where the operator looks first).
 */

export interface FeeHoldImportRow {
  nim: string;
  tunggakan: boolean;
  keterangan: string;
  /** The row of the file (1-based, as Excel numbers it) where the NIM first appears. */
  baris: number;
}

export type ParsedFeeHoldImport = { ok: true; rows: FeeHoldImportRow[] } | { ok: false; pesan: string };

const cfbSignature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const heldWords = new Set(['', 'tunggakan', 'menunggak', 'belum lunas', 'ya', 'y', '1', 'true']);
const clearedWords = new Set(['lunas', 'bebas', 'tidak', 't', 'n', '0', 'false', 'hapus']);

const fail = (pesan: string): ParsedFeeHoldImport => ({ ok: false, pesan });
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const looksLikeNim = (text: string) => /^[0-9A-Za-z.\-/]{4,50}$/.test(text) && /\d/.test(text);

/**
 * Reads a table (first filled row: headers, or already a NIM) into import rows. `table[i]` is row i + 1
 * of the file; blank rows may be empty or holes, so row numbers match the file.
 */
export function readFeeHoldTable(table: (string[] | undefined)[]): ParsedFeeHoldImport {
  const headAt = Math.max(
    0,
    table.findIndex((r) => r?.some((v) => v.trim())),
  );
  const first = (table[headAt] ?? []).map(normalise);
  let nimAt = first.findIndex((h) => h === 'nim' || h === 'nomor induk mahasiswa');
  let start = headAt + 1;
  if (nimAt < 0) {
    if (!looksLikeNim((table[headAt]?.[0] ?? '').trim())) return fail(feeHoldImportMessages.noNimColumn);
    nimAt = 0;
    start = headAt;
  }
  const hasHeader = start > headAt;
  const statusAt = hasHeader ? first.findIndex((h) => h === 'status' || h === 'tunggakan') : -1;
  const noteAt = hasHeader ? first.indexOf('keterangan') : -1;
  const byNim = new Map<string, FeeHoldImportRow>();
  for (let i = start; i < table.length; i += 1) {
    const cells = table[i] ?? [];
    const nim = (cells[nimAt] ?? '').trim();
    if (!nim) continue;
    const rowNumber = i + 1;
    if (nim.length > 50) return fail(`Baris ${rowNumber}: NIM lebih dari 50 karakter.`);
    const status = statusAt >= 0 ? (cells[statusAt] ?? '').trim() : '';
    const word = normalise(status);
    if (!heldWords.has(word) && !clearedWords.has(word)) return fail(feeHoldStatusProblem(rowNumber, status));
    const keterangan = noteAt >= 0 ? (cells[noteAt] ?? '').replace(/\s+/g, ' ').trim() : '';
    if (keterangan.length > 200) return fail(`Baris ${rowNumber}: keterangan maksimal 200 karakter.`);
    const baris = byNim.get(nim)?.baris ?? rowNumber;
    byNim.delete(nim);
    byNim.set(nim, { nim, tunggakan: heldWords.has(word), keterangan, baris });
  }
  if (byNim.size === 0) return fail(feeHoldImportMessages.noRows);
  return { ok: true, rows: [...byNim.values()] };
}

/** UTF-8 (with or without BOM), else Windows-1252 (Excel's "CSV" on Windows), so names survive. */
function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/**
 * CSV with `,`, `;` (Excel in Indonesian locale) or tab, chosen by the first filled line; quotes as RFC 4180.
 * Record i lands at index i, a blank record as a hole, so row numbers match the file as Excel opens it;
 * only filled rows count towards `maxRows`.
 */
export function parseCsv(text: string, maxRows: number): (string[] | undefined)[] | 'too_many_rows' {
  const firstLine = /^.*\S.*$/m.exec(text)?.[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const rows: (string[] | undefined)[] = [];
  let filled = 0;
  let record = 0;
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      cell = '';
      if (row.some((v) => v.trim())) {
        rows[record] = row;
        filled += 1;
      }
      record += 1;
      row = [];
      if (filled > maxRows + 1) return 'too_many_rows';
    } else cell += c;
  }
  row.push(cell);
  if (row.some((v) => v.trim())) {
    rows[record] = row;
    filled += 1;
  }
  return filled > maxRows + 1 ? 'too_many_rows' : rows;
}

async function readWorkbook(buffer: Buffer): Promise<string[][] | ParsedFeeHoldImport> {
  const zip = await checkOfficeZip(buffer, {
    maxUnpackedBytes: feeHoldImportLimits.maxUnpackedBytes,
    maxEntries: 200,
    maxSheetRows: feeHoldImportLimits.maxRows + 1,
  });
  if (!zip.ok) {
    if (zip.refused === 'too_many_rows') return fail(feeHoldImportMessages.tooManyRows);
    if (zip.refused === 'too_large') return fail(feeHoldImportMessages.unpackedTooLarge);
    return fail(feeHoldImportMessages.unreadable);
  }
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    return fail(feeHoldImportMessages.unreadable);
  }
  const sheet: Excel.Worksheet | undefined = book.worksheets[0];
  if (!sheet) return fail(feeHoldImportMessages.unreadable);
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = (cell.text ?? '').trim();
    });
    table[rowNumber - 1] = Array.from(cells, (v) => v ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

/** Reads an import file (.xlsx by its signature, otherwise text as CSV) within the import's bounds. */
export async function parseFeeHoldImport(buffer: Buffer): Promise<ParsedFeeHoldImport> {
  if (buffer.length === 0) return fail(feeHoldImportMessages.noRows);
  if (buffer.length > feeHoldImportLimits.maxBytes) return fail(feeHoldImportMessages.tooLarge);
  if (buffer.subarray(0, 8).equals(cfbSignature)) return fail(feeHoldImportMessages.xlsUnsupported);
  let table: (string[] | undefined)[];
  if (buffer.subarray(0, 4).equals(zipSignature)) {
    const read = await readWorkbook(buffer);
    if (!Array.isArray(read)) return read;
    table = read;
  } else {
    // A text file: refuse binary content (NUL bytes, as in images or PDFs) rather than guess at it.
    if (buffer.includes(0)) return fail(feeHoldImportMessages.unreadable);
    const csv = parseCsv(decodeText(buffer), feeHoldImportLimits.maxRows);
    if (csv === 'too_many_rows') return fail(feeHoldImportMessages.tooManyRows);
    table = csv;
  }
  // Filled rows only: blank rows keep their place (for row numbers) but are not data.
  const filled = table.reduce((n, r) => n + (r?.some((v) => v) ? 1 : 0), 0);
  if (filled > feeHoldImportLimits.maxRows + 1) return fail(feeHoldImportMessages.tooManyRows);
  return readFeeHoldTable(table);
}

/** The worker thread's side: the buffer arrives as a Uint8Array. */
export async function readFeeHoldImportTask(bytes: Uint8Array): Promise<ParsedFeeHoldImport> {
  return parseFeeHoldImport(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
