import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/*
 * Office Open XML files (xlsx, docx, pptx) are zips. The libraries that read them (ExcelJS, mammoth)
 * unpack whole entries into memory and trust nothing but what the zip says, so before they see a file
 * it is unpacked once as a stream, keeping none of it: the bytes actually produced are counted (the
 * sizes the zip declares may lie), and worksheets' rows are counted as they pass.
 */

export interface OfficeZipLimits {
  /** Bytes produced by unpacking every entry, counted on the output. */
  maxUnpackedBytes: number;
  /** Entries in the zip (an Office file has a few dozen; a zip of a million empty entries is a bomb too). */
  maxEntries: number;
  /** Rows of any worksheet (`xl/worksheets/*.xml`), by its `<dimension>` and by its `<row>` elements. */
  maxSheetRows?: number;
}

export type OfficeZipCheck =
  | { ok: true; unpackedBytes: number; entries: number }
  | { ok: false; refused: 'unreadable' | 'too_many_entries' | 'too_large' }
  | { ok: false; refused: 'too_many_rows'; rows: number };

const sheetPattern = /^xl\/worksheets\/[^/]+\.xml$/i;
const rowTag = Buffer.from('<row');
/** After `<row` comes a space, `>` or `/` (not `<rowBreaks>`). ExcelJS reads no prefixed `<x:row`. */
const afterRowTag = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e, 0x2f]);

/** The last row of a `<dimension ref="A1:K2001"/>`, when the sheet's first bytes declare one. */
function declaredLastRow(head: string): number | undefined {
  const ref = /<(?:\w+:)?dimension\s+ref="[A-Z]*\d*:?[A-Z]*(\d+)"/i.exec(head)?.[1];
  return ref ? Number(ref) : undefined;
}

/**
 * Counts `<row` tags in `carry` + `chunk`. A tag counts once the byte after it is there; the last four
 * bytes are carried to the next chunk, and a tag starting in them was not counted yet.
 */
function countRows(chunk: Buffer, carry: Buffer): { rows: number; carry: Buffer } {
  const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
  let rows = 0;
  for (let at = data.indexOf(rowTag); at >= 0 && at + rowTag.length < data.length;) {
    if (afterRowTag.has(data[at + rowTag.length]!)) rows += 1;
    at = data.indexOf(rowTag, at + 1);
  }
  return { rows, carry: Buffer.from(data.subarray(Math.max(0, data.length - rowTag.length))) };
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    );
  });
}

/** Unpacks `bytes` as a zip without keeping the output, and says whether it stays within `limits`. */
export async function checkOfficeZip(bytes: Buffer, limits: OfficeZipLimits): Promise<OfficeZipCheck> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    return { ok: false, refused: 'unreadable' };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return { ok: false, refused: 'too_many_entries' };
  }
  let produced = 0;
  let entries = 0;
  try {
    return await new Promise<OfficeZipCheck>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve({ ok: true, unpackedBytes: produced, entries }));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        if (entries > limits.maxEntries) return resolve({ ok: false, refused: 'too_many_entries' });
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        const isSheet = limits.maxSheetRows !== undefined && sheetPattern.test(entry.fileName);
        openEntry(zip, entry).then((stream) => {
          let rows = 0;
          let carry: Buffer = Buffer.alloc(0);
          let head = '';
          let done = false;
          const stop = (result: OfficeZipCheck) => {
            done = true;
            stream.destroy();
            resolve(result);
          };
          stream.on('data', (chunk: Buffer) => {
            if (done) return;
            produced += chunk.length;
            if (produced > limits.maxUnpackedBytes) return stop({ ok: false, refused: 'too_large' });
            if (!isSheet) return;
            const maxRows = limits.maxSheetRows!;
            if (head.length < 4096) {
              head += chunk.subarray(0, 4096).toString('latin1');
              const declared = declaredLastRow(head);
              if (declared !== undefined && declared > maxRows)
                return stop({ ok: false, refused: 'too_many_rows', rows: declared });
            }
            const counted = countRows(chunk, carry);
            rows += counted.rows;
            carry = counted.carry;
            if (rows > maxRows) stop({ ok: false, refused: 'too_many_rows', rows });
          });
          stream.on('error', (error) => !done && reject(error));
          stream.on('end', () => {
            if (done) return;
            zip.readEntry();
          });
        }, reject);
      });
      zip.readEntry();
    });
  } catch {
    // A broken entry, an unknown compression method, or more bytes than the entry declares.
    return { ok: false, refused: 'unreadable' };
  } finally {
    zip.close();
  }
}
