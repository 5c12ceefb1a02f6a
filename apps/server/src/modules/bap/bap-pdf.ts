import type { BapReport, ReportMeeting, ReportSigner } from './bap-report.ts';

type Doc = PDFKit.PDFDocument;

const margin = 40;
const footerSpace = 28;
const fontSize = 9;
const pad = 3;
const headerFill = '#e8eef7';
const lineColor = '#8c8c8c';

interface Column {
  header: string;
  /** A share of the content width. */
  share: number;
}

/** The college's logo (the uploaded image, or its initials in a circle) with its name beside it. */
function drawLetterhead(doc: Doc, report: BapReport): void {
  const { college } = report;
  const top = doc.y;
  const size = 46;
  if (college.logo) {
    try {
      doc.image(college.logo, margin, top, { fit: [size, size] });
    } catch {
      drawInitials(doc, report, top, size);
    }
  } else drawInitials(doc, report, top, size);
  const x = margin + size + 12;
  const width = doc.page.width - margin - x;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#000')
    .text(college.nama, x, top + 4, { width });
  if (college.alamat)
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor('#444')
      .text(college.alamat, x, doc.y + 1, { width });
  const bottom = Math.max(top + size, doc.y) + 6;
  doc
    .moveTo(margin, bottom)
    .lineTo(doc.page.width - margin, bottom)
    .lineWidth(1.2)
    .strokeColor('#000')
    .stroke();
  doc.fillColor('#000').x = margin;
  doc.y = bottom + 10;
}

function drawInitials(doc: Doc, report: BapReport, top: number, size: number): void {
  const r = size / 2;
  doc.circle(margin + r, top + r, r).fill(report.college.logoColor);
  doc
    .circle(margin + r, top + r, r - 4)
    .lineWidth(1)
    .strokeColor('#ffffff')
    .stroke();
  const text = report.college.initials;
  doc
    .font('Helvetica-Bold')
    .fontSize(text.length > 2 ? 13 : 17)
    .fillColor('#ffffff');
  const h = doc.currentLineHeight();
  doc.text(text, margin, top + r - h / 2 + 1, { width: size, align: 'center', lineBreak: false });
  doc.fillColor('#000');
}

function contentWidth(doc: Doc): number {
  return doc.page.width - margin * 2;
}

