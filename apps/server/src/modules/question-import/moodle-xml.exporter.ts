import { escapeUTF8 } from 'entities';
import { XMLBuilder } from 'fast-xml-parser';
import type { QuestionBody } from '@lms/contract/exam.rules';
import { shortName } from './imported-question.ts';
import { writeClozeGap } from './moodle-cloze.ts';

/*
 * A bank as Moodle XML, so a lecturer can take their questions to Moodle (or back into another bank):
 * one category named after the bank, then each question as Moodle's own type: multichoice (single answer,
 * or several with their weights), truefalse, essay, shortanswer, numerical (with units), matching, and
 * cloze for fill in the blanks. Texts are XML-escaped by the builder (no CDATA to break). Images of the
 * question (in its text, attachments that are images) and of options go inside the file as
 * `<file encoding="base64">` named `@@PLUGINFILE@@/…` in the text, as Moodle writes them.
 */

/** An image of this server to carry inside the file: its name and its bytes as base64. */
export interface ExportImage {
  name: string;
  base64: string;
}

/** A question to export: its number, rich text, body, and its images by their address on this server. */
export interface ExportQuestion {
  nomor: number;
  pertanyaan: string;
  isi: QuestionBody;
  /** Addresses of its attachments (`soal_files[].url`); those found in `images` go along. */
  lampiran?: string[];
}

/** The images that may go along, by their address (`/v2/files/{key}?college-id=…`). */
export type ExportImages = ReadonlyMap<string, ExportImage>;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  processEntities: true,
  suppressEmptyNode: false,
});

const html = (text: string) => ({ '@_format': 'html', text });

/** Names unique within one text's files (Moodle keys files by name): `foto.png`, `foto-2.png`. */
function uniqueName(name: string, taken: Set<string>): string {
  const clean = name.replace(/[/\\]/g, '-').trim() || 'gambar.png';
  let candidate = clean;
  for (let n = 2; taken.has(candidate); n++) candidate = clean.replace(/(\.[^.]*)?$/, `-${n}$1`);
  taken.add(candidate);
  return candidate;
}

const fileNode = (name: string, base64: string) => ({
  '@_name': name,
  '@_path': '/',
  '@_encoding': 'base64',
  '#text': base64,
});

/** Escapes a URL's characters that are special in a regular expression. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A rich text with its images of this server as `@@PLUGINFILE@@/name` and the files to carry; `extra`
 * are addresses that go as files even if the text does not show them (attachments).
 */
function withFiles(text: string, images: ExportImages, extra: string[] = []) {
  const taken = new Set<string>();
  const files: ReturnType<typeof fileNode>[] = [];
  const named = new Map<string, string>();
  let out = text;
  for (const url of [...new Set([...images.keys()])]) {
    const written = [url, url.replace(/&/g, '&amp;')];
    if (!written.some((w) => out.includes(w))) continue;
    const image = images.get(url)!;
    const name = uniqueName(image.name, taken);
    named.set(url, name);
    files.push(fileNode(name, image.base64));
    for (const w of written)
      out = out.replace(new RegExp(literal(w), 'g'), `@@PLUGINFILE@@/${encodeURIComponent(name)}`);
  }
  for (const url of extra) {
    const image = images.get(url);
    if (!image || named.has(url)) continue;
    named.set(url, url);
    files.push(fileNode(uniqueName(image.name, taken), image.base64));
  }
  return { text: out, files };
}

const fraction = (value: number) => String(Number(value.toFixed(7)));

/** A choice as an answer's HTML: its text escaped and its image, if it has one that goes along. */
function choiceAnswer(
  option: { teks: string; gambar?: string | null },
  credit: number,
  images: ExportImages,
) {
  const image = option.gambar ? images.get(option.gambar) : undefined;
  const name = image ? uniqueName(image.name, new Set()) : null;
  return {
    '@_fraction': fraction(credit),
    '@_format': 'html',
    text:
      escapeUTF8(option.teks) + (name ? `<img src="@@PLUGINFILE@@/${encodeURIComponent(name)}" alt="">` : ''),
    ...(image && name ? { file: [fileNode(name, image.base64)] } : {}),
    feedback: html(''),
  };
}

