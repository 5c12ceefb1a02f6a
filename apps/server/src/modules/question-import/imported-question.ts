import { decodeHTML, escapeUTF8 } from 'entities';
import sanitizeHtml from 'sanitize-html';
import { validateQuestion, type QuestionBody } from '@lms/contract/exam.rules';
import { questionInputSchema } from '@lms/contract/exam.schema';
import {
  questionImportMessages,
  type ImportProblem,
  type SkippedQuestion,
} from '@lms/contract/question-import.rules';
import type { AcceptedAnswer } from '@lms/contract/question-kinds.rules';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';

/** A question read from a file, sanitised and checked by the shared rules: ready to insert. */
export interface ImportedQuestion {
  pertanyaan: string;
  isi: QuestionBody;
  /** Where it is in a text file (its number and first line), for the preview. */
  letak?: { soal: number; baris: number | null };
  /** Images the file carries for it (Moodle XML), as found: decoded and checked by `decodeImportedImages`. */
  berkas?: { jenis: string; nama: string; files: FoundImage[] };
  /** Its images once decoded and checked: stored by the import (never by the preview). */
  gambar?: ImportedImage[];
}

/**
 * An image a question carries in the file (Moodle XML `<file encoding="base64">` beside a text that names
 * it as `@@PLUGINFILE@@/name`, Moodle 1.9's `<image>`/`<image_base64>`, a GIFT `data:` URL): where it goes
 * (the question, or the option of that index) and its base64, still undecoded. `tempat` is the
 * placeholder address the question's text holds where the image was shown (`pendingTextImage`), null
 * for an image the text does not show (an attachment only, or an option's).
 */
export interface FoundImage {
  name: string;
  base64: string;
  pilihan: number | null;
  tempat: string | null;
  /**
   * A file the question carries but does not show (Moodle keeps every file of a text's area): kept as an
   * attachment when it is an image that fits, left out otherwise instead of skipping the question.
   */
  opsional?: boolean;
}

/** A found image decoded and checked by content: what the import stores. */
export interface ImportedImage {
  name: string;
  extension: string;
  contentType: string;
  bytes: Uint8Array;
  pilihan: number | null;
  tempat: string | null;
}

/**
 * The `gambar` an option with an image carries until the import stores it and puts its URL there: it
 * lets the shared rules see that an option with no text is not empty.
 */
export const pendingOptionImage = (name: string) => `berkas:${name}`;

/**
 * Where the question's text shows its image number `index` until the import stores it: shaped like one of
 * our file addresses, so the sanitiser keeps the `<img>` (rich text shows only our own files), and
 * replaced by the stored file's address before the question is added (`placeTextImages`).
 */
export function pendingTextImage(index: number): string {
  return `/v2/files/imporgambar${String(index).padStart(13, '0')}?college-id=impor`;
}

const pendingTextImagePattern = /\/v2\/files\/imporgambar\d{13}\?college-id=impor/g;

/**
 * The question's text with each placeholder of `pendingTextImage` replaced by the stored image's address;
 * an `<img>` whose placeholder names no stored image (a file that wrote one by hand) goes.
 */