function bottomLimit(doc: Doc): number {
  return doc.page.height - margin - footerSpace;
}

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) {
    doc.addPage();
  }
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 40);
  doc.moveDown(0.6);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000')
    .text(text, margin, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

/** How many of a table's last rows go with what follows it (the signature block), never onto a page alone. */
const rowsKeptWithSignature = 2;

/**
 * Where a table's last rows start and whether they must begin a new page: the last `keep` rows and the
 * `after` points that follow them share a page (issue 45: a BAP's second page held only the signature).
 * A break is wanted only when they do not fit below `y` and would fit on a fresh page below the header.
 */
export function keepTogetherBreak(input: {
  y: number;
  bottom: number;
  pageTop: number;
  headerHeight: number;
  tailRowHeights: number[];
  after: number;
}): boolean {
  const needed = input.tailRowHeights.reduce((sum, h) => sum + h, 0) + input.after;
  const fresh = input.bottom - input.pageTop - input.headerHeight;
  return input.after > 0 && input.y + needed > input.bottom && needed <= fresh;
}

/**
 * A table whose header row is repeated on every page it runs onto. `after` is the height of what must
 * follow the table on the same page as its last rows (the signature block), 0 for nothing. Drawn with text and lines rather than
 * pdfkit's table helper: a report has thousands of rows and the helper cost ~100 MB of heap and 0.6 s per
 * 17-page report; this costs a fraction of both.
 */
function drawTable(doc: Doc, columns: Column[], rows: string[][], after = 0): void {
  const total = columns.reduce((sum, c) => sum + c.share, 0);
  const tableWidth = contentWidth(doc);
  const widths = columns.map((c) => (tableWidth * c.share) / total);
  /**
   * Each cell's height and whether it fits on one line. A one-line cell is drawn without pdfkit's line
   * wrapper: the wrapper runs Unicode line breaking character by character and was most of the garbage of
   * a detailed report (~60 MB for its ~700 cells), which grew the server's memory during a period zip.
   */
  const layoutRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    const lineHeight = doc.currentLineHeight(true);
    const oneLine = cells.map(
      (text, i) => !text.includes('\n') && doc.widthOfString(text) <= widths[i]! - pad * 2,
    );
    const heights = cells.map((text, i) =>
      oneLine[i] ? lineHeight : doc.heightOfString(text || ' ', { width: widths[i]! - pad * 2 }),
    );
    return { oneLine, height: Math.max(...heights) + pad * 2 };
  };
  const drawRow = (cells: string[], bold: boolean, layout = layoutRow(cells, bold)) => {
    const { height, oneLine } = layout;
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    if (bold) doc.rect(margin, top, tableWidth, height).fill(headerFill);
    doc.fillColor('#000');
    let x = margin;
    cells.forEach((text, i) => {
      if (oneLine[i]) doc.text(text, x + pad, top + pad, { lineBreak: false });
      else doc.text(text, x + pad, top + pad, { width: widths[i]! - pad * 2 });
      x += widths[i]!;
    });
    doc.lineWidth(0.5).strokeColor(lineColor).rect(margin, top, tableWidth, height);
    x = margin;
    for (const width of widths.slice(0, -1)) {
      x += width;
      doc.moveTo(x, top).lineTo(x, top + height);
    }
    doc.stroke();
    doc.x = margin;
    doc.y = top + height;
  };
  const header = columns.map((c) => c.header);
  const headerLayout = layoutRow(header, true);
  // The last rows are laid out ahead: they decide whether they move to the next page with the signature.
  const tailStart = after > 0 ? Math.max(0, rows.length - rowsKeptWithSignature) : rows.length;
  const tail = rows.slice(tailStart).map((cells) => layoutRow(cells, false));
  const tailBreak = () =>
    keepTogetherBreak({
      y: doc.y,
      bottom: bottomLimit(doc),
      pageTop: margin,
      headerHeight: headerLayout.height,
      tailRowHeights: tail.map((t) => t.height),
      after,
    });
  if (tailStart === 0 && tailBreak()) doc.addPage();
  else ensureSpace(doc, headerLayout.height + (tail[0] ?? layoutRow(rows[0] ?? [''], false)).height);
  drawRow(header, true, headerLayout);
  rows.forEach((cells, i) => {
    const layout = i >= tailStart ? tail[i - tailStart]! : layoutRow(cells, false);
    if ((i === tailStart && i > 0 && tailBreak()) || doc.y + layout.height > bottomLimit(doc)) {
      doc.addPage();
      drawRow(header, true, headerLayout);
    }
    drawRow(cells, false, layout);
  });
  doc.x = margin;
  doc.font('Helvetica').fontSize(fontSize);
}

function keyValues(doc: Doc, pairs: Array<[string, string]>): void {
  const labelWidth = 110;
  for (const [label, value] of pairs) {
    ensureSpace(doc, 14);
    const y = doc.y;
    doc.font('Helvetica').fontSize(fontSize).text(label, margin, y, { width: labelWidth });
    doc.text(':', margin + labelWidth, y, { width: 8 });
    doc
      .font('Helvetica-Bold')
      .text(value, margin + labelWidth + 10, y, { width: contentWidth(doc) - labelWidth - 10 });
    doc.y = Math.max(doc.y, y + 12);
  }
  doc.font('Helvetica');
}

function classReport(doc: Doc, report: BapReport, after: number): void {
  heading(doc, 'Laporan Kelas');
  if (report.meetings.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(fontSize)
      .text('Belum ada pertemuan yang dilaksanakan untuk laporan ini.', margin);
    return;
  }
  drawTable(
    doc,
    [
      { header: 'Pert.', share: 5 },
      { header: 'Tanggal dan Waktu', share: 16 },
      { header: 'Materi / Judul', share: 22 },
      { header: 'Metode', share: 11 },
      { header: 'Kehadiran Dosen', share: 30 },
      { header: 'Hadir', share: 9 },
    ],
    report.meetings.map((m) => [
      String(m.nomor),
      `${m.tanggal}\n${m.waktu}`,
      m.judul,
      m.metode,
      m.dosen.length ? m.dosen.join('\n') : 'Belum diisi',
      `${m.hadir} dari ${m.peserta}`,
    ]),
    after,
  );
}

