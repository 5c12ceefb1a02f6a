import type { OwnSettings, Profile } from '@lms/contract/account.schema';
import { profilePhotoExtensions } from '@lms/contract/college-settings.rules';
import { avatarUrl } from '../../platform/file-storage.ts';
import type { AccountUser, ProfileRow } from './settings.repository.ts';

/** GET /v2/lms/profil's answer. */
export function presentProfile(row: ProfileRow): Profile {
  const { user, student, lecturer, prodi } = row;
  return {
    id: user.id,
    username: user.username,
    nama: user.nama,
    role: user.role,
    status: student?.status ?? 'Aktif',
    foto_url: avatarUrl(user.avatarKey, user.collegeId),
    email: user.email,
    telepon: user.telepon,
    nim: student?.nim ?? null,
    angkatan: student?.angkatan ?? null,
    nidn: lecturer?.nidn ?? null,
    gelar_depan: lecturer?.gelarDepan ?? null,
    gelar_akademik: lecturer?.gelarAkademik ?? null,
    jabatan: lecturer?.jabatan ?? null,
    prodi: prodi?.nama ? { nama: prodi.nama, jenjang: prodi.jenjang } : null,
    terdaftar_sejak: user.createdAt.toISOString(),
  };
}

/** GET /v2/lms/pengaturan/me's answer. */
export function presentOwnSettings(user: AccountUser, photoLimitMb: number, acting: boolean): OwnSettings {
  return {
    username: user.username,
    email: user.email,
    telepon: user.telepon,
    foto_url: avatarUrl(user.avatarKey, user.collegeId),
    ukuran_max_foto_mb: photoLimitMb,
    ekstensi_foto: [...profilePhotoExtensions],
    sedang_login_akun_lain: acting,
  };
}
