/*
 * Files on exam questions (spec 3 §5, issue 13): a question's attachments (soal_ujian), an essay key's
 * attachments (kunci_ujian, no audio or video, the same kinds as the question bank) and the files a
 * student attaches to an essay answer (jawaban_ujian), limited to the question's jenis_file_diterima.
 * Used by the server (which decides, by content) and the web (which explains before uploading).
 */
import type { EssayFileType } from './exam.rules.ts';

/** The extensions each accepted answer file type stands for ("text" is the typed answer itself). */
export const essayFileExtensions: Record<EssayFileType, readonly string[]> = {
  text: [],
  image: ['png', 'jpg', 'jpeg'],
  pdf: ['pdf'],
  docs: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
  compressed: ['zip', 'rar'],
};

/** At most this many files on one essay answer. */
export const maxAnswerFiles = 5;

/** The extensions an essay answer may carry, from the question's jenis_file_diterima. */
export function answerFileExtensions(accepted: readonly EssayFileType[]): string[] {
  return [...new Set(accepted.flatMap((t) => essayFileExtensions[t]))];
}

/** Texts of the exam's files (ours; the spec shows none). */
export const examFileMessages = {
  noFilesAccepted: 'Soal ini tidak menerima lampiran jawaban.',
  answerFileType: (extensions: readonly string[]) =>
    `Lampiran jawaban harus berupa ${extensions.join(', ')}.`,
  tooManyAnswerFiles: `Paling banyak ${maxAnswerFiles} lampiran jawaban.`,
  notChosen: 'Pilih file terlebih dahulu.',
  uploadFailed: 'Gagal mengunggah lampiran. Coba lagi.',
  keptOnDevice: (names: string) =>
    `Koneksi terputus: ${names} disimpan di perangkat ini dan diunggah otomatis saat koneksi kembali.`,
} as const;
