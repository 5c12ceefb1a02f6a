import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { EssayFileType, QuestionBody } from '@lms/contract/exam.rules';
import type { Gap, NumericAnswer } from '@lms/contract/question-kinds.rules';
import { questionImportMessages, type SkippedQuestion } from '@lms/contract/question-import.rules';
import { readCloze } from './moodle-cloze.ts';
import {
  asTrueFalse,
  finishQuestion,
  htmlToPlain,
  importImageMessages,
  pendingOptionImage,
  pendingTextImage,
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
 * exactly one right answer (pilihan) or with `single` false (pilihan_kompleks, fractions as weights),
 * truefalse (benar_salah), essay (esay, graderinfo as its key), shortanswer (isian_singkat), numerical
 * (numerik, with tolerances and units), matching (menjodohkan; a subquestion without text is a
 * distractor), cloze/multianswer, gapselect and ddwtos (isian_rumpang). Categories are not questions;
 * every other type (description, calculated…) and every question that breaks our rules is skipped with
 * its number, line and reason, and the rest imports. Only a file that is not Moodle XML at all fails whole.
 *
 * Images travel inside the file: a text names `@@PLUGINFILE@@/foto.png` and carries
 * `<file name="foto.png" path="/" encoding="base64">` beside its `<text>` (Moodle 1.9: `<image>` and
 * `<image_base64>` on the question). The question's images become its attachments and its text shows
 * them where Moodle did (the address replaced once stored); an option's image becomes its `gambar`.
 * They are decoded and checked by imported-images.ts.
 */

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) =>
    ['question', 'answer', 'file', 'unit', 'subquestion', 'selectoption', 'dragbox'].includes(name),
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
 * naming a file the XML does not carry, an option with two images, an essay key or a matching pair with
 * images. The text's images are replaced by placeholders (`pendingTextImage`) that the import turns into
 * the stored files' addresses; files beside the text that it does not show (Moodle keeps them) come as
 * attachments if they are images, and are left out otherwise.
 */
function imagesOf(
  q: XmlNode,
  text: string,
  optionImages: boolean,
): { files: FoundImage[]; text: string } | { skip: string } {
  const files: FoundImage[] = [];
  let shown = text;
  const names = referencedFiles(text);
  const inline = filesOf(q.questiontext);
  for (const name of names) {
    const base64 = inline.get(name);
    if (base64 === undefined) return { skip: importImageMessages.missing(baseName(name)) };
    const tempat = pendingTextImage(files.length + 1);
    files.push({ name: baseName(name), base64, pilihan: null, tempat });
    const encoded = name.split('/').map(encodeURIComponent).join('/');
    for (const written of new Set([name, encoded, encodeURI(name)]))
      shown = shown.split(`@@PLUGINFILE@@/${written}`).join(tempat);
  }
  for (const [name, base64] of inline)
    if (!names.includes(name))
      files.push({ name: baseName(name), base64, pilihan: null, tempat: null, opsional: true });
  const answers = (q.answer as unknown[] | undefined) ?? [];
  for (const [index, answer] of answers.entries()) {
    const refs = referencedFiles(formatted(answer).text);
    if (!refs.length || !optionImages) continue;
    if (refs.length > 1) return { skip: importImageMessages.optionSeveral };
    const base64 = filesOf(answer).get(refs[0]!);
    if (base64 === undefined) return { skip: importImageMessages.missing(baseName(refs[0]!)) };
    files.push({ name: baseName(refs[0]!), base64, pilihan: index, tempat: null });
  }
  if (usesMoodleFiles(formatted(q.graderinfo).text)) return { skip: importImageMessages.keyImages };
  const subquestions = (q.subquestion as unknown[] | undefined) ?? [];
  if (subquestions.some((sub) => usesMoodleFiles(formatted(sub).text)))
    return { skip: questionImportMessages.matchingImages };
  if (q.image != null || q.image_base64 != null) {
    const name = baseName(textOf(q.image).trim() || 'gambar.png');
    const base64 = textOf(q.image_base64);
    if (!base64.trim()) return { skip: importImageMessages.missing(name) };
    files.push({ name, base64, pilihan: null, tempat: null });
  }
  return { files, text: shown };
}

/** A Moodle fraction (a percentage, `-33.33333` to `100`) as our credit. */
const creditOf = (node: unknown) => {
  const value = Number(asNode(node)?.['@_fraction'] ?? 0);
  return Number.isFinite(value) ? Number(value.toFixed(5)) : 0;
};

/** A gapselect or ddwtos question: [[n]] names choice n, shown among the choices of its group. */
function gapChoicesOf(q: XmlNode, text: string, field: 'selectoption' | 'dragbox') {
  const choices = ((q[field] as unknown[] | undefined) ?? []).map((c) => ({
    teks: plainOf(c),
    group: textOf(asNode(c)?.group).trim() || '1',
  }));
  const rumpang: Gap[] = [];
  let missing: number | null = null;
  const numbered = text.replace(/\[\[(\d{1,3})\]\]/g, (_marker, n: string) => {
    const choice = choices[Number(n) - 1];
    if (!choice) missing ??= Number(n);
    else {
      const group = choices.filter((c) => c.group === choice.group);
      rumpang.push({ jenis: 'pilihan', pilihan: group.map((c) => c.teks), kunci: group.indexOf(choice) });
    }
    return `[[${rumpang.length}]]`;
  });
  if (missing !== null) return { skip: questionImportMessages.gapChoiceMissing(missing) };
  return { body: { jenis: 'isian_rumpang' as const, rumpang }, text: numbered };
}