function meetingDetail(doc: Doc, meeting: ReportMeeting, after: number): void {
  heading(doc, `Pertemuan ${meeting.nomor}: ${meeting.judul}`);
  doc
    .font('Helvetica')
    .fontSize(fontSize)
    .text(
      `${meeting.tanggal}, ${meeting.waktu} · ${meeting.metode} · Hadir ${meeting.hadir} dari ${meeting.peserta} peserta`,
      margin,
      doc.y,
      {
        width: contentWidth(doc),
      },
    );
  doc.moveDown(0.4);
  if (meeting.mahasiswa.length === 0) {
    doc.font('Helvetica-Oblique').text('Tidak ada peserta pada kelas ini.', margin);
    return;
  }
  drawTable(
    doc,
    [
      { header: 'No', share: 5 },
      { header: 'NIM', share: 14 },
      { header: 'Nama', share: 35 },
      { header: 'Kehadiran', share: 12 },
      { header: 'Cara Pemberian', share: 34 },
    ],
    meeting.mahasiswa.map((s, i) => [String(i + 1), s.nim, s.nama, s.presensi, s.cara]),
    after,
  );
}

const signersPerRow = 3;
const signerHeight = 92;
/** The printing date above the signers, with its space. */
const signatureLead = 30;

/** The height of the whole signature block (0 without one): the date and each row of signers. */
function signatureHeight(report: BapReport): number {
  if (!report.signers) return 0;
  const rows = Math.ceil((1 + report.signers.dosen.length) / signersPerRow);
  return signatureLead + rows * (signerHeight + 14);
}

function signatureBlock(doc: Doc, report: BapReport): void {
  if (!report.signers) return;
  const signers: ReportSigner[] = [report.signers.kepala, ...report.signers.dosen];
  const perRow = signersPerRow;
  const width = contentWidth(doc) / perRow;
  const blockHeight = signerHeight;
  // The whole block on one page when it fits there (the table before it kept its last rows for it).
  const whole = signatureHeight(report);
  ensureSpace(doc, whole <= bottomLimit(doc) - margin ? whole : signatureLead + blockHeight);
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(fontSize)
    .text(report.tanggalCetak, margin, doc.y, { width: contentWidth(doc), align: 'right' });
  doc.moveDown(0.8);
  for (let i = 0; i < signers.length; i += perRow) {
    ensureSpace(doc, blockHeight);
    const top = doc.y;
    signers.slice(i, i + perRow).forEach((s, j) => {
      const x = margin + j * width;
      const w = width - 10;
      doc
        .font('Helvetica')
        .fontSize(fontSize)
        .text(i + j === 0 ? `Mengetahui,\n${s.peran}` : `\n${s.peran}`, x, top, {
          width: w,
          align: 'center',
        });
      doc
        .moveTo(x + 15, top + 72)
        .lineTo(x + w - 15, top + 72)
        .lineWidth(0.5)
        .strokeColor('#000')
        .stroke();
      doc.font('Helvetica-Bold').text(s.nama, x, top + 75, { width: w, align: 'center' });
      doc.font('Helvetica').text(s.nomor, x, doc.y, { width: w, align: 'center' });
    });
    doc.y = top + blockHeight + 14;
  }
}

/** The parts of pdfkit's standard font this file uses to write a footer's text itself. */
interface StandardFont {
  id: string;
  ref(): PDFKit.PDFKitReference;
  widthOfString(text: string, size: number): number;
  encode(text: string): [string[], unknown];
}

const footerSize = 7.5;
const footerNumberWidth = 90;

/**
 * The foot of every page: the printing note and "Halaman X dari Y". Pages are not buffered — each page's
 * content is written out as soon as the next one begins, so a long report never holds all its pages (holding
 * them made a detailed report's content survive into the old heap and grew the server's memory during a
 * period zip). The total is known only at the end, so each page shows a small form (XObject) placed when the
 * page begins and written when the document ends.
 */
