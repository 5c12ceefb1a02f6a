import { parse, type GIFTQuestion, type TextFormat } from 'gift-pegjs';
import type { ImportProblem, SkippedQuestion } from '@lms/contract/question-import.rules';
import type { QuestionBody } from '@lms/contract/exam.rules';
import {
  finishQuestion,
  htmlToPlain,
  plainToHtml,
  shortName,
  type ImportedQuestion,
  type ParsedImport,
} from './imported-question.ts';

/*
 * Moodle GIFT, read by gift-pegjs (the format's PEG grammar). Mapped: multiple choice with exactly one
 * right answer (pilihan), true/false (benar_salah), essay (esay). Short answer, numerical, matching,
 * descriptions and multiple choice with several right answers are reported as skipped, with their names.
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

/**
 * The first line of each item (question or category) in the file, in order: items are separated by
 * blank lines, and comment-only blocks are not items. Null when it does not line up with the parser's.
 */
function itemLines(text: string, expected: number): Array<number | null> {
  const starts: number[] = [];
  let inBlock = false;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) {
      inBlock = false;
      return;
    }
    if (line.startsWith('//')) return;
    if (!inBlock) starts.push(index + 1);
    inBlock = true;
  });
  return starts.length === expected ? starts : Array.from({ length: expected }, () => null);
}

const skippedKinds: Record<string, string> = {
  Short: 'short answer',
  Numerical: 'numerical',
  Matching: 'matching',
  Description: 'description',
};

/** Reads a GIFT file; a syntax error names its line and column, other problems the question's number. */
export function parseGift(text: string): ParsedImport {
  const source = text.replace(/^\uFEFF/, '');
  let items: GIFTQuestion[];
  try {
    items = parse(source);
  } catch (error) {
    const location = (error as { location?: { start: { line: number; column: number } } }).location;
    const found = (error as { found?: string | null }).found;
    const near = found ? ` di dekat "${found}"` : ' (file berakhir sebelum soal selesai)';
    return {
      soal: [],
      dilewati: [],
      masalah: [
        {
          baris: location?.start.line ?? null,
          kolom: location ? String(location.start.column) : null,
          pesan: `Format GIFT tidak valid${near}. Periksa tanda { } dan karakter khusus (~ = # { } :) yang harus diawali \\.`,
        },
      ],
    };
  }
  const lines = itemLines(source, items.length);
  const soal: ImportedQuestion[] = [];
  const masalah: ImportProblem[] = [];
  const dilewati: SkippedQuestion[] = [];
  let nomor = 0;
  items.forEach((item, index) => {
    if (item.type === 'Category') return;
    nomor += 1;
    const baris = lines[index] ?? null;
    const nama = item.title?.trim() || shortName(richText(item.stem));
    let body: QuestionBody | null = null;
    let jenisLewat: string | null = skippedKinds[item.type] ?? null;
    if (item.type === 'MC') {
      const right = item.choices.filter((c) => c.isCorrect || c.weight === 100);
      const partial = item.choices.filter((c) => !c.isCorrect && c.weight !== null && c.weight > 0);
      if (right.length > 1 || partial.length > 0)
        jenisLewat = 'multiple choice (lebih dari satu jawaban benar)';
      else
        body = {
          jenis: 'pilihan',
          pilihan: item.choices.map((c) => ({ teks: plainText(c.text) })),
          kunci: right.length === 1 ? item.choices.indexOf(right[0]!) : null,
        };
    } else if (item.type === 'TF') {
      body = { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: item.isTrue };
    } else if (item.type === 'Essay') {
      body = { jenis: 'esay', jenis_file_diterima: ['text'], kunci: '' };
    }
    if (!body) {
      dilewati.push({ soal: nomor, baris, jenis: jenisLewat ?? item.type, nama });
      return;
    }
    const { question, errors } = finishQuestion(richText(item.stem), body);
    if (errors.length) for (const e of errors) masalah.push({ soal: nomor, baris, pesan: e.message });
    else soal.push(question);
  });
  return { soal, masalah, dilewati };
}
