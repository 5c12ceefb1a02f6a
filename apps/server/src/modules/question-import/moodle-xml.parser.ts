import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { EssayFileType, QuestionBody } from '@lms/contract/exam.rules';
import { questionImportMessages, type SkippedQuestion } from '@lms/contract/question-import.rules';
import {
  asTrueFalse,
  finishQuestion,
  htmlToPlain,
  importImageMessages,
  pendingOptionImage,
  plainToHtml,
  rulesReason,
  shortName,
  usesMoodleFiles,
  type FoundImage,
  type ImportedQuestion,
  type ParsedImport,
} from './imported-question.ts';

/*
 * Moodle XML (`<quiz>` of `<question type="…">`), read by fast-xml-parser. Mapped: multichoice with
 * exactly one right answer (pilihan), truefalse (benar_salah), essay (esay, graderinfo as its key).
 * Categories are not questions; every other type (shortanswer, matching, numerical, cloze, description…)
 * and every question that breaks our rules is skipped with its number, line and reason, and the rest
 * imports. Only a file that is not Moodle XML at all fails whole.
 *
 * Images travel inside the file: a text names `@@PLUGINFILE@@/foto.png` and carries
 * `<file name="foto.png" path="/" encoding="base64">` beside its `<text>` (Moodle 1.9: `<image>` and
 * `<image_base64>` on the question). The question's images become its attachments (our rich text has
 * no `<img>`), an option's image its `gambar`; they are decoded and checked by imported-images.ts.
 */

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => name === 'question' || name === 'answer' || name === 'file',
});

function asNode(value: unknown): XmlNode | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : null;
}

/** The text of an element: a plain value, or its `#text` when it has attributes. */
function textOf(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  const node = asNode(value);
  return node ? textOf(node['#text']) : '';
}

/** `<x format="…"><text>…</text></x>`: its text and format. */
function formatted(value: unknown): { text: string; format: string } {
  const node = asNode(value);
  if (!node) return { text: textOf(value), format: 'html' };
  return { text: textOf(node.text), format: String(node['@_format'] ?? 'html') };
}

function richText(value: unknown): string {
  const { text, format } = formatted(value);
  if (format === 'plain_text' || format === 'markdown') return plainToHtml(text);
  if (format === 'moodle_auto_format' && !/<(p|div|br)\b/i.test(text))
    return `<p>${text.trim().replace(/\r?\n/g, '<br>')}</p>`;
  return text;
}

function plainOf(value: unknown): string {
  const { text, format } = formatted(value);
  return format === 'plain_text' || format === 'markdown' ? text.trim() : htmlToPlain(text);
}

/** The line each `<question` starts on (CDATA and comments passed over), in document order. */
function questionLines(xml: string): number[] {
  const lines: number[] = [];
  const pattern = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<question\b/g;
  let line = 1;
  let last = 0;
  for (let match = pattern.exec(xml); match; match = pattern.exec(xml)) {
    if (!match[0].startsWith('<question')) continue;
    for (let i = last; i < match.index; i++) if (xml.charCodeAt(i) === 10) line += 1;
    last = match.index;
    lines.push(line);
  }
  return lines;
}

/** The `<file>` children of a text element, by their path in the text (`sub/foto.png`): base64 only. */
function filesOf(value: unknown): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of (asNode(value)?.file as unknown[] | undefined) ?? []) {
    const node = asNode(file);
    const name = String(node?.['@_name'] ?? '');
    if (!node || !name || String(node['@_encoding'] ?? 'base64') !== 'base64') continue;
    const path = String(node['@_path'] ?? '/').replace(/^\/+/, '');
    files.set(`${path}${name}`, textOf(node));
  }
  return files;
}

