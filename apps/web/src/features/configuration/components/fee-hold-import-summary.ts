import type {
  FeeHoldImportMode,
  FeeHoldImportPreview,
  FeeHoldImportResult,
} from '@lms/contract/access-restriction.schema';

/** What each way of importing does, in the operator's words (under the mode's label). */
export const feeHoldImportModeHints: Record<FeeHoldImportMode, string> = {
  tambah:
    'Mahasiswa di file berstatus Tunggakan (atau tanpa status) ditandai, yang berstatus Lunas dihapus tandanya. Mahasiswa yang tidak ada di file tidak berubah.',
  ganti:
    'File dianggap daftar lengkap dari bagian keuangan: hanya mahasiswa berstatus Tunggakan di file yang ditandai. Tunggakan semua mahasiswa lain dihapus.',
};

const count = (n: number) => n.toLocaleString('id-ID');

/** The preview's numbers for the chosen mode, each with its label, in the order they are read. */
export function feeHoldImportPreviewLines(
  preview: FeeHoldImportPreview,
  mode: FeeHoldImportMode,
): { label: string; value: string }[] {
  const effect = preview[mode];
  return [
    { label: 'Baris di file', value: count(preview.jumlah_baris) },
    { label: 'Ditandai baru', value: count(effect.ditandai) },
    { label: 'Sudah ditandai (tetap)', value: count(preview.tetap) },
    { label: 'Tunggakan dihapus', value: count(effect.dihapus) },
    { label: 'NIM tidak dikenal (dilewati)', value: count(preview.jumlah_tidak_dikenal) },
  ];
}

/**
 * The unknown NIMs as the operator fixes them in the file: one line each with its row (the server lists
 * the first few), then how many more there are.
 */
export function feeHoldUnknownNimLines(preview: FeeHoldImportPreview): string[] {
  const lines = preview.tidak_dikenal.map((u) => `Baris ${count(u.baris)}: ${u.nim} tidak dikenal`);
  const more = preview.jumlah_tidak_dikenal - preview.tidak_dikenal.length;
  return more > 0 ? [...lines, `… dan ${count(more)} lainnya`] : lines;
}

/**
 * The question asked before a `ganti` import that clears holds (null when it clears none, or in
 * `tambah`, which clears only the students the file marks Lunas and says so in the preview).
 */
export function feeHoldReplaceQuestion(
  preview: FeeHoldImportPreview,
  mode: FeeHoldImportMode,
): string | null {
  if (mode !== 'ganti' || preview.ganti.dihapus === 0) return null;
  return `Tunggakan ${count(preview.ganti.dihapus)} mahasiswa yang tidak berstatus Tunggakan di file akan dihapus, dan mereka dapat kembali mengakses LMS. Lanjutkan?`;
}

/** The line shown once an import is applied. */
export function feeHoldImportResultMessage(result: FeeHoldImportResult): string {
  const unknown = result.jumlah_tidak_dikenal
    ? `, ${count(result.jumlah_tidak_dikenal)} NIM tidak dikenal dilewati`
    : '';
  return `Impor selesai: ${count(result.ditandai)} mahasiswa ditandai, ${count(result.dihapus)} tunggakan dihapus${unknown}.`;
}
