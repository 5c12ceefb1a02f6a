import type {
  ClassAccess,
  ClassDetail,
  ClassListItem,
  ClassStudent,
  ClassTeacher,
} from '@lms/contract/class.schema';
import { formatTeacherName, labelOf, teacherRoleLabels } from '@lms/contract/class.rules';
import { avatarUrl, fileUrl } from '../../platform/file-storage.ts';
import type {
  ClassBaseRow,
  ClassScheduleRow,
  ClassStudentRow,
  ClassTeacherRow,
  findCourseSyllabus,
} from './class.repository.ts';

/** Rows fetched beside a page of classes, grouped by class id. */
export interface ClassRelated {
  teachers: Map<string, ClassTeacherRow[]>;
  schedules: Map<string, ClassScheduleRow[]>;
  programs: Map<string, { nama: string; jenjang: string }[]>;
  peserta: Map<string, number>;
  pertemuan: Map<string, number>;
}

/** Groups rows by their kelasId. */
export function groupByClass<T extends { kelasId: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.kelasId, [...(map.get(row.kelasId) ?? []), row]);
  return map;
}

/** A teacher of a class. */
export function presentTeacher(row: ClassTeacherRow, collegeId: string): ClassTeacher {
  const names = { gelar_depan: row.gelarDepan, nama_pengajar: row.nama, gelar_akademik: row.gelarAkademik };
  return {
    id: row.dosenId,
    id_dosen: row.dosenId,
    nama: formatTeacherName(names),
    nidn: row.nidn,
    prodi: row.prodi?.nama ? { nama: row.prodi.nama, jenjang: row.prodi.jenjang } : null,
    jabatan: labelOf(teacherRoleLabels, row.peran),
    peran: row.peran,
    is_utama: row.isUtama,
    ...names,
    avatar_url: avatarUrl(row.avatarKey, collegeId),
  };
}

/** A class as lists show it. */
export function presentClassListItem(row: ClassBaseRow, related: ClassRelated): ClassListItem {
  return {
    id: row.id,
    status: row.status,
    banner_url: row.bannerKey ? fileUrl(row.bannerKey, row.collegeId) : null,
    banner_color_idx: row.bannerColorIdx,
    periode: row.periode,
    kelas: {
      id_kelas: row.id,
      nama: row.nama,
      nama_kelas: row.nama,
      jenis: { nama: row.jenis },
      jenis_kelas: row.jenis,
    },
    mata_kuliah: {
      id: row.course.id,
      kode: row.course.kode,
      nama: row.course.nama,
      sks: row.course.sks,
      prodi: { nama: row.courseProdi.nama, jenjang: row.courseProdi.jenjang },
    },
    prodi_kelas: (related.programs.get(row.id) ?? []).map((p) => ({ nama: p.nama, jenjang: p.jenjang })),
    mode_kuliah: row.modeKuliah,
    lingkup: row.lingkup,
    kapasitas: row.kapasitas,
    kampus: row.kampus?.id ? { nama: row.kampus.nama } : null,
    jadwal: (related.schedules.get(row.id) ?? []).map((s) => ({
      hari: s.hari,
      jam_mulai: s.jamMulai,
      jam_selesai: s.jamSelesai,
      ruangan: s.ruangan?.id ? { id: s.ruangan.id, nama: s.ruangan.nama } : null,
      sesi: s.sesi?.id ? { id: s.sesi.id, nama: s.sesi.nama } : null,
    })),
    pengajar: (related.teachers.get(row.id) ?? []).map((t) => presentTeacher(t, row.collegeId)),
    jumlah_peserta: related.peserta.get(row.id) ?? 0,
    jumlah_pertemuan: related.pertemuan.get(row.id) ?? 0,
  };
}

/** A student of a class; the class head is marked by nim. */
export function presentStudent(
  row: ClassStudentRow,
  ketuaNim: string | null,
  collegeId: string,
): ClassStudent {
  return {
    id: row.id,
    nim: row.nim,
    nama: row.nama,
    avatar_url: avatarUrl(row.avatarKey, collegeId),
    prodi: row.prodi?.nama ? { nama: row.prodi.nama, jenjang: row.prodi.jenjang } : null,
    angkatan: row.angkatan,
    jabatan: ketuaNim && row.nim === ketuaNim ? 'ketua_kelas' : 'Peserta',
  };
}

/** The class page's data. */
export function presentClassDetail(
  row: ClassBaseRow,
  related: ClassRelated,
  students: ClassStudentRow[],
  syllabus: Awaited<ReturnType<typeof findCourseSyllabus>>,
  access: ClassAccess,
): ClassDetail {
  const item = presentClassListItem(row, related);
  return {
    ...item,
    mata_kuliah: {
      ...item.mata_kuliah,
      pendahuluan: {
        silabus: {
          teks: syllabus?.teks ?? null,
          file: syllabus?.fileKey
            ? {
                name: syllabus.fileName ?? 'silabus',
                url: fileUrl(syllabus.fileKey, row.collegeId),
                content_length: syllabus.fileSize ?? 0,
              }
            : null,
        },
      },
    },
    metode_pengajaran: row.metodePengajaran,
    kampus: row.kampus?.id ? { id: row.kampus.id, nama: row.kampus.nama } : null,
    ketua_kelas_nim: row.ketuaKelasNim,
    peserta: students.map((s) => presentStudent(s, row.ketuaKelasNim, row.collegeId)),
    akses: access,
  };
}
