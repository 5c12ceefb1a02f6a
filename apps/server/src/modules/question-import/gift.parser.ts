import { parse, type GIFTQuestion, type TextFormat } from 'gift-pegjs';
import type { QuestionBody } from '@lms/contract/exam.rules';
import { questionImportMessages, type SkippedQuestion } from '@lms/contract/question-import.rules';
import {
  asTrueFalse,
  finishQuestion,
  importImageMessages,
  htmlToPlain,
  plainToHtml,
  rulesReason,
  shortName,
  usesMoodleFiles,
  type ImportedQuestion,
  type ParsedImport,
} from './imported-question.ts';

/*
 * Moodle GIFT, read by gift-pegjs (the format's PEG grammar). Mapped: multiple choice with exactly one
 * right answer (pilihan), true/false (benar_salah), essay (esay). Every other question (short answer,
 * numerical, matching, descriptions, several right answers, or one that breaks our rules) is skipped with
 * its number, line and reason, and the rest imports.
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

const giftKinds: Record<string, string> = { MC: 'multiple choice', TF: 'true/false', Essay: 'essay' };

const skippedKinds: Record<string, string> = {
  Short: 'short answer',
  Numerical: 'numerical',
  Matching: 'matching',
  Description: 'description',
};

/** One question's body, or why it is skipped. */
function bodyOf(item: GIFTQuestion): { body: QuestionBody } | { jenis: string; alasan: string } {
  if (item.type === 'MC') {
    const right = item.choices.filter((c) => c.isCorrect || c.weight === 100);
    const partial = item.choices.filter((c) => !c.isCorrect && c.weight !== null && c.weight > 0);
    if (right.length > 1 || partial.length > 0)
      return { jenis: 'multiple choice', alasan: questionImportMessages.severalRightAnswers };
    const pilihan = item.choices.map((c) => ({ teks: plainText(c.text) }));
    const kunci = right.length === 1 ? item.choices.indexOf(right[0]!) : null;
    const trueFalse = asTrueFalse(
      pilihan.map((o) => o.teks),
      kunci,
    );
    return { body: trueFalse ?? { jenis: 'pilihan', pilihan, kunci } };
  }
  if (item.type === 'TF')
    return { body: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: item.isTrue } };
  if (item.type === 'Essay') return { body: { jenis: 'esay', jenis_file_diterima: ['text'], kunci: '' } };
  const jenis = skippedKinds[item.type] ?? item.type;
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
      const mapped = usesMoodleFiles(block.text)
        ? { jenis: giftKinds[item.type] ?? item.type, alasan: importImageMessages.notInFile }
        : bodyOf(item);
      if (!('body' in mapped)) {
        dilewati.push({ soal: nomor, baris, jenis: mapped.jenis, nama, alasan: mapped.alasan });
        continue;
      }
      const { question, errors } = finishQuestion(richText(item.stem), mapped.body);
      if (errors.length)
        dilewati.push({
          soal: nomor,
          baris,
          jenis: giftKinds[item.type] ?? item.type,
          nama,
          alasan: rulesReason(errors),
        });
      else soal.push({ ...question, letak: { soal: nomor, baris } });
    }
  }
  return { soal, masalah: [], dilewati };
}
