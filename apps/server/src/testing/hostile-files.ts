import JSZip from 'jszip';

/*
 * Hostile files, made when a test or the benchmark needs them (never shipped as fixtures): workbooks of
 * too many rows, zip bombs (honest about their size or lying in their directory), zips of too many
 * entries, and XML that declares entities.
 */

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const sheetNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function inlineCell(ref: string, text: string): string {
  return `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
}

/**
 * A minimal .xlsx whose one sheet has the import template's header and `rows` question rows.
 * `dimension` overrides the `<dimension ref>` the sheet declares (a lying file declares few rows).
 */
export async function manyRowsWorkbook(rows: number, options: { dimension?: string } = {}): Promise<Buffer> {
  const headers = ['No', 'Pertanyaan', 'Kunci Jawaban'];
  const parts: string[] = [
    `<row r="1">${headers.map((h, c) => inlineCell(`${String.fromCharCode(65 + c)}1`, h)).join('')}</row>`,
  ];
  for (let r = 2; r <= rows + 1; r++)
    parts.push(`<row r="${r}">${inlineCell(`B${r}`, `Soal ${r}`)}${inlineCell(`C${r}`, 'jawaban')}</row>`);
  const dimension = options.dimension ?? `A1:C${rows + 1}`;
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `${xmlHead}<workbook xmlns="${sheetNs}" xmlns:r="${relNs}"><sheets>` +
      '<sheet name="Soal" sheetId="1" r:id="rId1"/></sheets></workbook>',
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${relNs}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );
  zip.file(
    'xl/worksheets/sheet1.xml',
    `${xmlHead}<worksheet xmlns="${sheetNs}"><dimension ref="${dimension}"/>` +
      `<sheetData>${parts.join('')}</sheetData></worksheet>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/**
 * `office` (a real .xlsx or .docx) with one more entry of `unpackedBytes` zeros, which deflate to about
 * a thousandth of that. With `lieAboutSizes`, every size the zip declares says 1 KB.
 */
export async function zipBomb(
  office: Buffer,
  unpackedBytes: number,
  options: { lieAboutSizes?: boolean; entryName?: string } = {},
): Promise<Buffer> {
  const zip = await JSZip.loadAsync(office);
  zip.file(options.entryName ?? 'customXml/item9.xml', Buffer.alloc(unpackedBytes, 0x20));
  const bytes = await zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  });
  return options.lieAboutSizes ? withLyingSizes(bytes) : bytes;
}

/** Rewrites every uncompressed size in local headers and the central directory to 1,000 bytes. */
function withLyingSizes(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 46 <= out.length; i++) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50) out.writeUInt32LE(Math.min(1000, out.readUInt32LE(i + 22)), i + 22);
    else if (signature === 0x02014b50) out.writeUInt32LE(Math.min(1000, out.readUInt32LE(i + 24)), i + 24);
  }
  return out;
}

/** `office` with `count` more tiny entries. */
export async function manyEntriesZip(office: Buffer, count: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(office);
  for (let n = 0; n < count; n++) zip.file(`customXml/item${n}.xml`, '<a/>');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Moodle XML that reads a local file through an external entity. */
export const externalEntityXml =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n' +
  '<quiz><question type="essay"><name><text>&xxe;</text></name>' +
  '<questiontext format="html"><text>&xxe;</text></questiontext></question></quiz>';

/** Moodle XML with nested entities that expand to a billion characters ("billion laughs"). */
export const entityExpansionXml =
  '<?xml version="1.0"?>\n<!DOCTYPE quiz [<!ENTITY l0 "lol">' +
  Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('') +
  ']>\n<quiz><question type="essay"><questiontext><text>&l9;</text></questiontext></question></quiz>';
