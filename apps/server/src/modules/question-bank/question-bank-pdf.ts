import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';
import { questionKindLabels, type QuestionBody } from '@lms/contract/exam.rules';
import {
  matchingChoices,
  type AcceptedAnswer,
  type ExtraQuestionBody,
} from '@lms/contract/question-kinds.rules';
import { questionBankMessages } from '@lms/contract/question-bank.rules';
import type { FileStore } from '../../platform/file-storage.ts';
import { fileKeyOfUrl } from '../../platform/file-url.ts';

type Doc = PDFKit.PDFDocument;
interface PdfImage {
  width: number;
  height: number;
}

/** One inch: the page margin of spec 3 §5 "Download". */
const inch = 72;
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * DejaVu Sans, shipped as a dependency: Indonesian text is Latin, but questions carry math-like symbols
 * (≤ ≥ ≠ √ π ∑ ²) that the standard PDF fonts cannot show, and a server may have no system fonts.
 */
const fontOf = createRequire(import.meta.url);
const unicodeFonts = {
  regular: fontOf.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: fontOf.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

export interface BankPdfInput {
  judul: string;
  deskripsi: string;
  mataKuliah: string;
  dosen: string;
  collegeId: string;
  questions: Array<{ pertanyaan: string; isi: QuestionBody; soalFiles: Array<{ name: string }> }>;
}

type Piece = { text: string } | { imageKey: string };

/** A number as Indonesian writes it: a decimal comma, no thousands separator (as students type it). */
const decimal = (n: number) => String(n).replace('.', ',');
const percent = (n: number) => `${decimal(Math.round(n * 100) / 100)}%`;
const credit = (nilai: number) => (nilai === 100 ? '' : ` (${percent(nilai)})`);
const accepted = (answers: AcceptedAnswer[]) => answers.map((a) => `${a.teks}${credit(a.nilai)}`).join('; ');

/**
 * The lines a question of the kinds of issue 43 prints: what the student sees (options, left-hand items,
 * right-hand choices, gap options) and its key, each as plain text (a keyless copy prints "-").
 */
export function extraKindLines(isi: ExtraQuestionBody): { options: string[]; key: string[] } {
  switch (isi.jenis) {
    case 'isian_singkat':
      return {
        options: [],
        key: isi.jawaban.length
          ? [accepted(isi.jawaban), ...(isi.peka_huruf_besar ? ['(huruf besar/kecil dibedakan)'] : [])]
          : [],
      };
    case 'numerik':
      return {
        options: isi.satuan.length ? [`Satuan: ${isi.satuan.map((u) => u.satuan).join(', ')}`] : [],
        key: isi.jawaban.map(
          (a) =>
            `${decimal(a.angka)}${a.toleransi ? ` ± ${decimal(a.toleransi)}` : ''}${isi.satuan[0] ? ` ${isi.satuan[0].satuan}` : ''}${credit(a.nilai)}`,
        ),
      };
    case 'pilihan_kompleks':
      return {
        options: isi.pilihan.map((o, j) => `${letters[j]}. ${o.teks}`),
        key: isi.bobot
          ? isi.bobot.flatMap((w, j) =>
              w > 0 ? [`${letters[j]}${w === 100 ? '' : ` (${percent(w)})`}`] : [],
            )
          : [],
      };
    case 'menjodohkan':
      return {
        options: [
          ...isi.pasangan.map((p, j) => `${j + 1}. ${p.kiri}`),
          `Pilihan: ${matchingChoices(isi).join(', ')}`,
        ],
        key: isi.pasangan.some((p) => p.kanan) ? isi.pasangan.map((p, j) => `${j + 1}. ${p.kanan}`) : [],
      };
    case 'isian_rumpang':
      return {
        options: isi.rumpang.flatMap((g, j) =>
          g.jenis === 'pilihan' ? [`[[${j + 1}]] ${g.pilihan.join(' / ')}`] : [],
        ),
        key: isi.rumpang.every((g) => (g.jenis === 'pilihan' ? g.kunci === null : !g.jawaban.length))
          ? []
          : isi.rumpang.map(
              (g, j) =>
                `[[${j + 1}]] ${g.jenis === 'pilihan' ? (g.kunci === null ? '-' : (g.pilihan[g.kunci] ?? '-')) : accepted(g.jawaban) || '-'}`,
            ),
      };
  }
}

/** Rich text (already sanitised) as plain text paragraphs and our stored images, in order. */
export function richTextPieces(html: string, collegeId: string): Piece[] {
  const pieces: Piece[] = [];
  const parts = html.split(/(<img\b[^>]*>)/i);
  for (const part of parts) {
    if (/^<img\b/i.test(part)) {
      const src = /\ssrc=("([^"]*)"|'([^']*)')/i.exec(part);
      const key = src ? fileKeyOfUrl(decodeHTML(src[2] ?? src[3] ?? ''), collegeId) : null;
      if (key) pieces.push({ imageKey: key });
      continue;
    }
    const withBreaks = part
      .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '• ');
    const text = decodeHTML(sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} }))
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (text) pieces.push({ text });
  }
  return pieces;
}

