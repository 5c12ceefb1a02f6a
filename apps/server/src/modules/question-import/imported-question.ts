import { decodeHTML, escapeUTF8 } from 'entities';
import sanitizeHtml from 'sanitize-html';
import { validateQuestion, type QuestionBody } from '@lms/contract/exam.rules';
import type { ImportProblem, SkippedQuestion } from '@lms/contract/question-import.rules';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';

/** A question read from a file, sanitised and checked by the shared rules: ready to insert. */
export interface ImportedQuestion {
  pertanyaan: string;
  isi: QuestionBody;
  /** Where it is in a text file (its number and first line), for the preview. */
  letak?: { soal: number; baris: number | null };
}

/**
 * What a parser read: the questions, the problems (an Excel file with any problem, or a text file that
 * cannot be read at all, imports nothing), and the questions of a text file that are skipped with reasons.
 */
export interface ParsedImport {
  soal: ImportedQuestion[];
  masalah: ImportProblem[];
  dilewati: SkippedQuestion[];
}

/**
 * Whether a Moodle text points at files stored in Moodle (`@@PLUGINFILE@@/…`, with or without the files
 * inlined as base64): they are not imported yet, and the question without its picture would mislead.
 */
export function usesMoodleFiles(text: string): boolean {
  return text.includes('@@PLUGINFILE@@');
}

/** The reason for skipping a question that breaks the shared rules: their messages, in one sentence. */
export function rulesReason(errors: Array<{ message: string }>): string {
  return [...new Set(errors.map((e) => e.message))].join('; ');
}

/** Plain text (an Excel cell, an Aiken line) as rich text: escaped, paragraphs by blank lines, line breaks. */
export function plainToHtml(text: string): string {
  return escapeUTF8(text)
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** HTML (a Moodle answer, a GIFT choice) as the plain text an option holds: tags gone, entities decoded. */
export function htmlToPlain(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, ' ').replace(/<\/p>\s*<p[^>]*>/gi, ' ');
  const text = sanitizeHtml(withBreaks, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  });
  return decodeHTML(text).replace(/\s+/g, ' ').trim();
}

/** The start of a question's text for messages (a skipped question's name when it has none). */
export function shortName(html: string, max = 60): string {
  const text = htmlToPlain(html);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A question's final form: rich text sanitised by the server's sanitiser (the question's text and an
 * essay's key), options as trimmed plain text (shown as text everywhere: `<script>` in an option of a
 * web-programming question is the answer's text; parsers of HTML formats turn HTML into text first), then the shared rules of spec 3 §5. Answers the question,
 * or the rule messages with the field each is about.
 */
export function finishQuestion(
  pertanyaanHtml: string,
  body: QuestionBody,
): { question: ImportedQuestion; errors: Array<{ field: string; message: string }> } {
  const pertanyaan = sanitizeRichText(pertanyaanHtml);
  const isi: QuestionBody =
    body.jenis === 'pilihan'
      ? { ...body, pilihan: body.pilihan.map((o) => ({ teks: o.teks.trim(), gambar: null })) }
      : body.jenis === 'esay'
        ? {
            ...body,
            kunci: sanitizeRichText(body.kunci),
            jenis_file_diterima: [...new Set(body.jenis_file_diterima)],
          }
        : body;
  return { question: { pertanyaan, isi }, errors: validateQuestion({ pertanyaan, body: isi }) };
}
