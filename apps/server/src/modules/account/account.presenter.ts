import type { Account } from '@lms/contract/account.schema';
import type { Actor } from '../../platform/actor.ts';
import { canChangeAccount } from './account.policy.ts';
import type { AccountRow } from './account.repository.ts';

/** One account as the operators' "Pengguna" screen shows it. */
export function presentAccount(row: AccountRow, actor: Actor): Account {
  return {
    id: row.id,
    role: row.role,
    username: row.username,
    nama: row.nama,
    email: row.email,
    telepon: row.telepon,
    is_active: row.isActive,
    nim: row.nim,
    angkatan: row.angkatan,
    status_mahasiswa: row.studentStatus,
    nidn: row.nidn,
    gelar_depan: row.gelarDepan,
    gelar_akademik: row.gelarAkademik,
    jabatan: row.jabatan,
    prodi: row.prodi?.id
      ? { id: row.prodi.id, nama: row.prodi.nama ?? '', jenjang: row.prodi.jenjang ?? '' }
      : null,
    terakhir_aktif: row.lastActiveAt?.toISOString() ?? null,
    dibuat: row.createdAt.toISOString(),
    dapat_diubah: canChangeAccount(actor, row),
  };
}