function questionNode(q: ExportQuestion, images: ExportImages): Record<string, unknown> {
  const body = q.isi;
  const rawText =
    body.jenis === 'isian_rumpang'
      ? q.pertanyaan.replace(/\[\[(\d{1,2})\]\]/g, (marker, n: string) => {
          const gap = body.rumpang[Number(n) - 1];
          return gap ? writeClozeGap(gap) : marker;
        })
      : q.pertanyaan;
  const shown = withFiles(rawText, images, q.lampiran ?? []);
  const common = {
    name: { text: shortName(q.pertanyaan, 80) || `Soal ${q.nomor}` },
    questiontext: { ...html(shown.text), ...(shown.files.length ? { file: shown.files } : {}) },
    generalfeedback: html(''),
    defaultgrade: '1.0000000',
    penalty: '0.0000000',
    hidden: '0',
    idnumber: '',
  };
  switch (body.jenis) {
    case 'pilihan':
    case 'pilihan_kompleks':
      return {
        '@_type': 'multichoice',
        ...common,
        single: body.jenis === 'pilihan' ? 'true' : 'false',
        shuffleanswers: 'false',
        answernumbering: 'ABCD',
        answer: body.pilihan.map((o, i) =>
          choiceAnswer(
            o,
            body.jenis === 'pilihan' ? (i === body.kunci ? 100 : 0) : (body.bobot?.[i] ?? 0),
            images,
          ),
        ),
      };
    case 'benar_salah':
      // Other labels (Ya/Tidak) as a two-answer multichoice, which the import reads back with its labels.
      if (body.label.benar !== 'Benar' || body.label.salah !== 'Salah')
        return {
          '@_type': 'multichoice',
          ...common,
          single: 'true',
          shuffleanswers: 'false',
          answernumbering: 'none',
          answer: [
            choiceAnswer({ teks: body.label.benar }, body.kunci === true ? 100 : 0, images),
            choiceAnswer({ teks: body.label.salah }, body.kunci === false ? 100 : 0, images),
          ],
        };
      return {
        '@_type': 'truefalse',
        ...common,
        answer: [true, false].map((value) => ({
          '@_fraction': body.kunci === value ? '100' : '0',
          '@_format': 'moodle_auto_format',
          text: String(value),
          feedback: html(''),
        })),
      };
    case 'esay': {
      const files = body.jenis_file_diterima.filter((k) => k !== 'text').length > 0;
      return {
        '@_type': 'essay',
        ...common,
        responseformat: body.jenis_file_diterima.includes('text') || !files ? 'editor' : 'noinline',
        responserequired: '1',
        responsefieldlines: '10',
        attachments: files ? '-1' : '0',
        attachmentsrequired: '0',
        graderinfo: html(body.kunci),
        responsetemplate: html(''),
      };
    }
    case 'isian_singkat':
      return {
        '@_type': 'shortanswer',
        ...common,
        usecase: body.peka_huruf_besar ? '1' : '0',
        // Plain text: a short answer is compared as typed, never shown as HTML.
        answer: body.jawaban.map((a) => ({
          '@_fraction': fraction(a.nilai),
          '@_format': 'plain_text',
          text: a.teks,
          feedback: html(''),
        })),
      };
    case 'numerik':
      return {
        '@_type': 'numerical',
        ...common,
        answer: body.jawaban.map((a) => ({
          '@_fraction': fraction(a.nilai),
          '@_format': 'moodle_auto_format',
          text: String(a.angka),
          feedback: html(''),
          tolerance: String(a.toleransi),
        })),
        ...(body.satuan.length
          ? {
              units: {
                unit: body.satuan.map((u) => ({ multiplier: String(u.pengali), unit_name: u.satuan })),
              },
            }
          : {}),
        unitgradingtype: '0',
        unitpenalty: '0.1000000',
        // 0: units typed in a text field; 3: no units.
        showunits: body.satuan.length ? '0' : '3',
        unitsleft: '0',
      };
    case 'menjodohkan':
      return {
        '@_type': 'matching',
        ...common,
        shuffleanswers: 'true',
        subquestion: [
          ...body.pasangan.map((p) => ({ kiri: escapeUTF8(p.kiri), kanan: p.kanan })),
          // A distractor is a subquestion without text (Moodle's own way).
          ...body.pengecoh.map((kanan) => ({ kiri: '', kanan })),
        ].map((p) => ({ '@_format': 'html', text: p.kiri, answer: { text: p.kanan } })),
      };
    case 'isian_rumpang':
      return { '@_type': 'cloze', ...common };
  }
}

/** The Moodle XML document of a bank's questions, in their order, with the images that go along. */
export function exportMoodleXml(
  bankTitle: string,
  questions: ExportQuestion[],
  images: ExportImages = new Map(),
): string {
  const category = {
    '@_type': 'category',
    category: { text: `$course$/top/${bankTitle.replace(/\//g, '-')}` },
    info: html(''),
  };
  const body = builder.build({
    quiz: { question: [category, ...questions.map((q) => questionNode(q, images))] },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}
