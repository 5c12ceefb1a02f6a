import { lectureModeLabels } from '@lms/contract/class.rules';
import { meetingCategoryLabels } from '@lms/contract/meeting.rules';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { listChanges, localTimeText, type ChangeFields } from '../activity-log/activity-log.api.ts';

const labelIn = (labels: Record<string, string>) => (v: unknown) => labels[v as string] ?? v;
// A long description would fill the log; its start says which one it was.
const shortened = (v: unknown) => (typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…` : v);
const teachingNames = (v: unknown) =>
  (v as MeetingDetail['pengajar_kelas']).filter((t) => t.is_pengajar).map((t) => t.nama);
const flag = (label: string) => `Syarat kehadiran: ${label}`;

/** The meeting fields an operator's Ubah Data Pertemuan is audited on, times in the college's zone. */
function meetingFields(timeZone: string): ChangeFields {
  return {
    judul: 'Judul',
    deskripsi: { label: 'Deskripsi', tampil: shortened },
    kategori: { label: 'Kategori', tampil: labelIn(meetingCategoryLabels) },
    jenis: { label: 'Jenis Pertemuan', tampil: labelIn(lectureModeLabels) },
    metode: 'Metode',
    waktu_mulai: { label: 'Waktu Mulai', tampil: localTimeText(timeZone) },
    waktu_selesai: { label: 'Waktu Selesai', tampil: localTimeText(timeZone) },
    'sesi.nama': 'Sesi',
    'ruangan.nama': 'Ruangan',
    pengajar_kelas: { label: 'Pengajar', tampil: teachingNames },
    'parameter_kehadiran.hadir_vidcon': flag('hadir vidcon'),
    'parameter_kehadiran.kerjakan_kuis_ujian': flag('kerjakan kuis/ujian'),
    'parameter_kehadiran.kerjakan_tugas': flag('kerjakan tugas'),
    'parameter_kehadiran.posting_forum': flag('posting forum'),
    'parameter_kehadiran.unduh_materi': flag('unduh materi'),
  };
}

/** What an Ubah Data Pertemuan changed, old → new, as the activity log keeps it. */
export function listMeetingChanges(before: MeetingDetail, after: MeetingDetail, timeZone: string) {
  return listChanges(before, after, meetingFields(timeZone));
}

/** The entry's detail: 'Mengubah data Pertemuan 3: Normalisasi (Basis Data A)'. */
export function describeMeetingChange(meeting: MeetingDetail) {
  const kelas = meeting.kelas_kuliah;
  return `Mengubah data Pertemuan ${meeting.nomor}: ${meeting.judul} (${kelas.mata_kuliah.nama} ${kelas.kelas.nama})`;
}
