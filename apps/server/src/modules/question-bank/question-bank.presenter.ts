import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { Question, QuestionFile } from '@lms/contract/exam.schema';
import type { BankAccess, BankDetail, BankListItem } from '@lms/contract/question-bank.schema';
import type { StoredQuestionFile } from '../../db/schema/question-bank.schema.ts';
import { fileUrl } from '../../platform/file-storage.ts';
import type { BankQuestionRow, BankRow } from './question-bank.repository.ts';

/** A stored attachment as the question shows it. */
export function presentQuestionFile(file: StoredQuestionFile, collegeId: string): QuestionFile {
  return {
    name: file.name,
    url: fileUrl(file.key, collegeId),
    content_length: file.size,
    extension: file.extension,
  };
}

/** A bank question in the shared question shape, numbered from 1, with its key and attachments. */
export function presentBankQuestion(row: BankQuestionRow, nomor: number): Question {
  return {
    id: row.id,
    nomor,
    jenis: row.jenis,
    pertanyaan: row.pertanyaan,
    isi: row.isi,
    soal_files: row.soalFiles.map((f) => presentQuestionFile(f, row.collegeId)),
    kunci_files: row.kunciFiles.map((f) => presentQuestionFile(f, row.collegeId)),
  };
}

/** A card of the bank list. */
export function presentBankItem(row: BankRow, akses: BankAccess): BankListItem {
  return {
    id: row.id,
    judul: row.judul,
    deskripsi: row.deskripsi,
    mata_kuliah: { id: row.mataKuliahId, kode: row.kodeMataKuliah, nama: row.namaMataKuliah },
    id_prodi_mata_kuliah: row.prodiId,
    dosen: { id: row.dosenId, nama: row.namaDosen ?? '-' },
    jumlah_soal: Number(row.jumlahSoal),
    ditampilkan: row.ditampilkan,
    created_at: row.createdAt.toISOString(),
    akses,
  };
}

/** GET /v2/lms/bank_soal/{id}: the bank with one page of its questions (numbered in the whole bank). */
export function presentBankDetail(
  row: BankRow,
  akses: BankAccess,
  questions: { rows: Array<BankQuestionRow & { nomor: number }>; meta: PageMeta },
  limit: number,
): BankDetail {
  return {
    ...presentBankItem(row, akses),
    id_dosen: row.dosenId,
    id_mata_kuliah: row.mataKuliahId,
    pembuat: row.namaPembuat ?? row.namaDosen ?? '-',
    list_soal: questions.rows.map((q) => presentBankQuestion(q, q.nomor)),
    meta_soal: questions.meta,
    maks_soal: limit,
  };
}
