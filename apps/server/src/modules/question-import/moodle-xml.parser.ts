import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { EssayFileType, QuestionBody } from '@lms/contract/exam.rules';
import { questionImportMessages, type SkippedQuestion } from '@lms/contract/question-import.rules';
import {
  finishQuestion,
  htmlToPlain,
  plainToHtml,
  rulesReason,
  shortName,
  usesMoodleFiles,
  type ImportedQuestion,
  type ParsedImport,
} from './imported-question.ts';

/*
 * Moodle XML (`<quiz>` of `<question type="…">`), read by fast-xml-parser. Mapped: multichoice with
 * exactly one right answer (pilihan), truefalse (benar_salah), essay (esay, graderinfo as its key).
 * Categories are not questions; every other type (shortanswer, matching, numerical, cloze, description…)
 * and every question that breaks our rules is skipped with its number, line and reason, and the rest
 * imports. Only a file that is not Moodle XML at all fails whole.
 */

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => name === 'question' || name === 'answer',
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
    return {
      body: {
        jenis: 'pilihan',
        pilihan: answers.map((a) => ({ teks: plainOf(a.node) })),
        kunci: right.length === 1 ? answers.indexOf(right[0]!) : null,
      },
    };
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
    const filed =
      q.image_base64 != null ||
      q.image != null ||
      usesMoodleFiles(JSON.stringify([q.questiontext, q.answer]));
    const mapped =
      filed && type !== 'category' ? { skip: questionImportMessages.moodleFiles } : bodyOf(type, q);
    const jenis = type || '(tanpa jenis)';
    if ('skip' in mapped) {
      dilewati.push({ soal: nomor, baris, jenis, nama, alasan: mapped.skip });
      return;
    }
    const { question, errors } = finishQuestion(pertanyaan, mapped.body);
    if (errors.length) dilewati.push({ soal: nomor, baris, jenis, nama, alasan: rulesReason(errors) });
    else soal.push({ ...question, letak: { soal: nomor, baris } });
  });
  return { soal, masalah: [], dilewati };
}
