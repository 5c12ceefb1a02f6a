import { parse, type GIFTQuestion, type NumericalFormat, type TextFormat } from 'gift-pegjs';
import type { QuestionBody } from '@lms/contract/exam.rules';
import type { NumericAnswer } from '@lms/contract/question-kinds.rules';
import { questionImportMessages, type SkippedQuestion } from '@lms/contract/question-import.rules';
import {
  asTrueFalse,
  finishQuestion,
  importImageMessages,
  htmlToPlain,
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
 * Moodle GIFT, read by gift-pegjs (the format's PEG grammar). Mapped: multiple choice with one right
 * answer `=` (pilihan), multiple choice written only with `~%n%` weights (pilihan_kompleks, as Moodle
 * makes it a multiple-answer question), true/false (benar_salah), essay (esay), short answer
 * `{=a =%50%b}` (isian_singkat), numerical `{#1.5:0.1}` (numerik), matching `{=a -> b}` (menjodohkan;
 * `= -> z` is a distractor), and a missing word (`text {~x =y} text`, or `{=a =b}` inside the text) as an
 * isian_rumpang with one gap. Descriptions, several `=` answers with partial credit, and questions that
 * break our rules are skipped with their number, line and reason, and the rest imports.
 *
 * Images come as `<img src="data:image/png;base64,…">` in `[html]` texts (GIFT has no files): the
 * question's become its attachments shown in its text, an option's its `gambar`.
 *
 * Like Moodle's importer (question/format.php readquestions), the file is cut into questions at blank
 * lines and each is read on its own: one question outside the grammar costs that question, not the file.
 */

/** The rich text of a GIFT text: [html] and Moodle's auto-format keep their tags (sanitised later). */
function richText(text: TextFormat): string {
  if (text.format === 'plain' || text.format === 'markdown') return plainToHtml(text.text);
  return text.format === 'moodle' && !/<(p|div|br)\b/i.test(text.text)
    ? `<p>${text.text.trim().replace(/\r?\n/g, '<br>')}</p>`
    : text.text;
}

function plainText(text: TextFormat): string {
  return text.format === 'plain' || text.format === 'markdown' ? text.text.trim() : htmlToPlain(text.text);
}

interface Block {
  text: string;
  /** The first line that is not a comment. */
  baris: number;
}

/** The file's questions (and categories) as Moodle cuts them: at blank lines, comment-only blocks dropped. */
function blocksOf(source: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  let first: number | null = null;
  const flush = () => {
    if (first !== null) blocks.push({ text: lines.join('\n'), baris: first });
    lines = [];
    first = null;
  };
  source.split(/\r\n|\r|\n/).forEach((raw, index) => {
    if (!raw.trim()) return flush();
    lines.push(raw);
    if (first === null && !raw.trim().startsWith('//')) first = index + 1;
  });
  flush();
  return blocks;
}

/** The start of a block that could not be parsed: its name (`::name::`) or first words. */
function blockName(text: string): string {
  const withoutComments = text
    .split('\n')
    .filter((l) => !l.trim().startsWith('//'))
    .join(' ');
  const title = /^\s*::(.*?)::/.exec(withoutComments)?.[1]?.trim();
  const plain = title || withoutComments.replace(/\{[\s\S]*$/, '').trim();
  return plain.length > 60 ? `${plain.slice(0, 59)}…` : plain;
}

const giftKinds: Record<string, string> = {
  MC: 'multiple choice',
  TF: 'true/false',
  Essay: 'essay',
  Short: 'short answer',
  Numerical: 'numerical',
  Matching: 'matching',
  Description: 'description',
};

/** Where gift-pegjs puts an embedded answer in the text (`text {…} text`). */
const blank = '_____';

/** A numerical answer: `1.5`, `1.5:0.1` or `1..2` (the middle, with half the span as tolerance). */
function numericOf(format: NumericalFormat): { angka: number; toleransi: number } {
  if (format.type === 'high-low') {
    const low = format.numberLow ?? 0;
    const high = format.numberHigh ?? 0;
    return { angka: (low + high) / 2, toleransi: Math.abs(high - low) / 2 };
  }
  return { angka: format.number ?? 0, toleransi: Math.abs(format.range ?? 0) };
}

const dataImagePattern =
  /(<img\b[^>]*?\ssrc\s*=\s*)(["'])data:image\/([a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)\2/gi;

/**
 * The `data:` images of an HTML text, and the text with each replaced by `replace(index)` (an image is
 * named by its type: `gambar-1.png`; a type other than png or jpeg is refused by its content later).
 */
function dataImages(html: string, replace: (index: number) => string) {
  const found: Array<{ name: string; base64: string }> = [];
  const text = html.replace(
    dataImagePattern,
    (_all, head: string, quote: string, type: string, base64: string) => {
      const extension = type.toLowerCase() === 'jpeg' ? 'jpg' : type.toLowerCase().replace(/[^a-z0-9]/g, '');
      found.push({ name: `gambar-${found.length + 1}.${extension}`, base64 });
      return `${head}${quote}${replace(found.length)}${quote}`;
    },
  );
  return { found, text };
}

type Mapped = { body: QuestionBody; text?: string } | { jenis: string; alasan: string };

/** A gap's marker in place of gift-pegjs's blank, or the question's text when it has no embedded answer. */
function gapText(item: GIFTQuestion & { stem: TextFormat; hasEmbeddedAnswers: boolean }, stem: string) {
  // gift-pegjs puts spaces around its blank; before punctuation the file had none.
  return item.hasEmbeddedAnswers && stem.includes(blank)
    ? stem
        .replace(blank, '[[1]]')
        .replace(/\[\[1\]\] ([.,;:!?)])/, '[[1]]$1')
        .replace(/(^|>) \[\[1\]\]/, '$1[[1]]')
    : null;
}

/** One question's body (and, for a missing word, its text with the gap), or why it is skipped. */
function bodyOf(item: GIFTQuestion, stem: string): Mapped {
  if (item.type === 'MC') {
    const pilihan = item.choices.map((c) => ({ teks: plainText(c.text) }));
    // As Moodle's GIFT importer: without any `=`, a multiple-answer question with the weights given.
    if (!item.choices.some((c) => c.isCorrect))
      return {
        body: { jenis: 'pilihan_kompleks', pilihan, bobot: item.choices.map((c) => c.weight ?? 0) },
      };
    const right = item.choices.filter((c) => c.isCorrect && (c.weight === null || c.weight === 100));
    const partial = item.choices.filter((c) => c.weight !== null && c.weight !== 100 && c.weight !== 0);
    if (right.length > 1 || partial.length > 0)
      return { jenis: 'multiple choice', alasan: questionImportMessages.severalRightAnswers };
    const kunci = right.length === 1 ? item.choices.indexOf(right[0]!) : null;
    const gapped = gapText(item, stem);
    if (gapped)
      return {
        body: {
          jenis: 'isian_rumpang',
          rumpang: [{ jenis: 'pilihan', pilihan: pilihan.map((o) => o.teks), kunci }],
        },
        text: gapped,
      };
    const trueFalse = asTrueFalse(
      pilihan.map((o) => o.teks),
      kunci,
    );
    return { body: trueFalse ?? { jenis: 'pilihan', pilihan, kunci } };
  }
  if (item.type === 'TF')
    return { body: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: item.isTrue } };
  if (item.type === 'Essay') return { body: { jenis: 'esay', jenis_file_diterima: ['text'], kunci: '' } };
  if (item.type === 'Short') {
    // Moodle's GIFT short answers ignore case.
    const jawaban = item.choices.map((c) => ({
      teks: plainText(c.text),
      nilai: c.weight ?? (c.isCorrect ? 100 : 0),
    }));
    const gapped = gapText(item, stem);
    if (gapped)
      return {
        body: { jenis: 'isian_rumpang', rumpang: [{ jenis: 'isian', jawaban, peka_huruf_besar: false }] },
        text: gapped,
      };
    return { body: { jenis: 'isian_singkat', jawaban, peka_huruf_besar: false } };
  }
  if (item.type === 'Numerical') {
    const choices = Array.isArray(item.choices)
      ? item.choices
      : [{ isCorrect: true, weight: null, text: item.choices }];
    const jawaban: NumericAnswer[] = choices.map((c) => ({
      ...numericOf(c.text),
      nilai: c.weight ?? (c.isCorrect ? 100 : 0),
    }));
    return { body: { jenis: 'numerik', jawaban, satuan: [] } };
  }
  if (item.type === 'Matching') {
    const pairs = item.matchPairs.map((p) => ({ kiri: plainText(p.subquestion), kanan: p.subanswer.trim() }));
    return {
      body: {
        jenis: 'menjodohkan',
        pasangan: pairs.filter((p) => p.kiri),
        pengecoh: pairs.filter((p) => !p.kiri).map((p) => p.kanan),
      },
    };
  }
  const jenis = giftKinds[item.type] ?? item.type;
  return { jenis, alasan: questionImportMessages.unsupportedType(jenis) };
}

/** Reads a GIFT file: every question it can, and every other one skipped with its number, line and reason. */
export function parseGift(text: string): ParsedImport {
  const soal: ImportedQuestion[] = [];
  const dilewati: SkippedQuestion[] = [];
  let nomor = 0;
  for (const block of blocksOf(text.replace(/^\uFEFF/, ''))) {
    let items: GIFTQuestion[];
    try {
      items = parse(block.text);
    } catch (error) {
      nomor += 1;
      const found = (error as { found?: string | null }).found ?? null;
      // Numerical answers with per-answer feedback (`{#3:2~#…}`) are beyond gift-pegjs's grammar;
      // Moodle reads them as numerical, which the bank has no counterpart for either.
      const numerical = /\{\s*#/.test(block.text);
      dilewati.push({
        soal: nomor,
        baris: block.baris,
        jenis: numerical ? 'numerical' : 'GIFT',
        nama: blockName(block.text),
        alasan: numerical
          ? questionImportMessages.unsupportedType('numerical')
          : questionImportMessages.giftUnreadable(found),
      });
      continue;
    }
    for (const item of items) {
      if (item.type === 'Category') continue;
      nomor += 1;
      const baris = block.baris;
      const nama = item.title?.trim() || shortName(richText(item.stem));
      const jenis = giftKinds[item.type] ?? item.type;
      const stem = 'stem' in item ? richText(item.stem) : '';
      // The question's data: images are shown in its text at placeholders; an option's become its gambar.
      const shown = dataImages(stem, pendingTextImage);
      const files: FoundImage[] = shown.found.map((f, i) => ({
        ...f,
        pilihan: null,
        tempat: pendingTextImage(i + 1),
      }));
      let optionProblem: string | null = null;
      const optionImages = new Map<number, string>();
      if (item.type === 'MC')
        item.choices.forEach((c, index) => {
          const found = dataImages(c.text.text, () => '').found;
          if (found.length > 1) optionProblem ??= importImageMessages.optionSeveral;
          else if (found.length === 1) {
            const name = `pilihan-${index + 1}-${found[0]!.name}`;
            files.push({ name, base64: found[0]!.base64, pilihan: index, tempat: null });
            optionImages.set(index, pendingOptionImage(name));
          }
        });
      const mapped: Mapped = usesMoodleFiles(block.text)
        ? { jenis, alasan: importImageMessages.notInFile }
        : optionProblem
          ? { jenis, alasan: optionProblem }
          : bodyOf(item, shown.text);
      if (!('body' in mapped)) {
        dilewati.push({ soal: nomor, baris, jenis: mapped.jenis, nama, alasan: mapped.alasan });
        continue;
      }
      const body = mapped.body;
      if (body.jenis === 'pilihan' || body.jenis === 'pilihan_kompleks')
        body.pilihan = body.pilihan.map((o, i) => ({ ...o, gambar: optionImages.get(i) ?? null }));
      const kept = files.filter(
        (f) => f.pilihan === null || (optionImages.has(f.pilihan) && 'pilihan' in body),
      );
      const { question, errors } = finishQuestion(mapped.text ?? shown.text, body);
      if (errors.length) dilewati.push({ soal: nomor, baris, jenis, nama, alasan: rulesReason(errors) });
      else
        soal.push({
          ...question,
          letak: { soal: nomor, baris },
          ...(kept.length ? { berkas: { jenis, nama, files: kept } } : {}),
        });
    }
  }
  return { soal, masalah: [], dilewati };
}
