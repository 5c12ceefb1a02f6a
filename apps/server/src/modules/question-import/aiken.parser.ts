import type { ImportProblem } from '@lms/contract/question-import.rules';
import {
  finishQuestion,
  plainToHtml,
  type ImportedQuestion,
  type ParsedImport,
} from './imported-question.ts';

/*
 * Aiken (Moodle's one-line multiple-choice format): the question on one line, then options each starting
 * with a capital letter and `.` or `)` and a space, then `ANSWER: <letter>`. Blank lines between questions
 * are allowed. Every question is a pilihan; the shared rules then ask for three options and one key.
 */

const optionLine = /^([A-Z])[.)]\s+(.*)$/;
const answerLine = /^ANSWER\s*:\s*(.*)$/i;

interface Draft {
  nomor: number;
  baris: number;
  pertanyaan: string;
  options: Array<{ letter: string; teks: string }>;
}

/** Reads an Aiken text file; problems carry the question's number and the line they are on. */
export function parseAiken(text: string): ParsedImport {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const soal: ImportedQuestion[] = [];
  const masalah: ImportProblem[] = [];
  let draft: Draft | null = null;
  // After a problem inside a question, the rest of it is passed over up to its ANSWER line.
  let skipping = false;
  let count = 0;

  const problem = (nomor: number, baris: number, pesan: string) =>
    masalah.push({ soal: nomor, baris, pesan });

  lines.forEach((raw, index) => {
    const baris = index + 1;
    const line = raw.trim();
    if (!line) return;
    const answer = answerLine.exec(line);
    if (skipping) {
      if (answer) skipping = false;
      return;
    }
    if (!draft) {
      if (answer || optionLine.test(line)) {
        count += 1;
        problem(count, baris, 'Teks pertanyaan tidak ditemukan sebelum pilihan jawaban atau ANSWER:');
        skipping = !answer;
        return;
      }
      count += 1;
      draft = { nomor: count, baris, pertanyaan: line, options: [] };
      return;
    }
    const option = optionLine.exec(line);
    if (option) {
      const letter = option[1]!;
      if (draft.options.some((o) => o.letter === letter)) {
        problem(draft.nomor, baris, `Pilihan ${letter} muncul lebih dari sekali`);
        draft = null;
        skipping = true;
        return;
      }
      draft.options.push({ letter, teks: option[2]!.trim() });
      return;
    }
    if (answer) {
      const letter = answer[1]!.trim().toUpperCase();
      const key = draft.options.findIndex((o) => o.letter === letter);
      if (!letter) problem(draft.nomor, baris, 'Kunci jawaban kosong: tulis ANSWER: diikuti huruf pilihan');
      else if (key < 0) problem(draft.nomor, baris, `Kunci jawaban ${letter} tidak ada di antara pilihan`);
      else {
        const { question, errors } = finishQuestion(plainToHtml(draft.pertanyaan), {
          jenis: 'pilihan',
          pilihan: draft.options.map((o) => ({ teks: o.teks })),
          kunci: key,
        });
        if (errors.length) for (const e of errors) problem(draft.nomor, draft.baris, e.message);
        else soal.push(question);
      }
      draft = null;
      return;
    }
    problem(
      draft.nomor,
      baris,
      draft.options.length === 0
        ? 'Pertanyaan harus ditulis dalam satu baris, diikuti pilihan seperti "A. ..." atau "A) ..."'
        : 'Baris ini bukan pilihan jawaban ("A. ...") maupun kunci ("ANSWER: A")',
    );
    draft = null;
    skipping = true;
  });
  if (draft) {
    const last = draft as Draft;
    problem(last.nomor, last.baris, 'Baris ANSWER: tidak ditemukan untuk soal ini');
  }
  return { soal, masalah, dilewati: [] };
}
