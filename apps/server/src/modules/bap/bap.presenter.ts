import type { ProgramSignatory } from '@lms/contract/bap.schema';
import type { ProgramSignatoryRow } from './bap.repository.ts';

/** A program's signatory as the API answers it; null while none is set. */
export function presentSignatory(row: ProgramSignatoryRow): ProgramSignatory | null {
  if (row.nama === null || row.jabatan === null || row.updatedAt === null) return null;
  return {
    id_prodi: row.prodiId,
    prodi: { nama: row.prodiNama, jenjang: row.prodiJenjang },
    jabatan: row.jabatan,
    nama: row.nama,
    nidn: row.nidn,
    nip: row.nip,
    updated_at: row.updatedAt.toISOString(),
  };
}
