import { lectureModeLabels } from '@lms/contract/class.rules';
import { meetingCategoryLabels, type AttendanceParameters } from '@lms/contract/meeting.rules';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { listChanges, localTimeText, type ChangeFields } from '../activity-log/activity-log.api.ts';

const labelIn = (labels: Record<string, string>) => (v: unknown) => labels[v as string] ?? v;
// A long description would fill the log; its start says which one it was.
const shortened = (v: unknown) => (typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…` : v);
const teachingNames = (v: unknown) =>
  (v as MeetingDetail['pengajar_kelas']).filter((t) => t.is_pengajar).map((t) => t.nama);
/** Every attendance parameter by name (a new one does not compile without its label here). */
const attendanceParameterLabels: Record<keyof AttendanceParameters, string> = {
  hadir_vidcon: 'hadir vidcon',
  kerjakan_kuis_ujian: 'kerjakan kuis/ujian',
  kerjakan_tugas: 'kerjakan tugas',
  posting_forum: 'posting forum',
  unduh_materi: 'unduh materi',
};

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
    ...Object.fromEntries(
      Object.entries(attendanceParameterLabels).map(([key, label]) => [
        `parameter_kehadiran.${key}`,
        `Syarat kehadiran: ${label}`,
      ]),
    ),
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
