import type { FeeHold } from '@lms/contract/access-restriction.schema';

/** A student's flag as the API answers it. */
export function presentFeeHold(row: {
  nim: string;
  nama: string;
  hold: { keterangan: string; updatedAt: Date } | null;
}): FeeHold {
  return {
    nim: row.nim,
    nama: row.nama,
    tunggakan: !!row.hold?.updatedAt,
    keterangan: row.hold?.keterangan ?? '',
    diubah_pada: row.hold?.updatedAt ? row.hold.updatedAt.toISOString() : null,
  };
}