export function placeTextImages(html: string, urls: Map<string, string>): string {
  return html
    .replace(pendingTextImagePattern, (placeholder) => urls.get(placeholder) ?? placeholder)
    .replace(/<img\b[^>]*imporgambar\d{13}[^>]*>/g, '');
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
 * Whether a text points at files stored in Moodle (`@@PLUGINFILE@@/…`): GIFT and Aiken cannot carry
 * them, and the question without its picture would mislead.
 */
export function usesMoodleFiles(text: string): boolean {
  return text.includes('@@PLUGINFILE@@');
}

/** Why a question with images is skipped (Indonesian, shown in the preview and the import's answer). */
export const importImageMessages = {
  notInFile:
    'Soal berisi gambar atau berkas dari Moodle (@@PLUGINFILE@@) yang tidak disertakan di file; ekspor ulang sebagai Moodle XML dari Moodle atau tambahkan gambarnya secara manual',
  missing: (name: string) =>
    `Gambar ${name} dirujuk soal ini tetapi tidak disertakan di file; tambahkan gambarnya secara manual`,
  notImage: (name: string) => `Berkas ${name} bukan gambar png, jpg atau jpeg`,
  unreadable: (name: string) => `Gambar ${name} tidak dapat dibaca (base64 rusak)`,
  tooLarge: (name: string, maxBytes: number) =>
    `Gambar ${name} lebih dari ${Math.round(maxBytes / 100_000) / 10} MB`,
  totalTooLarge: 'Gambar-gambar di file melebihi batas ukuran total; bagi soal ke beberapa file',
  tooMany: (max: number) => `Soal berisi lebih dari ${max} gambar`,
  optionSeveral: 'Satu pilihan jawaban berisi lebih dari satu gambar',
  keyImages: 'Gambar pada kunci jawaban esai belum dapat diimpor; tambahkan soal ini secara manual',
} as const;

const truthPairs: Array<[string, string, { benar: string; salah: string }]> = [
  ['true', 'false', { benar: 'Benar', salah: 'Salah' }],
  ['benar', 'salah', { benar: 'Benar', salah: 'Salah' }],
  ['ya', 'tidak', { benar: 'Ya', salah: 'Tidak' }],
];

/**
 * A two-option choice whose options are True/False, Benar/Salah or Ya/Tidak (any case, a final period
 * allowed) as our benar_salah: Moodle's Aiken and GIFT have no other way to write one, and our pilihan
 * needs three options. Anything else stays a pilihan (and is skipped by the rules).
 */
export function asTrueFalse(options: string[], kunci: number | null): QuestionBody | null {
  if (options.length !== 2) return null;
  const words = options.map((o) => o.trim().replace(/\.$/, '').toLowerCase());
  for (const [yes, no, label] of truthPairs) {
    const right = words.indexOf(yes);
    if (right < 0 || !words.includes(no)) continue;
    return { jenis: 'benar_salah', label, kunci: kunci === null ? null : kunci === right };
  }
  return null;
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
  const trimmed = (texts: string[]) => texts.map((t) => t.trim());
  const accepted = (answers: AcceptedAnswer[]) => answers.map((a) => ({ ...a, teks: a.teks.trim() }));
  let isi: QuestionBody = body;
  if (body.jenis === 'pilihan' || body.jenis === 'pilihan_kompleks')
    isi = { ...body, pilihan: body.pilihan.map((o) => ({ teks: o.teks.trim(), gambar: o.gambar ?? null })) };
  else if (body.jenis === 'esay')
    isi = {
      ...body,
      kunci: sanitizeRichText(body.kunci),
      jenis_file_diterima: [...new Set(body.jenis_file_diterima)],
    };
  else if (body.jenis === 'isian_singkat') isi = { ...body, jawaban: accepted(body.jawaban) };
  else if (body.jenis === 'numerik')
    isi = { ...body, satuan: body.satuan.map((u) => ({ ...u, satuan: u.satuan.trim() })) };
  else if (body.jenis === 'menjodohkan')
    isi = {
      jenis: 'menjodohkan',
      pasangan: body.pasangan.map((p) => ({ kiri: p.kiri.trim(), kanan: p.kanan.trim() })),
      pengecoh: trimmed(body.pengecoh),
    };
  else if (body.jenis === 'isian_rumpang')
    isi = {
      ...body,
      rumpang: body.rumpang.map((g) =>
        g.jenis === 'pilihan'
          ? { ...g, pilihan: trimmed(g.pilihan) }
          : { ...g, jawaban: accepted(g.jawaban) },
      ),
    };
  const errors = validateQuestion({ pertanyaan, body: isi });
  // The bank's bounds (as many answers, pairs, gaps and characters as its form takes): a file may hold more.
  const bounds = questionInputSchema.safeParse({ pertanyaan, isi });
  if (!errors.length && !bounds.success) {
    const issue = bounds.error.issues[0]!;
    errors.push({ field: 'isi', message: questionImportMessages.tooBig(boundsDetail(issue)) });
  }
  return { question: { pertanyaan, isi }, errors };
}

const boundNames: Record<string, string> = {
  pertanyaan: 'teks pertanyaan',
  pilihan: 'pilihan jawaban',
  jawaban: 'jawaban',
  satuan: 'satuan',
  bobot: 'bobot',
  pasangan: 'pasangan',
  pengecoh: 'pengecoh',
  rumpang: 'rumpang',
  teks: 'teks jawaban',
  kiri: 'teks pasangan',
  kanan: 'teks pasangan',
  kunci: 'kunci jawaban',
};

/** Which bound a question passes, in words: `pilihan jawaban paling banyak 26`. */
function boundsDetail(issue: { path: PropertyKey[]; code: string; maximum?: unknown }): string {
  const field = [...issue.path].reverse().find((p) => typeof p === 'string' && p in boundNames) as
    string | undefined;
  const name = field ? boundNames[field]! : 'isi soal';
  if (issue.code === 'too_big' && issue.maximum !== undefined)
    return `${name} paling banyak ${String(issue.maximum)}${field === 'pertanyaan' || field === 'teks' || field === 'kiri' || field === 'kanan' ? ' karakter' : ''}`;
  return `${name} tidak valid`;
}
