import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/*
 * Rows of every worksheet of an .xlsx as text, read as a stream: ExcelJS's whole-workbook reader needs
 * more than a parse worker's heap for a semester (160,000 rows), and its streaming reader leaves shared
 * strings unresolved in files that list worksheets first (as ExcelJS writes them). The zip has passed
 * checkOfficeZip's bounds before this reads it. Cells keep what the file stores: shared and inline
 * strings as text, numbers (dates as Excel serials) as written, booleans as 1/0.
 */

export interface XlsxSheetRows {
  name: string;
  rows: { baris: number; cells: string[] }[];
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: true }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    ),
  );
}

async function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    ),
  );
}

/** Feeds an entry's text to `take` in pieces; `take` answers how much of its input it consumed. */
async function streamText(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  take: (text: string, last: boolean) => number,
) {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of await openEntry(zip, entry)) {
    pending += decoder.write(chunk as Buffer);
    pending = pending.slice(take(pending, false));
  }
  pending += decoder.end();
  take(pending, true);
}

async function readText(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<string> {
  if (!entry) return '';
  let text = '';
  await streamText(zip, entry, (piece, last) => {
    if (last) text = piece;
    return 0;
  });
  return text;
}

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return entities[name] ?? whole;
  });
}

const attribute = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

/** The text of `<t>` elements (phonetic runs left out), unescaped. */
function textOf(xml: string): string {
  const plain = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let out = '';
  for (const m of plain.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) out += m[1];
  return unescapeXml(out);
}

function columnIndex(ref: string | undefined): number | undefined {
  const letters = ref ? /^[A-Z]+/.exec(ref)?.[0] : undefined;
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

const rowPattern = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
const cellPattern = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

function readRows(xml: string, shared: string[], into: XlsxSheetRows['rows'], next: { baris: number }) {
  for (const row of xml.matchAll(rowPattern)) {
    const baris = Number(attribute(row[1]!, 'r') ?? next.baris);
    next.baris = baris + 1;
    const cells: string[] = [];
    let at = 0;
    for (const cell of (row[2] ?? '').matchAll(cellPattern)) {
      const col = columnIndex(attribute(cell[1]!, 'r')) ?? at;
      at = col + 1;
      const type = attribute(cell[1]!, 't');
      const body = cell[2] ?? '';
      const v = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value = '';
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') value = textOf(body);
      else if (v !== undefined) value = unescapeXml(v);
      cells[col] = value.trim();
    }
    into.push({ baris, cells: Array.from(cells, (c) => c ?? '') });
  }
}

/** Hands every worksheet's rows to `onSheet`, in the workbook's order, named as the workbook names them. */
export async function readXlsxRows(bytes: Buffer, onSheet: (sheet: XlsxSheetRows) => void): Promise<void> {
  const zip = await openZip(bytes);
  try {
    const entries = await listEntries(zip);
    const shared: string[] = [];
    const sharedEntry = entries.get('xl/sharedStrings.xml');
    if (sharedEntry)
      await streamText(zip, sharedEntry, (text, last) => {
        const end = last ? text.length : text.lastIndexOf('</si>') + '</si>'.length;
        if (end < '</si>'.length) return 0;
        for (const si of text.slice(0, end).matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>|<si\b[^>]*\/>/g))
          shared.push(textOf(si[1] ?? ''));
        return end;
      });
    const rels = new Map<string, string>();
    for (const m of (await readText(zip, entries.get('xl/_rels/workbook.xml.rels'))).matchAll(
      /<Relationship\b([^>]*)\/?>/g,
    )) {
      const id = attribute(m[1]!, 'Id');
      const target = attribute(m[1]!, 'Target');
      if (id && target) rels.set(id, target.replace(/^\/?(xl\/)?/, 'xl/'));
    }
    const sheets: { name: string; path: string }[] = [];
    for (const m of (await readText(zip, entries.get('xl/workbook.xml'))).matchAll(/<sheet\b([^>]*)\/?>/g)) {
      const path = rels.get(attribute(m[1]!, 'r:id') ?? '');
      if (path) sheets.push({ name: unescapeXml(attribute(m[1]!, 'name') ?? ''), path });
    }
    for (const sheet of sheets) {
      const entry = entries.get(sheet.path);
      if (!entry) continue;
      const rows: XlsxSheetRows['rows'] = [];
      const next = { baris: 1 };
      await streamText(zip, entry, (text, last) => {
        const end = last ? text.length : text.lastIndexOf('</row>') + '</row>'.length;
        if (end < '</row>'.length) return 0;
        readRows(text.slice(0, end), shared, rows, next);
        return end;
      });
      onSheet({ name: sheet.name, rows });
    }
  } finally {
    zip.close();
  }
}
