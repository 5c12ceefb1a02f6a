import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { restrictedExamKinds } from './college-settings.rules.ts';

/** GET /v2/lms/check_pembatasan?ujian=uts|uas adds that exam's attendance requirement. */
export const accessRestrictionQuerySchema = z.object({
  ujian: z
    .union([z.enum(restrictedExamKinds), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
});

/** PUT /v2/lms/pembatasan/tunggakan/{nim}: an operator sets or clears a student's unpaid-fee flag. */
export const feeHoldUpdateSchema = z.object({
  tunggakan: z.boolean(),
  keterangan: z.string().trim().max(200, 'Keterangan maksimal 200 karakter.').default(''),
});
export type FeeHoldUpdate = z.infer<typeof feeHoldUpdateSchema>;
export const feeHoldParamsSchema = z.object({ nim: z.string().trim().min(1).max(50) });

/** A student's unpaid-fee flag. */
export const feeHoldSchema = z.object({
  nim: z.string(),
  nama: z.string(),
  tunggakan: z.boolean(),
  keterangan: z.string(),
  diubah_pada: z.iso.datetime({ offset: true }).nullable(),
});
export type FeeHold = z.infer<typeof feeHoldSchema>;
export const feeHoldResponseSchema = dataOf(feeHoldSchema);

/** GET /v2/lms/pembatasan/tunggakan?search&page&per_page: students on hold, newest first. */
export const feeHoldListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100, 'Pencarian maksimal 100 karakter.').default(''),
});
export type FeeHoldListQuery = z.infer<typeof feeHoldListQuerySchema>;

/** One student on hold: since when and by whom. */
export const feeHoldListItemSchema = z.object({
  nim: z.string(),
  nama: z.string(),
  prodi: z.string(),
  keterangan: z.string(),
  sejak: z.iso.datetime({ offset: true }),
  ditandai_oleh: z.string().nullable(),
});
export type FeeHoldListItem = z.infer<typeof feeHoldListItemSchema>;
export const feeHoldListResponseSchema = pageOf(feeHoldListItemSchema);

/**
 * Importing the finance office's list (.xlsx or .csv; a NIM column, optional Status and Keterangan):
 * `tambah` applies the listed rows only; `ganti` takes the file as the full list, so every student on
 * hold who is not held by the file is cleared.
 */
export const feeHoldImportModes = ['tambah', 'ganti'] as const;
export type FeeHoldImportMode = (typeof feeHoldImportModes)[number];
export const feeHoldImportModeLabels: Record<FeeHoldImportMode, string> = {
  tambah: 'Tambahkan dari file (mahasiswa lain tidak berubah)',
  ganti: 'File adalah daftar lengkap (tunggakan lain dihapus)',
};
/** Bounds of an import file: bytes sent, data rows, and bytes once an .xlsx is unpacked. */
export const feeHoldImportLimits = { maxBytes: 2_000_000, maxRows: 10_000, maxUnpackedBytes: 30_000_000 };
/** How many unknown NIMs a preview lists, in file order (the count is always complete). */
export const feeHoldImportUnknownListed = 20;
export const feeHoldImportTemplateFileName = 'template-tunggakan-biaya.xlsx';

export const feeHoldImportMessages = {
  fileNotChosen: 'Pilih file .xlsx atau .csv dari bagian keuangan.',
  tooLarge: `Ukuran file maksimal ${feeHoldImportLimits.maxBytes / 1_000_000} MB.`,
  unreadable:
    'File tidak dapat dibaca. Gunakan file Excel (.xlsx) atau CSV dengan kolom NIM, seperti pada template.',
  xlsUnsupported: 'Format .xls (Excel 97-2003) tidak didukung. Simpan ulang sebagai .xlsx atau .csv.',
  tooManyRows: `File berisi lebih dari ${feeHoldImportLimits.maxRows.toLocaleString('id-ID')} baris. Pecah menjadi beberapa file.`,
  unpackedTooLarge: 'Isi file terlalu besar untuk daftar NIM. Hapus lembar atau kolom yang tidak diperlukan.',
  noNimColumn: 'Kolom NIM tidak ditemukan di baris pertama. Gunakan template.',
  noRows: 'File tidak berisi NIM.',
  modeNotChosen: 'Pilih cara impor: tambah atau ganti.',
};

/** An unrecognised Status cell, named by its row. */
export function feeHoldStatusProblem(row: number, value: string): string {
  return `Baris ${row}: status "${value}" tidak dikenal. Isi "Tunggakan" atau "Lunas".`;
}

/** What an import would do, for both modes; nothing is changed by the preview. */
export const feeHoldImportPreviewSchema = z.object({
  jumlah_baris: z.number().int(),
  tetap: z.number().int(),
  tambah: z.object({ ditandai: z.number().int(), dihapus: z.number().int() }),
  ganti: z.object({ ditandai: z.number().int(), dihapus: z.number().int() }),
  jumlah_tidak_dikenal: z.number().int(),
  /** Each unknown NIM with the file row (as Excel numbers it) where it first appears. */
  tidak_dikenal: z.array(z.object({ nim: z.string(), baris: z.number().int() })),
});
export type FeeHoldImportPreview = z.infer<typeof feeHoldImportPreviewSchema>;
export const feeHoldImportPreviewResponseSchema = dataOf(feeHoldImportPreviewSchema);

/** What an applied import did. */
export const feeHoldImportResultSchema = z.object({
  mode: z.enum(feeHoldImportModes),
  ditandai: z.number().int(),
  dihapus: z.number().int(),
  jumlah_tidak_dikenal: z.number().int(),
});
export type FeeHoldImportResult = z.infer<typeof feeHoldImportResultSchema>;
export const feeHoldImportResultResponseSchema = dataOf(feeHoldImportResultSchema);
