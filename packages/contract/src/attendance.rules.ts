// Zod-free on purpose (see permission.rules.ts): the database enums and the attendance page import these.
import { isAttendanceComplete, attendanceProgress, type ActivityKind } from './activity.rules.ts';
import type { MaterialFileType, MaterialThresholds } from './material.rules.ts';
import { zonedParts, type AttendanceParameters } from './meeting.rules.ts';

/** Student attendance codes (spec 2 §4): hadir, alpa (absent), izin, sakit. */
export const attendanceMarks = ['H', 'A', 'I', 'S'] as const;
export type AttendanceMark = (typeof attendanceMarks)[number];

export const attendanceMarkLabels: Record<AttendanceMark, string> = {
  H: 'Hadir',
  A: 'Alpa',
  I: 'Izin',
  S: 'Sakit',
};

/** How a stored mark was given; the system's own marks are not stored as marks (see attendance_progress). */
export const attendanceMarkSources = ['manual', 'qr'] as const;
export type AttendanceMarkSource = (typeof attendanceMarkSources)[number];

/** The states of a recalculation request, as the calc-percentage event reports them (spec 2 §4). */
export const attendanceRecalculationStatuses = ['processing', 'completed', 'failed'] as const;
export type AttendanceRecalculationStatus = (typeof attendanceRecalculationStatuses)[number];

/** The updater name of marks the system computed (spec 2 §4: progress colour). */
export const systemUpdaterUsername = 'LMS:SYSTEM';

export const attendanceMessages = {
  saved: 'Berhasil update kehadiran',
  lecturerSaved: 'Berhasil mengubah kehadiran dosen',
  recalculationRequested: 'Berhasil mengirimkan permintaan update persentase kehadiran',
  recalculationRunning: 'Sedang ada proses update',
  recalculationCompleted: 'Update persentase kehadiran selesai',
  recalculationFailed: 'Update persentase kehadiran gagal',
  recalculationNotFound: 'Permintaan update kehadiran tidak ditemukan.',
  scopeNotFound: 'Prodi, mata kuliah atau dosen pada filter tidak ditemukan.',
  studentNotFound: 'Mahasiswa tidak ditemukan.',
  notEditable: 'Kehadiran pertemuan ini belum dapat diubah.',
  markNotActive: 'Jenis presensi tidak aktif.',
  studentNotInClass: 'Mahasiswa tidak terdaftar di kelas ini.',
  manualNotice:
    'Kehadiran pertemuan ini diisi manual oleh pengajar (pertemuan offline atau tanpa parameter kehadiran).',
} as const;

/** Whether some activity kind counts for the meeting's attendance (parameter_kehadiran). */
export function hasAttendanceParameters(parameters: AttendanceParameters): boolean {
  return Object.values(parameters).some(Boolean);
}

/**
 * Whether the system computes the meeting's attendance from activity: online or mixed meetings with at
 * least one parameter on. Otherwise attendance is manual (spec 2 §5: the manual-presence notice) and
 * "Update Progress" is not offered.
 */
export function isComputedAttendanceMeeting(meeting: {
  jenis: string;
  parameter_kehadiran: AttendanceParameters;
}): boolean {
  return meeting.jenis !== 'offline' && hasAttendanceParameters(meeting.parameter_kehadiran);
}

/** What the system knows of one student in one meeting (attendance_progress), or null before anything. */
export interface ProgressCounts {
  completed: number;
  required: number;
}

/** A stored mark given by a person or by QR. */
export interface StoredMark {
  presensi: AttendanceMark;
  source: AttendanceMarkSource;
}

/** The mark a student has in a meeting, and where it came from. */
export interface EffectiveMark {
  /** null: no presence yet (no stored mark and nothing computed). */
  presensi: AttendanceMark | null;
  ada_presensi: boolean;
  is_hadir: boolean;
  /** Progress 0–1 from activity (0 when nothing counts). */
  progress: number;
  /** The mark is the system's (LMS:SYSTEM), not a person's or a QR check-in. */
  sistem: boolean;
  is_qr_code: boolean;
}

