import type { MeetingAttendance } from '@lms/contract/activity.rules';
import type { MeetingDetail, MeetingListItem } from '@lms/contract/meeting.schema';
import type { MeetingListRow, MeetingRow, MeetingTeacherRow } from './meeting.repository.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function presentMeetingClass(row: MeetingListRow): MeetingListItem['kelas_kuliah'] {
  return {
    id: row.kelas.id,
    periode: row.kelas.periode,
    mode_kuliah: row.kelas.modeKuliah,
    mata_kuliah: { id: row.mataKuliah.id, kode: row.mataKuliah.kode, nama: row.mataKuliah.nama },
    // The class's type has no id of its own; its name serves as one.
    kelas: { id: row.kelas.id, nama: row.kelas.nama, jenis: { id: row.kelas.jenis, nama: row.kelas.jenis } },
  };
}

/** A meeting in lists and the timetable. */
export function presentMeetingListItem(row: MeetingListRow): MeetingListItem {
  return {
    id: row.id,
    nomor: row.nomor,
    judul: row.judul,
    kategori: row.kategori,
    jenis: row.jenis,
    metode: row.metode,
    status: row.status,
    waktu_mulai: row.waktuMulai.toISOString(),
    waktu_selesai: row.waktuSelesai.toISOString(),
    mulai_kuliah: iso(row.mulaiKuliah),
    selesai_kuliah: iso(row.selesaiKuliah),
    ruangan: row.ruangan?.id ? { id: row.ruangan.id, nama: row.ruangan.nama } : null,
    sesi: row.sesi?.id ? { id: row.sesi.id, nama: row.sesi.nama } : null,
    kelas_kuliah: presentMeetingClass(row),
  };
}

/** The meeting page's data; content counts and attendance figures come from the activity model. */
export function presentMeetingDetail(
  row: MeetingRow,
  teachers: MeetingTeacherRow[],
  extra: {
    participants: number;
    countActivity: MeetingDetail['count_activity'];
    attendance: MeetingAttendance;
    access: MeetingDetail['akses'];
    timeZone: string;
  },
): MeetingDetail {
  return {
    ...presentMeetingListItem(row),
    deskripsi: row.deskripsi,
    peserta_hadir: extra.attendance.pesertaHadir,
    jumlah_peserta: extra.participants,
    progress_peserta: extra.attendance.progressPeserta,
    parameter_kehadiran: row.parameterKehadiran,
    waktu_terakhir_update_kehadiran: null,
    waktu_batas_aktivitas: null,
    id_kampus: row.kelas.kampusId,
    id_sesi: row.sesiId,
    id_ruangan: row.ruanganId,
    sesi: row.sesi?.id
      ? {
          id: row.sesi.id,
          nama: row.sesi.nama,
          jam_mulai: row.sesi.jamMulai,
          jam_selesai: row.sesi.jamSelesai,
        }
      : null,
    ruangan: row.ruangan?.id
      ? { id: row.ruangan.id, nama: row.ruangan.nama, kapasitas: row.ruangan.kapasitas }
      : null,
    periode: row.kelas.periode,
    teks: row.teks,
    default_deadline_materi: iso(row.defaultDeadlineMateri),
    count_activity: extra.countActivity,
    pengajar_kelas: teachers.map((t) => ({
      id: t.dosenId,
      nama: t.nama,
      gelar_depan: t.gelarDepan,
      gelar_akademik: t.gelarAkademik,
      is_pengajar: t.isPengajar,
      is_utama: t.isUtama,
    })),
    time_zone: extra.timeZone,
    akses: extra.access,
  };
}
