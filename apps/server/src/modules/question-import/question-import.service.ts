import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { canAddBankQuestion } from '@lms/contract/question-bank.rules';
import {
  excelTemplateFileName,
  questionImportMessages,
  type ExcelTemplateKind,
  type ImportProblem,
  type SkippedQuestion,
} from '@lms/contract/question-import.rules';
import type { ImportDone, ImportPreview } from '@lms/contract/question-import.schema';
import type { BankDetail } from '@lms/contract/question-bank.schema';
import type { Db } from '../../db/database.ts';
import type { StoredQuestionFile } from '../../db/schema/question-bank.schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { fileUrl, readAll, sniffImageType, type FileStore } from '../../platform/file-storage.ts';
import {
  addQuestionsToBank,
  assertCanEditQuestionBank,
  readQuestionBank,
} from '../question-bank/question-bank.api.ts';
import { buildExcelTemplate } from './excel-template.ts';
import { readImportFileOffThread, type ImportFile } from './import-file.ts';
import { placeTextImages, shortName, type ImportedQuestion } from './imported-question.ts';
import { exportGift } from './gift.exporter.ts';
import { exportMoodleXml, type ExportImage, type ExportQuestion } from './moodle-xml.exporter.ts';

/** The failed import's error: 400 `impor_soal_gagal` with every problem (413 for a file too large). */
export function importFailed(masalah: ImportProblem[], dilewati: SkippedQuestion[] = [], status = 400) {
  const only = masalah.length === 1 ? masalah[0]! : null;
  // One problem about the whole file (no row, no question) is the message itself.
  const general = only && only.baris == null && only.soal == null && !only.kolom;
  const message = general ? only.pesan : questionImportMessages.failedSummary(masalah.length);
  return new AppError(status, 'impor_soal_gagal', message, { masalah, dilewati });
}

/**
 * The largest image an imported question may carry: the college's setting for bank question files, as
 * for an attachment or option image uploaded in the bank.
 */
export function importImageLimit(college: College): number {
  return readCollegeSettings(college).pengaturan_sistem.ukuran_max_file.soal_bank_soal * 1_000_000;
}

/**
 * Stores a question's images (decoded and checked in the worker): the question's own become its
 * attachments, and its text shows them where the file did (the placeholders point at the stored files);
 * an option's becomes its `gambar` URL, as an option image uploaded in the editor. Keys stored are added
 * to `stored`, so a failed import can remove them.
 */
async function withStoredImages(
  store: FileStore,
  collegeId: string,
  question: ImportedQuestion,
  stored: string[],
) {
  const soalFiles: StoredQuestionFile[] = [];
  const optionUrls = new Map<number, string>();
  const textUrls = new Map<string, string>();
  for (const image of question.gambar ?? []) {
    const file = await store.put(Buffer.from(image.bytes), {
      collegeId,
      contentType: image.contentType,
      fileName: image.name,
    });
    stored.push(file.key);
    if (image.pilihan === null) {
      soalFiles.push({ key: file.key, name: image.name, size: file.size, extension: image.extension });
      if (image.tempat) textUrls.set(image.tempat, fileUrl(file.key, collegeId));
    } else optionUrls.set(image.pilihan, fileUrl(file.key, collegeId));
  }
  const isi =
    question.isi.jenis === 'pilihan' || question.isi.jenis === 'pilihan_kompleks'
      ? {
          ...question.isi,
          pilihan: question.isi.pilihan.map((o, i) => ({ ...o, gambar: optionUrls.get(i) ?? null })),
        }
      : question.isi;
  return { pertanyaan: placeTextImages(question.pertanyaan, textUrls), isi, soalFiles };
}

/**
 * The file read off-thread and checked against the bank: its questions and skipped ones, or the import's
 * 400 when it cannot be read (Excel: any problem), holds nothing importable, or would pass the bank's limit.
 */
async function readForBank(db: Db, actor: Actor, bankId: string, file: ImportFile) {
  // Rights first: an outsider learns nothing about the file or the bank.
  await assertCanEditQuestionBank(db, actor, bankId);
  const parsed = await readImportFileOffThread(file);
  if (parsed.masalah.length) throw importFailed(parsed.masalah, parsed.dilewati);
  const bank = await readQuestionBank(db, actor, bankId);
  if (!canAddBankQuestion(bank.jumlah_soal, parsed.soal.length, bank.maks_soal))
    throw importFailed(
      [{ pesan: questionImportMessages.tooMany(bank.jumlah_soal, parsed.soal.length, bank.maks_soal) }],
      parsed.dilewati,
    );
  return parsed;
}

/**
 * POST …/soal/import/preview: what the file would add and what it would skip and why; adds nothing.
 * The import then sends the same file again and it is read again: nothing about the questions is taken
 * from the browser.
 */
export async function previewImport(
  db: Db,
  actor: Actor,
  bankId: string,
  file: ImportFile,
): Promise<ImportPreview> {
  const parsed = await readForBank(db, actor, bankId, file);
  return {
    status: {
      code: 'ok',
      message: questionImportMessages.previewed(parsed.soal.length, parsed.dilewati.length),
    },
    data: {
      soal: parsed.soal.map((q, i) => ({
        soal: q.letak?.soal ?? i + 1,
        baris: q.letak?.baris ?? null,
        jenis: q.isi.jenis,
        ringkasan:
          (shortName(q.pertanyaan, 120) || '(gambar)') +
          (q.gambar?.length ? ` (${q.gambar.length} gambar)` : ''),
      })),
      dilewati: parsed.dilewati,
    },
  };
}

/**
 * POST …/soal/import_excel and …/soal/import: reads the file, stores its questions' images, and adds its
 * importable questions to the bank in one transaction. Excel is all or nothing; a text file's skipped
 * questions are named in the answer. Nothing is added (and no image kept) when nothing is importable,
 * the bank's 100 would be passed or the insert fails.
 */