/**
 * A student's mark in a meeting: a stored mark (manual or QR) always wins; otherwise, in a meeting whose
 * attendance is computed, the system marks H when the progress reaches the college's minimum and A
 * otherwise, once it has computed anything for the student; otherwise there is no presence yet.
 */
export function effectiveMark(
  stored: StoredMark | null,
  progress: ProgressCounts | null,
  computed: boolean,
  minProgressPercent: number,
): EffectiveMark {
  const share = progress ? attendanceProgress(progress.completed, progress.required) : 0;
  if (stored) {
    return {
      presensi: stored.presensi,
      ada_presensi: true,
      is_hadir: stored.presensi === 'H',
      progress: share,
      sistem: false,
      is_qr_code: stored.source === 'qr',
    };
  }
  if (!computed || !progress || progress.required <= 0) {
    return {
      presensi: null,
      ada_presensi: false,
      is_hadir: false,
      progress: share,
      sistem: false,
      is_qr_code: false,
    };
  }
  const hadir = isAttendanceComplete(progress.completed, progress.required, minProgressPercent);
  return {
    presensi: hadir ? 'H' : 'A',
    ada_presensi: true,
    is_hadir: hadir,
    progress: share,
    sistem: true,
    is_qr_code: false,
  };
}

/**
 * Spec 2 §5 "Attendance": student attendance may be changed once the meeting has started, by a teacher
 * of the class or an operator with write on kelas_kuliah.
 */
export function canEditStudentAttendance(input: {
  meetingStarted: boolean;
  isTeacher: boolean;
  operatorWrites: boolean;
}): boolean {
  return input.meetingStarted && (input.isTeacher || input.operatorWrites);
}

/** A meeting has started once its start time passed or the lecturer started the lecture. */
export function hasMeetingStarted(
  meeting: { waktu_mulai: string; mulai_kuliah: string | null },
  now: Date,
): boolean {
  return meeting.mulai_kuliah !== null || new Date(meeting.waktu_mulai).getTime() <= now.getTime();
}

/** Progress bar tone (spec 2 §4): neutral without presence or for a person's mark. */
export type ProgressTone = 'danger' | 'success' | 'neutral';

/** Spec 2 §4: danger below the minimum, success otherwise, neutral when not the system's mark. */
export function progressTone(mark: EffectiveMark, minProgressPercent: number): ProgressTone {
  if (!mark.ada_presensi || !mark.sistem) return 'neutral';
  return mark.progress * 100 < minProgressPercent ? 'danger' : 'success';
}

/** Percent with one decimal, as the attendance pages show it. */
export function progressPercent(progress: number): number {
  return Math.round(progress * 1000) / 10;
}

/**
 * A student's attendance percentage in a class: meetings held (ended) in which they are present, out of
 * the meetings held. With none held there is nothing to miss (100).
 */
export function classAttendancePercent(present: number, held: number): number {
  if (held <= 0) return 100;
  return Math.round((Math.min(present, held) / held) * 1000) / 10;
}

/**
 * How many more meetings a student must attend to reach `minPercent` of `total` meetings, given how
 * many they attended and how many are left; null when it can no longer be reached.
 */
export function meetingsStillNeeded(input: {
  attended: number;
  total: number;
  remaining: number;
  minPercent: number;
}): number | null {
  const needed = Math.max(0, Math.ceil((input.minPercent * input.total) / 100 - input.attended - 1e-9));
  return needed <= input.remaining ? needed : null;
}

/** What the activity model holds of one student and one activity (the evidence columns). */
export interface FactEvidence {
  kind: ActivityKind;
  /** The activity's start (a vidcon's waktu_mulai), for how late a join was. */
  opensAt: Date | null;
  timing: 'on_time' | 'late' | null;
  downloadedAt: Date | null;
  openedAt: Date | null;
  watchedPercent: number | null;
  readSeconds: number | null;
  joinedAt: Date | null;
  postCount: number | null;
  submittedAt: Date | null;
  attemptedAt: Date | null;
}

const clock = (instant: Date, timeZone: string) => zonedParts(instant, timeZone).time.slice(0, 5);