async function readImage(store: FileStore, key: string): Promise<Buffer | null> {
  const found = await store.get(key);
  if (!found || !/^image\/(png|jpeg)$/.test(found.file.contentType)) {
    found?.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `Bank Soal - {judul}` as a PDF (pdfkit): letter, portrait, 1-inch margins; each question with its
 * images, options (with their images), key and attachment names (issue 43's kinds: extraKindLines); "Belum ada soal" when empty.
 */
export async function renderBankPdf(store: FileStore, bank: BankPdfInput): Promise<Buffer> {
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: PDFDocument } = await import('pdfkit');
  const doc: Doc = new PDFDocument({
    size: 'LETTER',
    layout: 'portrait',
    margins: { top: inch, bottom: inch, left: inch, right: inch },
    info: { Title: `Bank Soal - ${bank.judul}`, Subject: bank.mataKuliah, Author: bank.dosen },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', unicodeFonts.regular);
  doc.registerFont('bold', unicodeFonts.bold);
  const width = doc.page.width - 2 * inch;

  doc.font('bold').fontSize(16).text(`Bank Soal - ${bank.judul}`, { width });
  doc.moveDown(0.3);
  doc.font('body').fontSize(10).fillColor('#333');
  doc.text(`Mata Kuliah: ${bank.mataKuliah}`, { width });
  doc.text(`Dosen: ${bank.dosen}`, { width });
  doc.text(`Jumlah Soal: ${bank.questions.length}`, { width });
  if (bank.deskripsi) doc.text(bank.deskripsi, { width });
  doc.fillColor('#000').moveDown(1);

  if (!bank.questions.length) {
    doc.font('body').fontSize(12).text(questionBankMessages.emptyBank, { width });
  }

  const image = async (key: string, maxHeight: number, x: number) => {
    const bytes = await readImage(store, key);
    if (!bytes) return;
    try {
      // openImage (in pdfkit, missing from its types) gives the size, so the text flows below the image.
      const opened = (doc as unknown as { openImage(src: Buffer): PdfImage }).openImage(bytes);
      const w = Math.min(width - (x - inch), opened.width);
      const h = Math.min(maxHeight, (opened.height * w) / opened.width);
      if (doc.y + h > doc.page.height - inch) doc.addPage();
      doc.image(opened as unknown as Buffer, x, doc.y, { fit: [w, h] });
      doc.y += h + 4;
    } catch {
      // An image pdfkit cannot read is left out rather than failing the whole download.
    }
  };

  for (const [i, q] of bank.questions.entries()) {
    // A bank of 2,000 questions takes seconds to draw: the event loop answers other requests between
    // every ten (5 ms on a quiet machine, 13 on a busy one) rather than after the last. (Its images are read from the store as it goes,
    // which a worker thread could not do.)
    if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    if (doc.y > doc.page.height - inch - 60) doc.addPage();
    doc
      .font('bold')
      .fontSize(11)
      .text(`Soal ${i + 1} (${questionKindLabels[q.isi.jenis]})`, inch, doc.y, { width });
    doc.font('body').fontSize(11);
    for (const piece of richTextPieces(q.pertanyaan, bank.collegeId)) {
      if ('text' in piece) doc.text(piece.text, inch, doc.y, { width });
      else await image(piece.imageKey, 200, inch);
    }
    const isi = q.isi;
    if (isi.jenis === 'pilihan') {
      for (const [j, option] of isi.pilihan.entries()) {
        doc.text(`${letters[j]}. ${option.teks}`, inch + 14, doc.y, { width: width - 14 });
        const key = option.gambar ? fileKeyOfUrl(option.gambar, bank.collegeId) : null;
        if (key) await image(key, 120, inch + 28);
      }
      const key = isi.kunci !== null ? letters[isi.kunci] : '-';
      doc.font('bold').text(`Kunci: ${key}`, inch, doc.y, { width });
    }
    if (isi.jenis === 'benar_salah') {
      doc.text(`${isi.label.benar} / ${isi.label.salah}`, inch + 14, doc.y, { width: width - 14 });
      const key = isi.kunci === null ? '-' : isi.kunci ? isi.label.benar : isi.label.salah;
      doc.font('bold').text(`Kunci: ${key}`, inch, doc.y, { width });
    }
    if (isi.jenis === 'esay') {
      doc.font('bold').text('Kunci:', inch, doc.y, { width });
      doc.font('body');
      const pieces = richTextPieces(isi.kunci, bank.collegeId);
      if (!pieces.length) doc.text('-', inch, doc.y, { width });
      for (const piece of pieces) {
        if ('text' in piece) doc.text(piece.text, inch, doc.y, { width });
        else await image(piece.imageKey, 160, inch);
      }
    }
    if (isi.jenis !== 'pilihan' && isi.jenis !== 'benar_salah' && isi.jenis !== 'esay') {
      const { options, key } = extraKindLines(isi);
      for (const line of options) doc.text(line, inch + 14, doc.y, { width: width - 14 });
      doc.font('bold').text('Kunci:', inch, doc.y, { width });
      doc.font('body');
      for (const line of key.length ? key : ['-']) doc.text(line, inch + 14, doc.y, { width: width - 14 });
    }
    if (q.soalFiles.length) {
      doc.font('body').fontSize(9).fillColor('#555');
      doc.text(`Lampiran: ${q.soalFiles.map((f) => f.name).join(', ')}`, inch, doc.y, { width });
      doc.fillColor('#000');
    }
    doc.font('body').fontSize(11).moveDown(0.8);
  }
  doc.end();
  return done;
}
