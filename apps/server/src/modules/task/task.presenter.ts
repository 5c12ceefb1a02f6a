import { taskStatus, type MonitoringStatus } from '@lms/contract/task.rules';
import type { Submission, Task, TaskFile } from '@lms/contract/task.schema';
import type {
  MemberScoreRow,
  SubmissionFileRow,
  SubmissionRow,
  TaskAttachmentRow,
  TaskRow,
} from './task.repository.ts';
import { presentContentPlace } from '../meeting/meeting.api.ts';

/** A task's own file, served by the task's route to those who may read the task. */
export function presentTaskAttachment(row: TaskAttachmentRow): TaskFile {
  return {
    id: row.id,
    nama: row.fileName,
    ukuran: row.fileSize,
    tipe: row.contentType,
    url: `/v2/lms/tugas/${row.tugasId}/lampiran/${row.id}`,
  };
}

/** A task as the caller sees it. */
export function presentTask(
  row: TaskRow,
  options: {
    now: Date;
    attachments: TaskAttachmentRow[];
    monitoring: MonitoringStatus;
    recap: Task['rekap'];
    access: Task['akses'];
  },
): Task {
  return {
    id: row.id,
    ...presentContentPlace(row),
    judul: row.judul,
    deskripsi: row.deskripsi,
    jenis: row.jenis,
    waktu_mulai: row.waktuMulai.toISOString(),
    waktu_selesai: row.waktuSelesai.toISOString(),
    status: taskStatus(options.now, row.waktuMulai, row.waktuSelesai),
    tipe_file_jawaban: row.tipeFileJawaban,
    terima_terlambat: row.terimaTerlambat,
    nilai_dipublikasikan: row.nilaiDipublikasikan,
    lampiran: options.attachments.map(presentTaskAttachment),
    status_monitoring: options.monitoring,
    rekap: options.recap,
    akses: options.access,
  };
}

/**
 * A hand-in. Score and feedback reach a student only once the task's scores are published; staff always
 * see them. On a group hand-in a student's `nilai` is their own score (a per-member score wins over the
 * group's); staff see the group's score and the members whose score differs.
 */
export function presentSubmission(
  row: SubmissionRow,
  files: SubmissionFileRow[],
  options: { published: boolean; staff: boolean; memberScores?: MemberScoreRow[]; viewerId?: string },
): Submission {
  const visible = options.staff || options.published;
  const overrides = (options.memberScores ?? []).filter((m) => m.pengumpulanId === row.id);
  const own = options.staff ? undefined : overrides.find((m) => m.mahasiswaId === options.viewerId);
  const nilai = row.nilai === null ? null : (own?.nilai ?? row.nilai);
  return {
    id: row.id,
    mahasiswa: { id: row.mahasiswaId, nim: row.nim, nama: row.nama },
    kelompok: row.kelompokId ? { id: row.kelompokId, nama: row.kelompokNama ?? '' } : null,
    teks: row.teks,
    file: files.map((f) => ({
      id: f.id,
      nama: f.fileName,
      ukuran: f.fileSize,
      tipe: f.contentType,
      url: `/v2/lms/tugas/${row.tugasId}/pengumpulan/${row.id}/file/${f.id}`,
    })),
    waktu_kumpul: row.submittedAt.toISOString(),
    terlambat: row.terlambat,
    nilai: visible ? nilai : null,
    feedback: visible ? row.feedback : null,
    dinilai: visible ? row.nilai !== null : false,
    dipublikasikan: options.published,
    nilai_anggota: options.staff
      ? overrides.map((m) => ({ id_mahasiswa: m.mahasiswaId, nilai: m.nilai }))
      : [],
  };
}
