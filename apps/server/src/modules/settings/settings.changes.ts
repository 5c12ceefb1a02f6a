import type { ActivityChange } from '@lms/contract/activity-log.rules';
import {
  colorModeLabels,
  collegeTimeZoneLabels,
  restrictedExamKindLabels,
  uploadFileKindLabels,
  uploadFileKinds,
} from '@lms/contract/college-settings.rules';
import type { CollegeSettings } from '@lms/contract/college-settings.schema';
import { listChanges, type ChangeField } from '../activity-log/activity-log.api.ts';

const labelIn =
  (labels: Record<string, string>) =>
  (value: unknown): unknown =>
    typeof value === 'string' ? (labels[value] ?? value) : value;

const onlineDosen = 'pengaturan_kelas.syarat_kehadiran_online_dosen';
const offlineDosen = 'pengaturan_kelas.syarat_kehadiran_offline_dosen';
const onlineMahasiswa = 'pengaturan_kelas.syarat_kehadiran_online_mahasiswa';

/**
 * Every college setting (a dotted path into CollegeSettings) with the label the log shows, the
 * Konfigurasi page's wording with the group where the label alone would be ambiguous.
 */
export const collegeSettingFields: Record<string, string | ChangeField> = {
  'pengaturan_sistem.time_zone': {
    label: 'Zona Waktu',
    tampil: labelIn(collegeTimeZoneLabels as Record<string, string>),
  },
  'pengaturan_sistem.color_mode': {
    label: 'Mode Warna',
    tampil: labelIn(colorModeLabels as Record<string, string>),
  },
  'pengaturan_sistem.url_sikad_legacy': 'Alamat SIAKAD',
  ...Object.fromEntries(
    uploadFileKinds.map((kind) => [
      `pengaturan_sistem.ukuran_max_file.${kind}`,
      `Batas ukuran unggahan ${uploadFileKindLabels[kind]} (MB)`,
    ]),
  ),
  'pengaturan_sistem.ukuran_max_materi_luring': 'Ukuran maksimal materi luring (MB)',
  [`${onlineMahasiswa}.terlambat_vidcon_menit`]: 'Kehadiran online mahasiswa: batas terlambat vidcon (menit)',
  [`${onlineMahasiswa}.video_persen`]: 'Kehadiran online mahasiswa: video ditonton (%)',
  [`${onlineMahasiswa}.audio_persen`]: 'Kehadiran online mahasiswa: audio didengarkan (%)',
  [`${onlineMahasiswa}.ebook_detik`]: 'Kehadiran online mahasiswa: waktu membaca e-book (detik)',
  [`${onlineMahasiswa}.presentase_progress_minimal_persen`]:
    'Kehadiran online mahasiswa: progres minimal (%)',
  'pengaturan_kelas.akses_resume_ujian.tampilkan_soal': 'Tampilkan soal pada resume ujian',
  'pengaturan_kelas.jenis_presensi.izin': 'Presensi Izin (I) tersedia',
  'pengaturan_kelas.jenis_presensi.sakit': 'Presensi Sakit (S) tersedia',
  [`${onlineDosen}.mulai_kuliah`]: 'Kehadiran dosen online: dosen memulai kuliah',
  [`${onlineDosen}.akhiri_kuliah`]: 'Kehadiran dosen online: dosen mengakhiri kuliah',
  [`${onlineDosen}.aktivitas_kuliah`]: 'Kehadiran dosen online: ada aktivitas kuliah',
  [`${onlineDosen}.presentase_kehadiran_kelas`]: 'Kehadiran dosen online: kehadiran peserta kelas minimal',
  [`${onlineDosen}.presentase_kehadiran_kelas_persen`]:
    'Kehadiran dosen online: persentase kehadiran peserta kelas (%)',
  [`${offlineDosen}.mulai_kuliah`]: 'Kehadiran dosen offline: dosen memulai kuliah',
  [`${offlineDosen}.akhiri_kuliah`]: 'Kehadiran dosen offline: dosen mengakhiri kuliah',
  [`${offlineDosen}.aktivitas_kuliah`]: 'Kehadiran dosen offline: ada aktivitas kuliah',
  'pengaturan_kelas.validasi_kehadiran_dosen': 'Kehadiran dosen divalidasi operator',
  'pengaturan_kelas.tampil_tombol_presensi_dosen.mulai':
    'Tombol presensi dosen tampil setelah pertemuan dimulai (menit)',
  'pengaturan_kelas.pengingat_jam': 'Pengingat sebelum tenggat/ujian (jam)',
  'pengaturan_kelas.ubah_jadwal_pertemuan.online': 'Dosen boleh mengubah jadwal pertemuan online',
  'pengaturan_kelas.ubah_jadwal_pertemuan.offline':
    'Dosen boleh mengubah jadwal pertemuan offline dan campuran',
  'aturan_qr_code.status': 'Presensi dengan kode QR',
  'pengaturan_mahasiswa.is_edit_mahasiswa': 'Mahasiswa dapat mengubah biodata',
  'bank_soal.maks_soal': 'Jumlah soal maksimal per bank soal',
  'pembatasan_akses.tunggakan_biaya.aktif': 'Batasi mahasiswa yang memiliki tunggakan biaya',
  'pembatasan_akses.kehadiran_ujian.aktif': 'Syarat kehadiran minimal untuk ujian',
  'pembatasan_akses.kehadiran_ujian.persen_minimal': 'Kehadiran minimal untuk ujian (%)',
  'pembatasan_akses.kehadiran_ujian.berlaku_untuk': {
    label: 'Syarat kehadiran berlaku untuk',
    tampil: (value) =>
      Array.isArray(value) ? value.map(labelIn(restrictedExamKindLabels as Record<string, string>)) : value,
  },
};

/** The dotted paths of the leaves (values and lists) of a settings object. */
export function settingPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix ? [prefix] : [];
  return Object.entries(value).flatMap(([key, child]) =>
    settingPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * What an Ubah Konfigurasi changed, old → new, one entry per setting. A setting without a label here
 * (one added later) is still listed, under its path; a test keeps every setting labelled.
 */
export function listSettingChanges(before: CollegeSettings, after: CollegeSettings): ActivityChange[] {
  const fields = { ...collegeSettingFields };
  for (const path of new Set([...settingPaths(before), ...settingPaths(after)])) fields[path] ??= path;
  return listChanges(before, after, fields);
}
