import { maxAttachmentsPerQuestion, optionImageExtensions } from '@lms/contract/question-bank.rules';
import { maxImportBytes, type SkippedQuestion } from '@lms/contract/question-import.rules';
import { checkFileContent } from '../../platform/file-content-check.ts';
import { importImageMessages, type ImportedImage, type ParsedImport } from './imported-question.ts';

/**
 * All images of one file together, decoded: a 5 MB file cannot decode to more, so this only bites if the
 * file limit grows; it keeps the worker's memory bounded whatever the file holds.
 */
export const maxImportImageBytes = maxImportBytes;

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

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
    if (berkas.files.filter((f) => f.pilihan === null).length > maxAttachmentsPerQuestion)
      alasan = importImageMessages.tooMany(maxAttachmentsPerQuestion);
    for (const file of berkas.files) {
      if (alasan) break;
      const base64 = file.base64.replace(/\s+/g, '');
      // The size is known before decoding: a huge image is refused without allocating it.
      const estimate = Math.floor((base64.length * 3) / 4);
      if (!base64 || !base64Pattern.test(base64)) alasan = importImageMessages.unreadable(file.name);
      else if (estimate > maxImageBytes + 2) alasan = importImageMessages.tooLarge(file.name, maxImageBytes);
      else if (total + estimate > maxImportImageBytes) alasan = importImageMessages.totalTooLarge;
      if (alasan) break;
      const bytes = Buffer.from(base64, 'base64');
      total += bytes.length;
      if (bytes.length > maxImageBytes) {
        alasan = importImageMessages.tooLarge(file.name, maxImageBytes);
        break;
      }
      const checked = await checkFileContent(file.name, bytes, optionImageExtensions);
      if ('refused' in checked) {
        alasan = importImageMessages.notImage(file.name);
        break;
      }
      gambar.push({ ...checked, name: file.name, bytes: new Uint8Array(bytes), pilihan: file.pilihan });
    }
    const letak = question.letak ?? { soal: 0, baris: null };
    if (alasan)
      dilewati.push({ soal: letak.soal, baris: letak.baris, jenis: berkas.jenis, nama: berkas.nama, alasan });
    else soal.push({ ...question, gambar });
  }
  dilewati.sort((a, b) => a.soal - b.soal);
  return { ...parsed, soal, dilewati };
}
