import {
  fileExtension,
  playedPercent,
  readingSecondsLeft,
  type MaterialThresholds,
} from '@lms/contract/material.rules';
import type { Material, MaterialProgress, MaterialSearchItem } from '@lms/contract/material.schema';
import { fileUrl } from '../../platform/file-storage.ts';
import type { StudentFactRow } from '../activity/activity.api.ts';
import type { MaterialRow, MaterialViewRow } from './material.repository.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The signed-in student's progress on a material, from their fact and their view (server time). */
export function presentMaterialProgress(
  row: MaterialRow,
  fact: StudentFactRow | undefined,
  view: MaterialViewRow | undefined,
  context: { now: Date; thresholds: MaterialThresholds },
): MaterialProgress {
  const { thresholds } = context;
  const completed = fact?.completed ?? false;
  return {
    selesai: completed,
    selesai_pada: iso(fact?.completedAt),
    tepat_waktu: completed ? fact?.timing === 'on_time' : null,
    status_download: fact?.downloadedAt ? 'downloaded' : null,
    diunduh_pada: iso(fact?.downloadedAt),
    dibuka_pada: iso(fact?.openedAt),
    persen_diputar: Math.max(
      fact?.watchedPercent ?? 0,
      playedPercent(view?.playedSeconds ?? 0, row.durationSeconds),
    ),
    persen_minimal: row.tipeFile === 'audio' ? thresholds.audio_persen : thresholds.video_persen,
    detik_baca_tersisa:
      row.tipeFile === 'ebook'
        ? readingSecondsLeft(view?.openedAt ?? null, context.now, thresholds.ebook_detik)
        : 0,
    detik_baca: thresholds.ebook_detik,
  };
}

/** A material as the API answers it. */
export function presentMaterial(
  row: MaterialRow,
  context: { now: Date; canWrite: boolean; progress: MaterialProgress | null },
): Material {
  return {
    id: row.id,
    id_kelas_kuliah: row.kelasId,
    id_pertemuan: row.pertemuanId,
    pertemuan: { nomor: row.meeting.nomor, jenis: row.meeting.jenis, status: row.meeting.status },
    jenis_materi: row.jenisMateri,
    judul: row.judul,
    deskripsi: row.deskripsi,
    tipe_file: row.tipeFile,
    file:
      row.fileKey && row.fileName
        ? {
            name: row.fileName,
            url: fileUrl(row.fileKey, row.collegeId),
            content_length: row.fileSize ?? 0,
            extension: fileExtension(row.fileName),
            content_type: row.fileContentType ?? 'application/octet-stream',
          }
        : null,
    file_url: row.fileUrl,
    tampil_sekarang: row.tampilSekarang,
    waktu_mulai_tampil: row.tampilMulai.toISOString(),
    tampil: row.tampilMulai <= context.now,
    is_syarat_hadir: row.isSyaratHadir,
    deadline: iso(row.deadline),
    durasi_detik: row.durationSeconds,
    created_by: row.creatorName ? { name: row.creatorName } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    akses: { ubah: context.canWrite, hapus: context.canWrite, unduh: row.tipeFile !== 'url' },
    aktivitas: context.progress,
  };
}

/** A row of the copy tab's table. */
export function presentMaterialSearchItem(row: {
  id: string;
  jenisMateri: MaterialSearchItem['jenis_materi'];
  judul: string;
  tipeFile: MaterialSearchItem['tipe_file'];
  fileKey: string | null;
  fileName: string | null;
  fileUrl: string | null;
  kelasId: string;
  kelasNama: string;
  kodeMataKuliah: string;
  namaMataKuliah: string;
  nomor: number;
  creatorName: string | null;
  collegeId: string;
}): MaterialSearchItem {
  return {
    id: row.id,
    jenis_materi: row.jenisMateri,
    judul: row.judul,
    tipe_file: row.tipeFile,
    file:
      row.fileKey && row.fileName ? { name: row.fileName, url: fileUrl(row.fileKey, row.collegeId) } : null,
    file_url: row.fileUrl,
    kelas_kuliah: {
      id: row.kelasId,
      nama: row.kelasNama,
      mata_kuliah: { kode: row.kodeMataKuliah, nama: row.namaMataKuliah },
    },
    pertemuan: { nomor: row.nomor },
    created_by: row.creatorName ? { name: row.creatorName } : null,
  };
}