function pageFooters(doc: Doc, report: BapReport) {
  doc.font('Helvetica');
  // pdfkit keeps the current font on the document; its standard font encodes text and measures it.
  const font = (doc as unknown as { _font: StandardFont })._font;
  const forms: PDFKit.PDFKitReference[] = [];
  const width = contentWidth(doc);
  const place = () => {
    const form = doc.ref({
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, -4, width, 10],
      Resources: { Font: { [font.id]: font.ref() } },
    });
    const name = `Foot${forms.length + 1}`;
    forms.push(form);
    (doc.page as unknown as { xobjects: Record<string, PDFKit.PDFKitReference> }).xobjects[name] = form;
    // pdfkit draws with the y axis pointing down; the form's text is upright with its baseline at 0.
    const baseline = doc.page.height - margin - 10 + footerSize * 0.75;
    doc.addContent(`q 1 0 0 -1 ${margin} ${baseline} cm /${name} Do Q`);
  };
  const text = (value: string, x: number) =>
    `BT /${font.id} ${footerSize} Tf ${x.toFixed(2)} 0 Td <${font.encode(value)[0].join('')}> Tj ET`;
  const fit = (value: string, room: number) => {
    let result = value;
    while (result.length > 1 && font.widthOfString(result, footerSize) > room)
      result = result.slice(0, -2) + '…';
    return result;
  };
  place();
  doc.on('pageAdded', place);
  return () => {
    doc.removeListener('pageAdded', place);
    const note = fit(
      `${report.college.nama} · ${report.kelas.mataKuliah} ${report.kelas.kelas} · Dicetak ${report.tanggalCetak}`,
      width - footerNumberWidth,
    );
    forms.forEach((form, i) => {
      const number = `Halaman ${i + 1} dari ${forms.length}`;
      const right = width - font.widthOfString(number, footerSize);
      form.end(`q 0.333 0.333 0.333 rg ${text(note, 0)} ${text(number, right)} Q`);
    });
  };
}

/**
 * Renders a class's BAP as a PDF (pdfkit): letterhead with the college's logo and name, the class data,
 * the class report, the per-meeting detail, the signature block, and page numbers. The document is a
 * readable stream; it ends once written.
 */
export async function renderBapPdf(report: BapReport): Promise<Doc> {
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, left: margin, right: margin, bottom: margin },
    info: {
      Title: `${report.judul} ${report.kelas.mataKuliah} ${report.kelas.kelas}`,
      Author: report.college.nama,
      Subject: report.subjudul,
    },
  });
  const finishFooters = pageFooters(doc, report);
  drawLetterhead(doc, report);
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(report.judul, margin, doc.y, { width: contentWidth(doc), align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(report.subjudul, { width: contentWidth(doc), align: 'center' });
  doc.moveDown(0.8);
  keyValues(doc, [
    ['Mata Kuliah', `${report.kelas.mataKuliah} (${report.kelas.sks} SKS)`],
    ['Kelas', report.kelas.kelas],
    ['Program Studi', report.kelas.prodi],
    ['Periode', report.kelas.periode],
    ['Mode / Metode', `${report.kelas.modeKuliah} · ${report.kelas.metodePengajaran}`],
    ['Pengajar', report.pengajar.join('\n') || '-'],
    ['Jumlah Peserta', String(report.kelas.jumlahPeserta)],
    ['Pertemuan Dilaksanakan', String(report.meetings.length)],
  ]);
  // What follows the last table on its page: the signature block (issue 45: never on a page alone).
  const signature = signatureHeight(report);
  if (report.includeKelas) classReport(doc, report, report.includeDetail ? 0 : signature);
  if (report.includeDetail) {
    if (report.includeKelas) doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text('Laporan Detail Pertemuan', margin, doc.y, { width: contentWidth(doc) });
    if (report.meetings.length === 0) {
      doc
        .font('Helvetica-Oblique')
        .fontSize(fontSize)
        .text('Belum ada pertemuan yang dilaksanakan untuk laporan ini.', margin);
    }
    report.meetings.forEach((meeting, i) =>
      meetingDetail(doc, meeting, i === report.meetings.length - 1 ? signature : 0),
    );
  }
  signatureBlock(doc, report);
  finishFooters();
  doc.end();
  return doc;
}

/**
 * The worker thread's task (worker-tasks.ts): the PDF's bytes. A large class's report takes seconds to
 * draw; in the worker, the instance's event loop keeps answering meanwhile. The logo crosses threads as a
 * Uint8Array, which pdfkit reads only as a Buffer.
 */
export async function renderBapPdfTask(report: BapReport): Promise<Uint8Array> {
  const { logo } = report.college;
  const doc = await renderBapPdf({
    ...report,
    college: { ...report.college, logo: logo && Buffer.from(logo.buffer, logo.byteOffset, logo.byteLength) },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of doc as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
