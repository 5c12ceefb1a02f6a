import { documentViewableExtensions } from '@lms/contract/rich-text.rules';
import { isValidFileKey, readAll, type FileStore } from '../../platform/file-storage.ts';
import { sanitizeDocumentHtml } from '../../platform/html-sanitizer.ts';
import { checkOfficeZip } from '../../platform/office-zip-check.ts';
import { runInWorker } from '../../platform/worker-pool.ts';

/*
 * Office e-books shown in the page without any outside service: .docx through mammoth (its text,
 * headings, lists and tables as HTML) and .xlsx through ExcelJS (each sheet as a table), both sanitised.
 * No maintained JavaScript library renders .doc, .xls, .ppt or .pptx faithfully, so those stay
 * download-only. A file is converted once, in a worker thread (platform/worker-pool.ts): the result (the
 * HTML in a small JSON) is kept in the file store beside it. A file the libraries cannot read is tried
 * again on the next view; such files are rare and fail fast.
 */

/** Files larger than this are not converted (reading them would hold the server for too long). */
export const documentConversionMaxBytes = 20_000_000;
/** At most this much HTML is shown; the rest is in the download. */
const maxHtmlChars = 2_000_000;
/** Spreadsheets: at most this many sheets, rows per sheet and columns are shown. */
const maxSheets = 10;
const maxRows = 1000;
const maxColumns = 50;
/**
 * Office files are zips, and a small one may unpack to gigabytes: checked on the bytes actually
 * produced before a library reads it. A sheet of more rows than this is not read at all (ExcelJS would
 * hold all of them in memory to show the first 1,000); such a workbook is download-only.
 */
export const officeDocumentZipLimits = {
  maxUnpackedBytes: 100_000_000,
  maxEntries: 5000,
  maxSheetRows: 20_000,
};

/** Bump when the conversion changes, so documents converted before are converted again. */
const conversionVersion = 1;

/** The store key of a file's converted HTML, or undefined when the key leaves no room for it. */
function convertedKey(fileKey: string): string | undefined {
  const key = `${fileKey}_html${conversionVersion}`;
  return isValidFileKey(key) ? key : undefined;
}

/** Whether a file of this extension can be shown in the page. */
function isViewableDocument(extension: string): boolean {
  return documentViewableExtensions.includes(extension);
}

/** A converted document as stored: the HTML and whether it was cut short. */
export interface ConvertedDocument {
  html: string;
  truncated: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function convertSpreadsheet(bytes: Buffer): Promise<ConvertedDocument> {
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  let truncated = workbook.worksheets.length > maxSheets;
  const parts: string[] = [];
  for (const sheet of workbook.worksheets.slice(0, maxSheets)) {
    if (sheet.state !== 'visible') continue;
    const columns = Math.min(sheet.columnCount, maxColumns);
    const rows = Math.min(sheet.rowCount, maxRows);
    if (sheet.columnCount > maxColumns || sheet.rowCount > maxRows) truncated = true;
    parts.push(`<h3>${escapeHtml(sheet.name)}</h3>`);
    if (rows === 0 || columns === 0) {
      parts.push('<p>(Lembar kosong)</p>');
      continue;
    }
    const body: string[] = [];
    for (let r = 1; r <= rows; r++) {
      const row = sheet.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= columns; c++) cells.push(`<td>${escapeHtml(row.getCell(c).text ?? '')}</td>`);
      body.push(`<tr>${cells.join('')}</tr>`);
    }
    parts.push(`<table><tbody>${body.join('')}</tbody></table>`);
  }
  return { html: parts.join(''), truncated };
}

async function convertWordDocument(bytes: Buffer): Promise<ConvertedDocument> {
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: mammoth } = await import('mammoth');
  // Embedded images would arrive as data URLs, which the sanitiser drops anyway: leave them out.
  const result = await mammoth.convertToHtml(
    { buffer: bytes },
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  );
  return { html: result.value, truncated: false };
}

/**
 * The document as sanitised HTML, converted on first use and kept in the store (keyed by the file's
 * key); undefined when it cannot be shown (another format, too large, unreadable).
 */
export async function readDocumentHtml(
  files: FileStore,
  file: { key: string; extension: string; size: number; collegeId: string },
): Promise<ConvertedDocument | undefined> {
  if (!isViewableDocument(file.extension) || file.size > documentConversionMaxBytes) return undefined;
  const cacheKey = convertedKey(file.key);
  const cached = cacheKey ? await files.get(cacheKey) : undefined;
  if (cached) return JSON.parse((await readAll(cached.stream)).toString('utf8')) as ConvertedDocument;
  const original = await files.get(file.key);
  if (!original) return undefined;
  const bytes = await readAll(original.stream);
  let result: ConvertedDocument | undefined;
  try {
    result = await runInWorker('convertOfficeDocument', { bytes, extension: file.extension });
  } catch {
    // Over the worker's time or memory: download only.
    return undefined;
  }
  if (!result) return undefined;
  if (cacheKey) {
    await files.put(Buffer.from(JSON.stringify(result)), {
      collegeId: file.collegeId,
      contentType: 'application/json',
      key: cacheKey,
      private: true,
      // No row names the cache: the file sweep keeps it while the document's own file is referenced.
      derivedFrom: file.key,
    });
  }
  return result;
}

/**
 * Converts a docx or xlsx to sanitised HTML; undefined when it is over the zip limits or unreadable.
 * Runs in the worker thread (worker-tasks.ts): unpacking, parsing and sanitising take seconds on large
 * files.
 */
export async function convertOfficeDocument(input: {
  bytes: Uint8Array;
  extension: string;
}): Promise<ConvertedDocument | undefined> {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const zip = await checkOfficeZip(bytes, officeDocumentZipLimits);
  if (!zip.ok) return undefined;
  let converted: ConvertedDocument;
  try {
    converted =
      input.extension === 'docx' ? await convertWordDocument(bytes) : await convertSpreadsheet(bytes);
  } catch {
    // A file that passed the content check but that the library cannot read: download only.
    return undefined;
  }
  let html = sanitizeDocumentHtml(converted.html);
  let truncated = converted.truncated;
  if (html.length > maxHtmlChars) {
    // Cut at a tag boundary and sanitise again, which closes what was left open.
    html = sanitizeDocumentHtml(html.slice(0, html.lastIndexOf('<', maxHtmlChars)));
    truncated = true;
  }
  return { html, truncated };
}

/** Deletes a material's file and what was converted from it. */
export async function deleteMaterialFile(files: FileStore, fileKey: string): Promise<void> {
  await files.delete(fileKey);
  const cacheKey = convertedKey(fileKey);
  if (cacheKey) await files.delete(cacheKey);
}
