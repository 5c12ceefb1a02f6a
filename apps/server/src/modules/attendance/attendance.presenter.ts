import {
  attendanceMessages,
  effectiveMark,
  isComputedAttendanceMeeting,
  progressPercent,
  systemUpdaterUsername,
  type StoredMark,
} from '@lms/contract/attendance.rules';
import type {
  AttendanceListRow,
  AttendanceMeeting,
  Recalculation,
  StudentAttendanceMark,
} from '@lms/contract/attendance.schema';
import type { LectureMode } from '@lms/contract/class.rules';
import type { MeetingStatus } from '@lms/contract/meeting.rules';
import { avatarUrl } from '../../platform/file-storage.ts';
import type { AttendanceListDbRow, MarkRow, RecalculationRow } from './attendance.repository.ts';

/** The progress and mark columns of a row (any query that joined them). */
type MarkColumns = Pick<
  MarkRow,
  | 'completed'
  | 'required'
  | 'computedAt'
  | 'presensi'
  | 'source'
  | 'markedAt'
  | 'markedByUsername'
  | 'markedByName'
>;

/** A student's mark as the API answers it, from the joined progress and stored mark. */
export function presentMark(
  row: MarkColumns,
  computed: boolean,
  minProgressPercent: number,
): StudentAttendanceMark {
  const stored: StoredMark | null =
    row.presensi && row.source ? { presensi: row.presensi, source: row.source } : null;
  const progress =
    row.required !== null && row.completed !== null
      ? { completed: row.completed, required: row.required }
      : null;
  const mark = effectiveMark(stored, progress, computed, minProgressPercent);
  const updatedBy = stored
    ? { username: row.markedByUsername ?? '', name: row.markedByName ?? '' }
    : mark.sistem
      ? { username: systemUpdaterUsername, name: 'Sistem LMS' }
      : null;
  const updatedAt = stored ? row.markedAt : mark.sistem ? row.computedAt : null;
  return {
    presensi: mark.presensi,
    ada_presensi: mark.ada_presensi,
    is_hadir: mark.is_hadir,
    is_qr_code: mark.is_qr_code,
    sistem: mark.sistem,
    progress: { overall: mark.progress },
    updated_by: updatedBy,
    updated_at: updatedAt ? updatedAt.toISOString() : null,
  };
}

/** A student as the attendance pages show them. */
export function presentStudent(
  row: { mahasiswaId: string; nim: string; nama: string; avatarKey: string | null },
  collegeId: string,
) {
  return {
    id_user: row.mahasiswaId,
    nim: row.nim,
    nama: row.nama,
    avatar_url: avatarUrl(row.avatarKey, collegeId),
  };
}

/** The meeting info box of the attendance pages. */
export function presentAttendanceMeeting(meeting: {
  id: string;
  nomor: number;
  judul: string;
  jenis: LectureMode;
  status: MeetingStatus;
  waktuMulai: Date;
  waktuSelesai: Date;
  mulaiKuliah: Date | null;
  selesaiKuliah: Date | null;
  kelas: { id: string; nama: string; jenis: string; periode: number };
  mataKuliah: { id: string; kode: string; nama: string };
}): AttendanceMeeting {
  return {
    id: meeting.id,
    nomor: meeting.nomor,
    judul: meeting.judul,
    jenis: meeting.jenis,
    status: meeting.status,
    waktu_mulai: meeting.waktuMulai.toISOString(),
    waktu_selesai: meeting.waktuSelesai.toISOString(),
    mulai_kuliah: meeting.mulaiKuliah?.toISOString() ?? null,
    selesai_kuliah: meeting.selesaiKuliah?.toISOString() ?? null,
    kelas_kuliah: {
      id: meeting.kelas.id,
      nama: meeting.kelas.nama,
      jenis: meeting.kelas.jenis,
      periode: meeting.kelas.periode,
      mata_kuliah: {
        id: meeting.mataKuliah.id,
        kode: meeting.mataKuliah.kode,
        nama: meeting.mataKuliah.nama,
      },
    },
  };
}

/** Average progress in percent with one decimal, of the given marks; null when none. */
export function averageProgress(marks: StudentAttendanceMark[]): number | null {
  if (marks.length === 0) return null;
  return progressPercent(marks.reduce((sum, m) => sum + m.progress.overall, 0) / marks.length);
}

/** One row of the attendance list. */
export function presentListRow(row: AttendanceListDbRow): AttendanceListRow {
  const computed = isComputedAttendanceMeeting({
    jenis: row.jenis,
    parameter_kehadiran: row.parameterKehadiran,
  });
  return {
    pertemuan: presentAttendanceMeeting(row),
    dihitung_sistem: computed,
    jumlah_peserta: row.enrolled,
    jumlah_hadir: row.present,
    rata_rata_progress:
      row.averageProgress === null || !computed ? null : Math.round(row.averageProgress * 1000) / 10,
    waktu_terakhir_update_kehadiran: row.lastUpdate?.toISOString() ?? null,
  };
}

/** The answer to a recalculation request and the data of its calc-percentage events. */
export function presentRecalculation(row: RecalculationRow): Recalculation {
  const message =
    row.status === 'processing'
      ? attendanceMessages.recalculationRequested
      : row.status === 'completed'
        ? attendanceMessages.recalculationCompleted
        : attendanceMessages.recalculationFailed;
  return {
    id: row.id,
    status: row.status,
    id_kelas_kuliah: row.kelasId,
    id_pertemuan: row.pertemuanId,
    message,
    jumlah_kelas: row.classTotal,
    kelas_selesai: row.classDone,
  };
}
