import { maxAttachmentsPerQuestion, optionImageExtensions } from '@lms/contract/question-bank.rules';
import { maxImportBytes, type SkippedQuestion } from '@lms/contract/question-import.rules';
import { checkFileContent } from '../../platform/file-content-check.ts';
import {
  importImageMessages,
  type FoundImage,
  type ImportedImage,
  type ParsedImport,
} from './imported-question.ts';

/**
 * All images of one file together, decoded: a 5 MB file cannot decode to more, so this only bites if the
 * file limit grows; it keeps the worker's memory bounded whatever the file holds.
 */
export const maxImportImageBytes = maxImportBytes;

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * One image decoded and checked: png/jpg/jpeg by content, at most `maxImageBytes`, at most `room` bytes
 * left of the file's total. The size is known before decoding: a huge image is refused without allocating it.
 */
async function decodeImage(
  file: FoundImage,
  maxImageBytes: number,
  room: number,
): Promise<Omit<ImportedImage, 'name' | 'pilihan' | 'tempat'> | { alasan: string }> {
  const base64 = file.base64.replace(/\s+/g, '');
  const estimate = Math.floor((base64.length * 3) / 4);
  if (!base64 || !base64Pattern.test(base64)) return { alasan: importImageMessages.unreadable(file.name) };
  if (estimate > maxImageBytes + 2) return { alasan: importImageMessages.tooLarge(file.name, maxImageBytes) };
  if (estimate > room + 2) return { alasan: importImageMessages.totalTooLarge };
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maxImageBytes) return { alasan: importImageMessages.tooLarge(file.name, maxImageBytes) };
  if (bytes.length > room) return { alasan: importImageMessages.totalTooLarge };
  const checked = await checkFileContent(file.name, bytes, optionImageExtensions);
  if ('refused' in checked) return { alasan: importImageMessages.notImage(file.name) };
  return { extension: checked.extension, contentType: checked.contentType, bytes: new Uint8Array(bytes) };
}

/**
 * Decodes and checks the images the parser found (runs in the worker with the parser): each must be a
 * png/jpg/jpeg by its content (platform/file-content-check.ts, as an uploaded option image), at most
 * `maxImageBytes` (the college's setting for bank question files), and all of the file's together at
 * most `maxImportImageBytes`. A question with an image that fails is skipped with the reason; the others
 * keep their images, decoded, for the import to store.
 */
export async function decodeImportedImages(
  parsed: ParsedImport,
  maxImageBytes: number,
): Promise<ParsedImport> {
  if (!parsed.soal.some((q) => q.berkas)) return parsed;
  const soal: ParsedImport['soal'] = [];
  const dilewati: SkippedQuestion[] = [...parsed.dilewati];
  let total = 0;
  for (const { berkas, ...question } of parsed.soal) {
    if (!berkas) {
      soal.push(question);
      continue;
    }
    const gambar: ImportedImage[] = [];
    let alasan: string | null = null;
    if (berkas.files.filter((f) => f.pilihan === null && !f.opsional).length > maxAttachmentsPerQuestion)
      alasan = importImageMessages.tooMany(maxAttachmentsPerQuestion);
    for (const file of berkas.files) {
      if (alasan) break;
      const attachments = gambar.filter((g) => g.pilihan === null).length;
      if (file.opsional && attachments >= maxAttachmentsPerQuestion) continue;
      const checked = await decodeImage(file, maxImageBytes, maxImportImageBytes - total);
      if ('alasan' in checked) {
        if (!file.opsional) alasan = checked.alasan;
        continue;
      }
      total += checked.bytes.length;
      gambar.push({ ...checked, name: file.name, pilihan: file.pilihan, tempat: file.tempat });
    }
    const letak = question.letak ?? { soal: 0, baris: null };
    if (alasan)
      dilewati.push({ soal: letak.soal, baris: letak.baris, jenis: berkas.jenis, nama: berkas.nama, alasan });
    else soal.push({ ...question, gambar });
  }
  dilewati.sort((a, b) => a.soal - b.soal);
  return { ...parsed, soal, dilewati };
}
