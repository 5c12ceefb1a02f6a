import { parsePeriodCode, semesterOptionValue } from '@lms/contract/period.rules';
import type { StudentRecord, StudentSemester, StudentShortBio } from '@lms/contract/student.schema';
import { studentLevel } from '@lms/contract/student.rules';
import type { StudentBiodata } from '@lms/contract/student-biodata.schema';
import { avatarUrl } from '../../platform/file-storage.ts';
import type { StudentBiodataRow } from './student-biodata.repository.ts';
import type { StudentRow } from './student.repository.ts';

/** GET /v1/mahasiswa/{nim}'s answer; tingkat is counted in the current period. */
export function presentStudentRecord(
  student: StudentRow,
  collegeId: string,
  currentPeriod: number | undefined,
  canEditBiodata: boolean,
): StudentRecord {
  return {
    nim: student.nim,
    nama: student.nama,
    status: student.status,
    angkatan: student.angkatan,
    tingkat: currentPeriod ? studentLevel(student.angkatan, currentPeriod) : 1,
    prodi: student.prodi,
    id_prodi: student.prodi.id,
    email: student.email,
    telepon: student.telepon,
    foto_url: avatarUrl(student.avatarKey, collegeId),
    is_edit_mahasiswa: canEditBiodata,
  };
}

/** GET /v1/mahasiswa/{nim}/biodata_singkat_web's answer. */
export function presentShortBio(student: StudentRow, collegeId: string): StudentShortBio {
  return { nama: student.nama, foto_content_url: avatarUrl(student.avatarKey, collegeId) };
}

/** One period of GET /v1/mahasiswa/{nim}/tahun_semester. */
export function presentStudentSemester(row: {
  kode: number;
  label: string;
  isCurrent: boolean;
}): StudentSemester {
  const { year, term } = parsePeriodCode(row.kode);
  return {
    periode: row.kode,
    tahun: year,
    semester: term,
    label: row.label,
    value: semesterOptionValue(year, term),
    is_current: row.isCurrent,
  };
}

/** GET /v2/lms/biodata's answer: empty fields as null until the student first saves. */
export function presentStudentBiodata(
  student: StudentRow,
  biodata: StudentBiodataRow | undefined,
  canEdit: boolean,
): StudentBiodata {
  return {
    nim: student.nim,
    nama: student.nama,
    nik: biodata?.nik ?? null,
    tempat_lahir: biodata?.tempatLahir ?? null,
    tanggal_lahir: biodata?.tanggalLahir ?? null,
    alamat: biodata?.alamat ?? null,
    telepon: student.telepon,
    email: student.email,
    nama_ayah: biodata?.namaAyah ?? null,
    tanggal_lahir_ayah: biodata?.tanggalLahirAyah ?? null,
    nama_ibu: biodata?.namaIbu ?? null,
    tanggal_lahir_ibu: biodata?.tanggalLahirIbu ?? null,
    is_edit_mahasiswa: canEdit,
  };
}