/** The files a text names as `@@PLUGINFILE@@/…` (Moodle URL-encodes the names). */
function referencedFiles(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/@@PLUGINFILE@@\/([^"'?#<>\s]+)/g)) {
    let name = match[1]!;
    try {
      name = decodeURIComponent(name);
    } catch {
      // A name that is not valid URL encoding is looked up as written.
    }
    names.add(name);
  }
  return [...names];
}

/** The last part of a path, at most 200 characters: the stored file's name. */
const baseName = (path: string) => (path.split('/').pop() || 'gambar').slice(-200);

/**
 * The images a question carries (its text's, each option's, Moodle 1.9's), or why it is skipped: a text
 * naming a file the XML does not carry, an option with two images, an essay key with images.
 */
function imagesOf(q: XmlNode): { files: FoundImage[] } | { skip: string } {
  const files: FoundImage[] = [];
  const take = (value: unknown, pilihan: number | null): string | null => {
    const names = referencedFiles(formatted(value).text);
    if (pilihan !== null && names.length > 1) return importImageMessages.optionSeveral;
    const inline = filesOf(value);
    for (const name of names) {
      const base64 = inline.get(name);
      if (base64 === undefined) return importImageMessages.missing(baseName(name));
      files.push({ name: baseName(name), base64, pilihan });
    }
    return null;
  };
  const problem =
    take(q.questiontext, null) ??
    ((q.answer as unknown[] | undefined) ?? []).reduce<string | null>(
      (found, answer, index) => found ?? take(answer, index),
      null,
    );
  if (problem) return { skip: problem };
  if (usesMoodleFiles(formatted(q.graderinfo).text)) return { skip: importImageMessages.keyImages };
  if (q.image != null || q.image_base64 != null) {
    const name = baseName(textOf(q.image).trim() || 'gambar.png');
    const base64 = textOf(q.image_base64);
    if (!base64.trim()) return { skip: importImageMessages.missing(name) };
    files.push({ name, base64, pilihan: null });
  }
  return { files };
}

const allFileKinds: EssayFileType[] = ['image', 'pdf', 'docs', 'compressed'];

function bodyOf(type: string, q: XmlNode): { body: QuestionBody } | { skip: string } {
  const answers = ((q.answer as unknown[]) ?? []).map((a) => ({
    fraction: Number(asNode(a)?.['@_fraction'] ?? 0),
    node: a,
  }));
  if (type === 'multichoice') {
    const right = answers.filter((a) => a.fraction >= 99.99);
    const partial = answers.filter((a) => a.fraction > 0 && a.fraction < 99.99);
    if (right.length > 1 || partial.length > 0) return { skip: questionImportMessages.severalRightAnswers };
    const pilihan = answers.map((a) => ({ teks: plainOf(a.node) }));
    const kunci = right.length === 1 ? answers.indexOf(right[0]!) : null;
    const trueFalse = asTrueFalse(
      pilihan.map((o) => o.teks),
      kunci,
    );
    return { body: trueFalse ?? { jenis: 'pilihan', pilihan, kunci } };
  }
  if (type === 'truefalse') {
    const right = answers.find((a) => a.fraction >= 99.99);
    const word = right ? plainOf(right.node).toLowerCase() : '';
    const kunci = ['true', 'benar'].includes(word) ? true : ['false', 'salah'].includes(word) ? false : null;
    if (right && kunci === null) return { skip: `Jawaban benar/salah "${word}" tidak dikenal (true/false)` };
    return { body: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci } };
  }
  if (type === 'essay') {
    const inline = textOf(q.responseformat) !== 'noinline';
    const attachments = Number(textOf(q.attachments) || 0);
    const kinds: EssayFileType[] = [
      ...(inline ? (['text'] as const) : []),
      ...(attachments !== 0 ? allFileKinds : []),
    ];
    return { body: { jenis: 'esay', jenis_file_diterima: kinds, kunci: richText(q.graderinfo) } };
  }
  return { skip: questionImportMessages.unsupportedType(type || '(tanpa jenis)') };
}

/**
 * Whether the document declares a DOCTYPE (outside CDATA and comments). Moodle never writes one; a DOCTYPE
 * is how external entities and entity expansion ("billion laughs") arrive, so it is refused outright.
 */
function declaresDoctype(xml: string): boolean {
  return /<!DOCTYPE/i.test(xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, ''));
}

const refused = (pesan: string): ParsedImport => ({ soal: [], dilewati: [], masalah: [{ pesan }] });

/** Reads a Moodle XML file; problems carry the question's number and the line its `<question>` is on. */
export function parseMoodleXml(text: string): ParsedImport {
  const xml = text.replace(/^\uFEFF/, '');
  if (declaresDoctype(xml)) return refused(questionImportMessages.xmlDeclarationRefused);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    return {
      soal: [],
      dilewati: [],
      masalah: [{ baris: valid.err.line, pesan: `XML tidak valid: ${valid.err.msg}` }],
    };
  }
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    return refused(questionImportMessages.unreadable('moodle_xml'));
  }
  const quiz = asNode(asNode(document)?.quiz);
  if (!quiz) {
    return {
      soal: [],
      dilewati: [],
      masalah: [{ pesan: 'Bukan file Moodle XML: elemen <quiz> tidak ditemukan' }],
    };
  }
  const questions = ((quiz.question as unknown[]) ?? []).map((q) => asNode(q) ?? {});
  const starts = questionLines(xml);
  const lines = starts.length === questions.length ? starts : [];
  const soal: ImportedQuestion[] = [];
  const dilewati: SkippedQuestion[] = [];
  let nomor = 0;
  questions.forEach((q, index) => {
    const type = String(q['@_type'] ?? '');
    if (type === 'category') return;
    nomor += 1;
    const baris = lines[index] ?? null;
    const pertanyaan = richText(q.questiontext);
    const nama = textOf(asNode(q.name)?.text).trim() || shortName(pertanyaan) || `Soal ${nomor}`;
    const jenis = type || '(tanpa jenis)';
    const mapped = bodyOf(type, q);
    const images = 'skip' in mapped ? null : imagesOf(q);
    if ('skip' in mapped || !images || 'skip' in images) {
      const alasan = 'skip' in mapped ? mapped.skip : images && 'skip' in images ? images.skip : '';
      dilewati.push({ soal: nomor, baris, jenis, nama, alasan });
      return;
    }
    // Options' images become their `gambar` (a placeholder until stored); a benar_salah has none.
    const body = mapped.body;
    const files = images.files.filter((f) => f.pilihan === null || body.jenis === 'pilihan');
    if (body.jenis === 'pilihan')
      body.pilihan = body.pilihan.map((o, i) => {
        const image = files.find((f) => f.pilihan === i);
        return image ? { ...o, gambar: pendingOptionImage(image.name) } : o;
      });
    // A text that is only a picture is not empty: our rich text has no <img>, the picture is attached.
    const text =
      files.some((f) => f.pilihan === null) && !htmlToPlain(pertanyaan)
        ? '<p>Perhatikan gambar.</p>'
        : pertanyaan;
    const { question, errors } = finishQuestion(text, body);
    if (errors.length) dilewati.push({ soal: nomor, baris, jenis, nama, alasan: rulesReason(errors) });
    else
      soal.push({
        ...question,
        letak: { soal: nomor, baris },
        ...(files.length ? { berkas: { jenis, nama, files } } : {}),
      });
  });
  return { soal, masalah: [], dilewati };
}