/** A numerical question's answers and units, or why it cannot be one of ours. */
function numericalOf(q: XmlNode): { body: QuestionBody } | { skip: string } {
  const jawaban: NumericAnswer[] = [];
  for (const answer of (q.answer as unknown[] | undefined) ?? []) {
    const written = plainOf(answer);
    const nilai = creditOf(answer);
    if (written === '*') {
      if (nilai > 0) return { skip: questionImportMessages.numericAnyAnswer };
      continue;
    }
    const angka = Number(written.replace(',', '.'));
    if (!written || !Number.isFinite(angka))
      return { skip: questionImportMessages.numericNotNumber(written) };
    const toleransi = Math.abs(Number(textOf(asNode(answer)?.tolerance).trim() || 0)) || 0;
    jawaban.push({ angka, toleransi, nilai });
  }
  const units = ((asNode(q.units)?.unit as unknown[] | undefined) ?? []).map((u) => ({
    satuan: textOf(asNode(u)?.unit_name).trim(),
    pengali: Number(textOf(asNode(u)?.multiplier).trim() || 1),
  }));
  // Moodle's base unit has the multiplier 1; ours must come first.
  const base = units.findIndex((u) => u.pengali === 1);
  const satuan = base > 0 ? [units[base]!, ...units.filter((_, i) => i !== base)] : units;
  return { body: { jenis: 'numerik', jawaban, satuan } };
}

const allFileKinds: EssayFileType[] = ['image', 'pdf', 'docs', 'compressed'];

const mappedTypes = new Set([
  'multichoice',
  'truefalse',
  'essay',
  'shortanswer',
  'numerical',
  'matching',
  'cloze',
  'multianswer',
  'gapselect',
  'ddwtos',
]);

type Mapped = { body: QuestionBody; text?: string } | { skip: string };

/** A question's body (and, for gaps, its text with our markers), or why it is skipped. */
function bodyOf(type: string, q: XmlNode, text: string): Mapped {
  const answers = ((q.answer as unknown[]) ?? []).map((a) => ({ fraction: creditOf(a), node: a }));
  if (type === 'multichoice') {
    const single = !['false', '0'].includes(textOf(q.single).trim().toLowerCase());
    const pilihan = answers.map((a) => ({ teks: plainOf(a.node) }));
    if (!single)
      return { body: { jenis: 'pilihan_kompleks', pilihan, bobot: answers.map((a) => a.fraction) } };
    const right = answers.filter((a) => a.fraction >= 99.99);
    const partial = answers.filter((a) => a.fraction > 0 && a.fraction < 99.99);
    if (right.length > 1 || partial.length > 0) return { skip: questionImportMessages.severalRightAnswers };
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
  if (type === 'shortanswer')
    return {
      body: {
        jenis: 'isian_singkat',
        jawaban: answers.map((a) => ({ teks: plainOf(a.node), nilai: a.fraction })),
        peka_huruf_besar: textOf(q.usecase).trim() === '1',
      },
    };
  if (type === 'numerical') return numericalOf(q);
  if (type === 'matching') {
    const subs = ((q.subquestion as unknown[] | undefined) ?? []).map((sub) => ({
      kiri: plainOf(sub),
      // Moodle shows a pair's answer as plain text.
      kanan: textOf(asNode(((asNode(sub)?.answer as unknown[] | undefined) ?? [])[0])?.text).trim(),
    }));
    return {
      body: {
        jenis: 'menjodohkan',
        pasangan: subs.filter((p) => p.kiri),
        pengecoh: subs.filter((p) => !p.kiri).map((p) => p.kanan),
      },
    };
  }
  if (type === 'cloze' || type === 'multianswer') {
    const cloze = readCloze(text);
    return 'skip' in cloze
      ? cloze
      : { body: { jenis: 'isian_rumpang', rumpang: cloze.rumpang }, text: cloze.text };
  }
  if (type === 'gapselect') return gapChoicesOf(q, text, 'selectoption');
  if (type === 'ddwtos') return gapChoicesOf(q, text, 'dragbox');
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
    const images = mappedTypes.has(type)
      ? imagesOf(q, pertanyaan, type === 'multichoice')
      : { files: [], text: pertanyaan };
    const mapped = 'skip' in images ? images : bodyOf(type, q, images.text);
    if ('skip' in mapped || 'skip' in images) {
      dilewati.push({ soal: nomor, baris, jenis, nama, alasan: 'skip' in mapped ? mapped.skip : '' });
      return;
    }
    // Options' images become their `gambar` (a placeholder until stored); other kinds have none.
    const body = mapped.body;
    const withOptions = body.jenis === 'pilihan' || body.jenis === 'pilihan_kompleks';
    const files = images.files.filter((f) => f.pilihan === null || withOptions);
    if (body.jenis === 'pilihan' || body.jenis === 'pilihan_kompleks')
      body.pilihan = body.pilihan.map((o, i) => {
        const image = files.find((f) => f.pilihan === i);
        return image ? { ...o, gambar: pendingOptionImage(image.name) } : o;
      });
    const { question, errors } = finishQuestion(mapped.text ?? images.text, body);
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