export async function importQuestions(
  db: Db,
  store: FileStore,
  actor: Actor,
  bankId: string,
  file: ImportFile,
): Promise<ImportDone> {
  const parsed = await readForBank(db, actor, bankId, file);
  if (!parsed.soal.length)
    throw importFailed([{ pesan: questionImportMessages.nothingImportable }], parsed.dilewati);
  const stored: string[] = [];
  try {
    const questions = [];
    for (const q of parsed.soal) questions.push(await withStoredImages(store, actor.collegeId, q, stored));
    // The bank area sanitises and checks again, locks the bank and re-checks the limit in the transaction.
    await addQuestionsToBank(db, actor, bankId, questions);
  } catch (error) {
    // Images of questions that were not added are named by no row: removed now, not a day later by the sweep.
    await Promise.all(stored.map((key) => store.delete(key).catch(() => false)));
    throw error;
  }
  return {
    status: { code: 'ok', message: questionImportMessages.done(parsed.soal.length, parsed.dilewati.length) },
    data: { jumlah_diimpor: parsed.soal.length, dilewati: parsed.dilewati },
  };
}

/**
 * All images of one export together, as stored: enough for a bank's pictures; past it the rest stay out
 * (the export's memory is bounded whatever the bank holds).
 */
export const maxExportImageBytes = 50_000_000;

const ownFileKeyPattern = /\/v2\/files\/([A-Za-z0-9_-]{24,64})\?college-id=[A-Za-z0-9._~%-]{1,100}/g;

/**
 * The images of the bank's questions that go inside an export, by their address: those in question texts,
 * option images and attachments that are png or jpeg (by content), of the caller's college, not private.
 */
async function loadExportImages(
  store: FileStore,
  collegeId: string,
  questions: BankDetail['list_soal'],
): Promise<Map<string, ExportImage>> {
  const wanted = new Map<string, string | null>();
  for (const q of questions) {
    for (const match of q.pertanyaan.matchAll(ownFileKeyPattern)) wanted.set(match[0], null);
    if (q.isi.jenis === 'pilihan' || q.isi.jenis === 'pilihan_kompleks')
      for (const o of q.isi.pilihan) if (o.gambar) wanted.set(o.gambar, null);
    for (const f of q.soal_files ?? []) wanted.set(f.url, f.name);
  }
  const images = new Map<string, ExportImage>();
  let total = 0;
  for (const [url, name] of wanted) {
    const key = /^\/v2\/files\/([A-Za-z0-9_-]{24,64})\?college-id=/.exec(url)?.[1];
    if (!key || !url.endsWith(`?college-id=${encodeURIComponent(collegeId)}`)) continue;
    const found = await store.get(key);
    if (!found) continue;
    if (
      found.file.collegeId !== collegeId ||
      found.file.private ||
      total + found.file.size > maxExportImageBytes
    ) {
      found.stream.destroy();
      continue;
    }
    const bytes = await readAll(found.stream);
    const type = sniffImageType(bytes);
    if (!type) continue;
    total += bytes.length;
    const extension = type === 'image/png' ? 'png' : 'jpg';
    const base = (name ?? found.file.fileName ?? 'gambar').replace(/\.[^.]*$/, '').slice(0, 100) || 'gambar';
    images.set(url, { name: `${base}.${extension}`, base64: bytes.toString('base64') });
  }
  return images;
}

/** The bank's questions and their images, for an export. */
async function readForExport(db: Db, store: FileStore, actor: Actor, bankId: string) {
  const bank = await readQuestionBank(db, actor, bankId);
  const images = await loadExportImages(store, actor.collegeId, bank.list_soal);
  const questions: ExportQuestion[] = bank.list_soal.map((q) => ({
    nomor: q.nomor,
    pertanyaan: q.pertanyaan,
    isi: q.isi,
    lampiran: (q.soal_files ?? []).map((f) => f.url),
  }));
  return { judul: bank.judul, questions, images };
}

/** GET …/export/moodle_xml: `Bank Soal - {judul}.xml` for anyone who sees the bank (as its PDF). */
export async function exportBankMoodleXml(
  db: Db,
  store: FileStore,
  actor: Actor,
  bankId: string,
): Promise<{ fileName: string; body: string }> {
  const bank = await readForExport(db, store, actor, bankId);
  return {
    fileName: `Bank Soal - ${bank.judul}.xml`,
    body: exportMoodleXml(bank.judul, bank.questions, bank.images),
  };
}

/** GET …/export/gift: `Bank Soal - {judul}.gift.txt` for anyone who sees the bank, as the Moodle XML export. */
export async function exportBankGift(
  db: Db,
  store: FileStore,
  actor: Actor,
  bankId: string,
): Promise<{ fileName: string; body: string }> {
  const bank = await readForExport(db, store, actor, bankId);
  return {
    fileName: `Bank Soal - ${bank.judul}.gift.txt`,
    body: exportGift(bank.judul, bank.questions, bank.images),
  };
}

/** GET /v2/lms/bank_soal/template_impor/{jenis_soal}: the Excel template of a kind. */
export async function downloadImportTemplate(
  kind: ExcelTemplateKind,
): Promise<{ fileName: string; body: Buffer }> {
  return { fileName: excelTemplateFileName(kind), body: await buildExcelTemplate(kind) };
}

/** A form field that must be one of the allowed values (multipart fields are text). */
export function requireField<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  message: string,
): T {
  const v = (value ?? '').trim() as T;
  if (!allowed.includes(v))
    throw badRequest('impor_soal_gagal', message, { masalah: [{ pesan: message }], dilewati: [] });
  return v;
}
