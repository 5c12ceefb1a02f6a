import type { UserInfo } from '@lms/contract/auth.schema';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ActingStudent, LecturerDirectoryItem, StudentDirectoryItem } from '@lms/contract/user.schema';
import { avatarUrl } from '../../platform/file-storage.ts';
import type {
  LecturerDirectoryRow,
  StudentDirectoryRow,
  StudentSearchRow,
  UserProfileRow,
} from './user.repository.ts';

/** GET /v2/user_info's answer. */
export function presentUserInfo(
  profile: UserProfileRow,
  actingOperator: UserProfileRow | undefined,
): UserInfo {
  const { user } = profile;
  const isStudent = user.role === 'mahasiswa';
  return {
    id: user.id,
    username: user.username,
    nama: user.nama,
    role: user.role,
    status: isStudent ? (profile.studentStatus ?? 'Aktif') : 'Aktif',
    // Without a photo the client shows its placeholder.
    foto_url: avatarUrl(user.avatarKey, user.collegeId),
    college_id: user.collegeId,
    permissions: user.role === 'operator' ? (user.operatorPermissions ?? {}) : null,
    operator_scope: user.role === 'operator' ? user.operatorScope : null,
    prodi: isStudent && profile.prodi?.id ? profile.prodi : null,
    acting_operator: actingOperator
      ? { id: actingOperator.user.id, username: actingOperator.user.username, nama: actingOperator.user.nama }
      : null,
  };
}

/** One student in the "Login Akun Lain" list. */
export function presentActingStudent(row: StudentSearchRow): ActingStudent {
  return {
    username: row.username,
    nim: row.nim ?? row.username,
    nama: row.nama,
    prodi: row.prodi?.nama ? { nama: row.prodi.nama, jenjang: row.prodi.jenjang } : null,
    status: row.status ?? 'Aktif',
    is_active: row.isActive,
  };
}

function presentProgram(prodi: { id: string | null; nama: string | null; jenjang: string | null } | null) {
  return prodi?.id ? { id: prodi.id, nama: prodi.nama ?? '', jenjang: prodi.jenjang ?? '' } : null;
}

/** One lecturer of the directory, named with titles. */
export function presentLecturerDirectoryItem(row: LecturerDirectoryRow): LecturerDirectoryItem {
  return {
    id: row.id,
    nidn: row.nidn,
    nama: formatTeacherName({
      gelar_depan: row.gelarDepan,
      nama_pengajar: row.nama,
      gelar_akademik: row.gelarAkademik,
    }),
    prodi: presentProgram(row.prodi),
  };
}

/** One student of the directory. */
export function presentStudentDirectoryItem(row: StudentDirectoryRow): StudentDirectoryItem {
  return {
    id: row.id,
    nim: row.nim,
    nama: row.nama,
    prodi: presentProgram(row.prodi),
    angkatan: row.angkatan,
    status: row.status,
  };
}
