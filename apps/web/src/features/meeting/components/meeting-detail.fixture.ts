import type { MeetingDetail } from '@lms/contract/meeting.schema';

/** Test data: an offline meeting of Basis Data, 07:30–10:00 WIB on 12 May 2026, edited by its main teacher. */
export const sesi = { id: 's1', nama: 'Sesi 1', jam_mulai: '07:30:00', jam_selesai: '10:00:00' };

export function meeting(
  overrides: Partial<MeetingDetail> = {},
  akses: Partial<MeetingDetail['akses']> = {},
): MeetingDetail {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    nomor: 7,
    judul: 'Normalisasi',
    deskripsi: 'Bentuk normal',
    kategori: 'kuliah',
    jenis: 'offline',
    metode: 'Ceramah dan Diskusi',
    status: 'belum_dimulai',
    // 07:30–10:00 WIB on 12 May 2026.
    waktu_mulai: '2026-05-12T00:30:00.000Z',
    waktu_selesai: '2026-05-12T03:00:00.000Z',
    mulai_kuliah: null,
    selesai_kuliah: null,
    peserta_hadir: 0,
    jumlah_peserta: 30,
    progress_peserta: 0,
    parameter_kehadiran: {
      hadir_vidcon: false,
      kerjakan_kuis_ujian: false,
      kerjakan_tugas: false,
      posting_forum: false,
      unduh_materi: false,
    },
    waktu_terakhir_update_kehadiran: null,
    waktu_batas_aktivitas: null,
    id_kampus: null,
    id_sesi: 's1',
    id_ruangan: 'r1',
    sesi,
    ruangan: { id: 'r1', nama: 'R.101', kapasitas: 40 },
    periode: 20261,
    teks: null,
    default_deadline_materi: null,
    count_activity: { materi: 0, tugas: 0, vidcon: 0, ujian: 0, forum: 0 },
    pengajar_kelas: [
      {
        id: 'd1',
        nama: 'Budi',
        gelar_depan: 'Dr.',
        gelar_akademik: 'M.Kom.',
        is_pengajar: true,
        is_utama: true,
      },
      {
        id: 'd2',
        nama: 'Sari',
        gelar_depan: null,
        gelar_akademik: 'M.T.',
        is_pengajar: true,
        is_utama: false,
      },
    ],
    kelas_kuliah: {
      id: '20261_01_IF2102',
      periode: 20261,
      mode_kuliah: 'offline',
      mata_kuliah: { id: 'IF2102', kode: 'IF2102', nama: 'Basis Data' },
      kelas: { id: '20261_01_IF2102', nama: '01', jenis: { id: 'Reguler', nama: 'Reguler' } },
    },
    time_zone: 'Asia/Jakarta',
    akses: {
      ubah: true,
      mulai: true,
      akhiri: false,
      ubah_jadwal: true,
      ubah_pengajar: true,
      ubah_parameter_kehadiran: false,
      ...akses,
    },
    ...overrides,
  };
}
