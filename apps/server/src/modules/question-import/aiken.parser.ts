import type { SkippedQuestion } from '@lms/contract/question-import.rules';
import {
  asTrueFalse,
  finishQuestion,
  plainToHtml,
  rulesReason,
  type ImportedQuestion,
  type ParsedImport,
} from './imported-question.ts';

/*
 * Aiken (Moodle's multiple-choice text format): the question, then options each starting with a capital
 * letter and `.` or `)`, then `ANSWER: <letter>`. Read as leniently as Moodle's importer: blank lines
 * anywhere, a question over several lines, no space after `A)`. Every question is a pilihan (two options
 * True/False, Benar/Salah or Ya/Tidak: a benar_salah); one that
 * breaks a format rule or ours (three options, one key) is skipped with its number, line and reason.
 */

const optionLine = /^([A-Z])[.)]\s*(\S.*)$/;
const answerLine = /^ANSWER\s*:\s*(.*)$/i;

interface Draft {
  nomor: number;
  baris: number;
  pertanyaan: string[];
  options: Array<{ letter: string; teks: string }>;
  /** Set once the question is known to be broken: it is skipped at its end with this reason. */
  broken: string | null;
}

/** Reads an Aiken text file: every question it can, the others skipped with number, line and reason. */
export function parseAiken(text: string): ParsedImport {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const soal: ImportedQuestion[] = [];
  const dilewati: SkippedQuestion[] = [];
  let draft: Draft | null = null;
  let count = 0;

  const start = (baris: number, pertanyaan: string[], broken: string | null): Draft => {
    count += 1;
    return { nomor: count, baris, pertanyaan, options: [], broken };
  };
  const skip = (d: Draft, alasan: string) =>
    dilewati.push({
      soal: d.nomor,
      baris: d.baris,
      jenis: 'aiken',
      nama: shortText(d.pertanyaan.join(' ') || d.options[0]?.teks || ''),
      alasan,
    });

  lines.forEach((raw, index) => {
    const baris = index + 1;
    const line = raw.trim();
    if (!line) return;
    const answer = answerLine.exec(line);
    const option = answer ? null : optionLine.exec(line);
    if (answer) {
      const d = draft ?? start(baris, [], 'Teks pertanyaan dan pilihan tidak ditemukan sebelum ANSWER:');
      draft = null;
      if (d.broken) return skip(d, d.broken);
      if (!d.options.length) return skip(d, 'Pilihan jawaban ("A. ...") tidak ditemukan sebelum ANSWER:');
      const letter = answer[1]!.trim().toUpperCase();
      const key = d.options.findIndex((o) => o.letter === letter);
      if (!letter) return skip(d, 'Kunci jawaban kosong: tulis ANSWER: diikuti huruf pilihan');
      if (key < 0) return skip(d, `Kunci jawaban ${letter} tidak ada di antara pilihan`);
      // Two options True/False, Benar/Salah or Ya/Tidak: Aiken's only way to write a benar_salah.
      const { question, errors } = finishQuestion(
        plainToHtml(d.pertanyaan.join('\n')),
        asTrueFalse(
          d.options.map((o) => o.teks),
          key,
        ) ?? { jenis: 'pilihan', pilihan: d.options.map((o) => ({ teks: o.teks })), kunci: key },
      );
      if (errors.length) return skip(d, rulesReason(errors));
      soal.push({ ...question, letak: { soal: d.nomor, baris: d.baris } });
      return;
    }
    if (option) {
      draft ??= start(baris, [], 'Teks pertanyaan tidak ditemukan sebelum pilihan jawaban');
      const letter = option[1]!;
      if (draft.options.some((o) => o.letter === letter))
        draft.broken ??= `Pilihan ${letter} muncul lebih dari sekali`;
      draft.options.push({ letter, teks: option[2]!.trim() });
      return;
    }
    // Question text: the start of a question, or more of it before its first option.
    if (draft && !draft.options.length) {
      draft.pertanyaan.push(line);
      return;
    }
    // A new question while the last one still waits for its ANSWER: that one ends unfinished.
    if (draft) skip(draft, 'Baris ANSWER: tidak ditemukan untuk soal ini');
    draft = start(baris, [line], null);
  });
  if (draft) skip(draft, 'Baris ANSWER: tidak ditemukan untuk soal ini');
  return { soal, masalah: [], dilewati };
}

function shortText(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
