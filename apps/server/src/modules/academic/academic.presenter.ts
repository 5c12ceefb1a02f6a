import type { CourseInfo } from '@lms/contract/academic.schema';
import { fileUrl } from '../../platform/file-storage.ts';
import type {
  CourseRow,
  findEvaluationPlan,
  findLearningPlan,
  findPeriodRefs,
} from './academic.repository.ts';

/** A learning-plan row. */
export function presentLearningPlanRow(row: Awaited<ReturnType<typeof findLearningPlan>>[number]) {
  return { id: row.id, id_pertemuan: row.pertemuan, materi: row.materi, materi_inggris: row.materiInggris };
}

/** An evaluation-plan row. */
export function presentEvaluationPlanRow(row: Awaited<ReturnType<typeof findEvaluationPlan>>[number]) {
  return { id: row.id, komponen_nilai: { id: row.komponenId, nama: row.komponenNama }, bobot: row.bobot };
}

/** GET /v2/academic/matakuliah/{courseId}'s answer. */
export function presentCourseInfo(row: CourseRow, collegeId: string, akses: CourseInfo['akses']): CourseInfo {
  return {
    id: row.id,
    kode: row.kode,
    nama: row.nama,
    nama_inggris: row.namaInggris,
    sks: row.sks,
    semester: row.semester,
    prodi: row.prodi,
    id_dosen_koordinator: row.koordinatorDosenId,
    id_dosen_pengembang_rps: row.pengembangRpsDosenId,
    nama_dosen_koordinator: row.namaKoordinator,
    nama_dosen_pengembang_rps: row.namaPengembangRps,
    silabus: {
      teks: row.silabusTeks,
      file: row.silabusFileKey
        ? {
            name: row.silabusFileName ?? 'silabus',
            url: fileUrl(row.silabusFileKey, collegeId),
            content_length: row.silabusFileSize ?? 0,
          }
        : null,
    },
    akses,
  };
}

/** A period option. */
export function presentPeriodRef(row: Awaited<ReturnType<typeof findPeriodRefs>>['rows'][number]) {
  return {
    kode: row.kode,
    label: row.label,
    tanggal_mulai: row.tanggalMulai,
    tanggal_selesai: row.tanggalSelesai,
    is_current: row.isCurrent,
  };
}
