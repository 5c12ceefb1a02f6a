import {
  checkImportFileName,
  maxImportBytes,
  maxImportQuestions,
  questionImportMessages,
  type ExcelTemplateKind,
  type ImportFormat,
} from '@lms/contract/question-import.rules';
import { runInWorker } from '../../platform/worker-pool.ts';
import { parseAiken } from './aiken.parser.ts';
import { parseExcel } from './excel.parser.ts';
import { parseGift } from './gift.parser.ts';
import { decodeImportedImages } from './imported-images.ts';
import type { ParsedImport } from './imported-question.ts';
import { parseMoodleXml } from './moodle-xml.parser.ts';

/** An uploaded import file and what the user chose for it. */
export interface ImportFile {
  format: ImportFormat;
  fileName: string;
  buffer: Buffer;
  /** The template kind of an Excel file. */
  jenisSoal?: ExcelTemplateKind;
  /** The largest image a question may carry (the college's bank question file setting); default 5 MB. */
  maxImageBytes?: number;
}

/**
 * A text file's characters: UTF-8 (with or without BOM), UTF-16 with a BOM (Windows Notepad's
 * "Unicode"), otherwise Windows-1252 (Notepad's "ANSI"), so accented letters survive either way.
 */
export function decodeText(buffer: Buffer): string {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder('utf-16le').decode(buffer.subarray(2));
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder('utf-16be').decode(buffer.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

const problem = (pesan: string): ParsedImport => ({ soal: [], dilewati: [], masalah: [{ pesan }] });

/**
 * Reads a file in its chosen format. Excel: all its questions, or none and every problem (the lecturer
 * owns the template). GIFT, Aiken, Moodle XML: every question that can become one of ours, the others
 * skipped with reasons; only a file that cannot be read at all (or holds no question) has problems.
 */
export async function readImportFile(file: ImportFile): Promise<ParsedImport> {
  if (file.buffer.length > maxImportBytes) return problem(questionImportMessages.tooLarge);
  const nameProblem = checkImportFileName(file.format, file.fileName);
  if (nameProblem) return problem(nameProblem);
  let parsed: ParsedImport;
  if (file.format === 'excel') {
    if (!file.jenisSoal) return problem(questionImportMessages.kindNotChosen);
    parsed = await parseExcel(file.buffer, file.jenisSoal);
  } else {
    const text = decodeText(file.buffer);
    parsed =
      file.format === 'gift'
        ? parseGift(text)
        : file.format === 'aiken'
          ? parseAiken(text)
          : parseMoodleXml(text);
    // Images are decoded here, in the worker with the parser, so a file full of them never holds the event loop.
    parsed = await decodeImportedImages(parsed, file.maxImageBytes ?? maxImportBytes);
  }
  if (!parsed.masalah.length && !parsed.soal.length && !parsed.dilewati.length)
    return { ...parsed, masalah: [{ pesan: questionImportMessages.noQuestions }] };
  if (parsed.soal.length + parsed.dilewati.length > maxImportQuestions)
    return problem(questionImportMessages.tooManyQuestions);
  // With any problem, no question of the file is imported.
  return parsed.masalah.length ? { ...parsed, soal: [] } : parsed;
}

/** The worker thread's side of `readImportFileOffThread`: the buffer arrives as a Uint8Array. */
export async function readImportFileTask(file: ImportFile): Promise<ParsedImport> {
  const bytes = file.buffer as Uint8Array;
  return readImportFile({ ...file, buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
}

/**
 * Reads an import file in a worker thread (platform/worker-pool.ts), so that a large or hostile file
 * never holds the event loop; a file that runs the worker out of time or memory is answered as too heavy.
 */
export async function readImportFileOffThread(file: ImportFile): Promise<ParsedImport> {
  if (file.buffer.length > maxImportBytes) return problem(questionImportMessages.tooLarge);
  try {
    return await runInWorker('readImportFileTask', file);
  } catch {
    return problem(questionImportMessages.tooComplex);
  }
}
