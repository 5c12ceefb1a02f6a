import type { LectureMode } from '@lms/contract/class.rules';
import {
  lecturerAttendanceTag,
  lecturerDisplayName,
  lecturerRequirementsMet,
  lecturerRoleLabels,
  type LecturerRequirement,
} from '@lms/contract/lecturer-attendance.rules';
import type { LecturerAttendanceRow } from '@lms/contract/lecturer-attendance.schema';
import { avatarUrl } from '../../platform/file-storage.ts';
import type { MeetingLecturerRow } from './lecturer-attendance.repository.ts';

/** What holds for every row of one meeting. */
export interface LecturerRowContext {
  collegeId: string;
  jenis: LectureMode;
  validationOn: boolean;
  requirements: LecturerRequirement[];
  aktivitas: number;
  kehadiranKelasPersen: number;
  minimalPersen: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One lecturer's attendance row: who, the stored mark, its tag and the requirements met. */
export function presentLecturerAttendance(
  row: MeetingLecturerRow,
  ctx: LecturerRowContext,
): LecturerAttendanceRow {
  const adaPresensi = row.isHadir !== null;
  const mark = { ada_presensi: adaPresensi, is_hadir: !!row.isHadir, is_valid: !!row.isValid };
  const mulai = iso(row.mulaiKuliah);
  const selesai = iso(row.selesaiKuliah);
  const peran = row.peran === 'asisten' ? 'asisten' : 'dosen';
  return {
    pengajar: {
      id_dosen: row.dosenId,
      nama: row.nama,
      gelar_depan: row.gelarDepan,
      gelar_akademik: row.gelarAkademik,
      nama_lengkap: lecturerDisplayName({
        nama: row.nama,
        gelar_depan: row.gelarDepan,
        gelar_akademik: row.gelarAkademik,
      }),
      avatar_url: avatarUrl(row.avatarKey, ctx.collegeId),
      peran,
      peran_label: lecturerRoleLabels[peran],
    },
    ...mark,
    mulai_kuliah: mulai,
    selesai_kuliah: selesai,
    aktivitas: ctx.aktivitas,
    tag: lecturerAttendanceTag(mark, ctx.jenis, ctx.validationOn),
    syarat: lecturerRequirementsMet(ctx.requirements, {
      mulai_kuliah: mulai,
      selesai_kuliah: selesai,
      aktivitas: ctx.aktivitas,
      kehadiran_kelas_persen: ctx.kehadiranKelasPersen,
      minimal_persen: ctx.minimalPersen,
    }),
    updated_by:
      adaPresensi && row.updaterUsername
        ? { username: row.updaterUsername, name: row.updaterNama ?? row.updaterUsername }
        : null,
    updated_at: adaPresensi ? iso(row.updatedAt) : null,
  };
}