/**
 * The evidence of a fact in words, as the Detail data kehadiran modal and exports show it
 * ("diunduh 09:12", "ditonton 62%", "bergabung 5 menit terlambat"); times in the college's time zone.
 */
export function describeEvidence(fact: FactEvidence, timeZone: string): string[] {
  const words: string[] = [];
  if (fact.downloadedAt) words.push(`diunduh ${clock(fact.downloadedAt, timeZone)}`);
  if (fact.openedAt) words.push(`dibuka ${clock(fact.openedAt, timeZone)}`);
  if (fact.watchedPercent !== null) words.push(`ditonton ${fact.watchedPercent}%`);
  if (fact.readSeconds !== null) words.push(`dibaca ${fact.readSeconds} detik`);
  if (fact.joinedAt) {
    const late = fact.opensAt ? Math.floor((fact.joinedAt.getTime() - fact.opensAt.getTime()) / 60_000) : 0;
    words.push(
      fact.timing === 'late' && late > 0
        ? `bergabung ${late} menit terlambat`
        : `bergabung ${clock(fact.joinedAt, timeZone)}`,
    );
  }
  if (fact.postCount !== null) words.push(`${fact.postCount} komentar`);
  if (fact.submittedAt) words.push(`dikumpulkan ${clock(fact.submittedAt, timeZone)}`);
  if (fact.attemptedAt) words.push(`dikerjakan ${clock(fact.attemptedAt, timeZone)}`);
  return words;
}

/** An activity's fact as the "what is missing" sentence reads it. */
export interface UnmetRequirementFact extends FactEvidence {
  /** A material's file type (its rule depends on it); null for other kinds or when unknown. */
  materialType: MaterialFileType | null;
}

/**
 * What is still missing for an activity to count for attendance, in words, for the Detail data kehadiran
 * (issue 45: a red "Belum" beside "dibuka 18:50" did not say what was left); null once done on time. The
 * rules are the areas' (docs/architecture.md "Activity model"): a material by its file type and the
 * college's thresholds, a task handed in, an exam submitted, a forum's minimum of posts, a vidcon joined.
 */
export function describeUnmetRequirement(
  fact: UnmetRequirementFact,
  thresholds: MaterialThresholds,
): string | null {
  if (fact.timing === 'on_time') return null;
  if (fact.timing === 'late') return 'Terlambat: diselesaikan setelah batas waktu';
  switch (fact.kind) {
    case 'materi':
      switch (fact.materialType) {
        case 'ebook':
          return fact.openedAt
            ? `Belum: sudah dibuka, tetapi belum ditandai "Sudah Baca" (dibaca minimal ${thresholds.ebook_detik} detik)`
            : `Belum: e-book belum dibuka (dibaca minimal ${thresholds.ebook_detik} detik lalu ditandai "Sudah Baca")`;
        case 'video':
        case 'audio': {
          const verb = fact.materialType === 'video' ? 'ditonton' : 'didengar';
          const min = fact.materialType === 'video' ? thresholds.video_persen : thresholds.audio_persen;
          return fact.watchedPercent !== null
            ? `Belum: ${verb} ${fact.watchedPercent}% dari minimal ${min}% (atau diunduh)`
            : `Belum: belum diputar (${verb} minimal ${min}% atau diunduh)`;
        }
        case 'archive':
          return 'Belum: file belum diunduh';
        case 'url':
          return 'Belum: tautan belum dibuka';
        default:
          return 'Belum: materi belum diselesaikan';
      }
    case 'tugas':
      return 'Belum: tugas belum dikumpulkan';
    case 'ujian':
      return fact.attemptedAt
        ? 'Belum: kuis/ujian sudah dimulai, tetapi belum dikumpulkan'
        : 'Belum: kuis/ujian belum dikerjakan';
    case 'forum':
      return fact.postCount
        ? `Belum: ${fact.postCount} komentar, belum mencapai minimal komentar forum`
        : 'Belum: belum ada komentar di forum';
    case 'vidcon':
      return 'Belum: belum bergabung ke vidcon';
    case 'teks':
      return null;
  }
}
