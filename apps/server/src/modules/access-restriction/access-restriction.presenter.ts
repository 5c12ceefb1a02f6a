import type { FeeHold, FeeHoldListItem } from '@lms/contract/access-restriction.schema';

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

/** A row of the list of students on hold. */
export function presentFeeHoldListItem(row: {
  nim: string;
  nama: string;
  prodi: string | null;
  jenjang: string | null;
  keterangan: string;
  updatedAt: Date;
  setBy: string | null;
}): FeeHoldListItem {
  return {
    nim: row.nim,
    nama: row.nama,
    prodi: row.prodi ? [row.jenjang, row.prodi].filter(Boolean).join(' ') : '',
    keterangan: row.keterangan,
    sejak: row.updatedAt.toISOString(),
    ditandai_oleh: row.setBy,
  };
}
