/*
 * The question bank (spec 3 §2, §3, §5, §8, §9): the bank form's limits, the question limit (a college
 * setting, 100 by default as the spec has it),
 * attachment kinds (keys exclude audio and video) and the bank's texts. Used by the server (which
 * decides) and the web (which explains). The question itself is the shared model of exam.rules.ts.
 */

/** spec 3 §9: a bank's questions when the college sets no other limit. */
export const defaultMaxBankQuestions = 100;
/** The highest limit a college may set (a bank is listed and searched a page at a time). */
export const maxBankQuestionsCeiling = 5000;
export const maxBankTitle = 100;
export const maxBankDescription = 300;

/** Question attachment types (spec 3 §5). */
export const questionAttachmentExtensions = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'zip',
  'rar',
  'png',
  'jpg',
  'jpeg',
  'mp3',
  'wav',
  'mp4',
  'webm',
] as const;
const audioVideo = new Set(['mp3', 'wav', 'mp4', 'webm']);
/** Key attachments: the question's types without audio and video. */
export const keyAttachmentExtensions = questionAttachmentExtensions.filter((e) => !audioVideo.has(e));
/** Option images. */
export const optionImageExtensions = ['png', 'jpg', 'jpeg'] as const;
/** At most this many files per question and per key. */
export const maxAttachmentsPerQuestion = 5;

/** The `accept` attribute for a list of extensions. */
export function acceptOf(extensions: readonly string[]): string {
  return extensions.map((e) => `.${e}`).join(',');
}

/** Whether another question may be added (the add button is disabled at the college's limit). */
export function canAddBankQuestion(count: number, adding: number, limit: number): boolean {
  return count + adding <= limit;
}

/** The texts of spec 3 §5 and §8 letter for letter, and ours where the spec shows none. */
export const questionBankMessages = {
  incomplete: 'Pengisian Data Belum Lengkap!',
  optionRequired: 'Pilihan jawaban wajib diisi',
  noneSelected: 'Tidak ada soal yang dipilih',
  fileNotChosen: 'File belum dipilih',
  uploadFailed: 'Gagal upload file',
  deleteFileFailed: 'Gagal hapus file',
  deleteFileDone: 'Berhasil hapus file',
  emptyBank: 'Belum ada soal',
  emptyTitle: 'Ups! Data Kosong',
  emptyDetail: 'Belum ada soal yang tersedia pada bank soal ini.',
  judulRequired: 'Judul wajib diisi',
  judulTooLong: 'Judul maksimal 100 karakter',
  deskripsiRequired: 'Deskripsi wajib diisi',
  deskripsiTooLong: 'Deskripsi maksimal 300 karakter',
  mataKuliahRequired: 'Mata kuliah wajib dipilih',
  dosenRequired: 'Dosen wajib dipilih',
  tooManyQuestions: (limit: number) => `Bank soal paling banyak berisi ${limit} soal`,
  attachmentType: (kind: 'soal' | 'kunci') =>
    kind === 'soal'
      ? 'Lampiran soal harus berupa pdf, doc, docx, xls, xlsx, ppt, pptx, zip, rar, png, jpg, jpeg, mp3, wav, mp4 atau webm.'
      : 'Lampiran kunci harus berupa pdf, doc, docx, xls, xlsx, ppt, pptx, zip, rar, png, jpg atau jpeg.',
  imageType: 'Gambar pilihan harus berupa png, jpg atau jpeg.',
  notCourseTeacher: 'Dosen tidak mengajar mata kuliah ini',
  saved: 'Berhasil menyimpan bank soal',
  deleted: 'Berhasil menghapus bank soal',
  duplicated: 'Berhasil menduplikat bank soal',
  questionSaved: 'Berhasil menyimpan soal',
  questionDeleted: 'Berhasil menghapus soal',
  copied: (n: number) => `Berhasil menyalin ${n} soal`,
  deleteBankConfirm: 'Apakah Anda yakin menghapus bank soal ini beserta semua soalnya?',
  deleteQuestionConfirm: 'Apakah Anda yakin menghapus soal ini?',
} as const;

export interface BankFormInput {
  judul?: string | null;
  deskripsi?: string | null;
  id_mata_kuliah?: string | null;
  id_dosen?: string | null;
}

/** The bank modal's rules (spec 3 §5): judul ≤ 100, deskripsi ≤ 300, mata kuliah, dosen when offered. */
export function validateBankForm(
  input: BankFormInput,
  options: { requireDosen: boolean },
): Array<{ field: string; message: string }> {
  const m = questionBankMessages;
  const errors: Array<{ field: string; message: string }> = [];
  const judul = input.judul?.trim() ?? '';
  const deskripsi = input.deskripsi?.trim() ?? '';
  if (!judul) errors.push({ field: 'judul', message: m.judulRequired });
  else if (judul.length > maxBankTitle) errors.push({ field: 'judul', message: m.judulTooLong });
  if (!deskripsi) errors.push({ field: 'deskripsi', message: m.deskripsiRequired });
  else if (deskripsi.length > maxBankDescription)
    errors.push({ field: 'deskripsi', message: m.deskripsiTooLong });
  if (!input.id_mata_kuliah) errors.push({ field: 'id_mata_kuliah', message: m.mataKuliahRequired });
  if (options.requireDosen && !input.id_dosen) errors.push({ field: 'id_dosen', message: m.dosenRequired });
  return errors;
}
