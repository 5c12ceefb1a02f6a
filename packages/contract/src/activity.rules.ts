// Zod-free on purpose (see permission.rules.ts): the meeting page and the database enums import these.
import type { AttendanceParameters } from './meeting.rules.ts';

/**
 * Kinds of content inside a meeting that the activity model tracks (docs/architecture.md "Activity
 * model"). The database enum `activity_kind` is built from this tuple.
 */
export const activityKinds = ['materi', 'tugas', 'ujian', 'forum', 'vidcon', 'teks'] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const activityKindLabels: Record<ActivityKind, string> = {
  materi: 'Materi',
  tugas: 'Tugas',
  ujian: 'Kuis/Ujian',
  forum: 'Forum',
  vidcon: 'Vidcon',
  teks: 'Teks',
};

/** Whether a student completed an activity by its deadline; the database enum `activity_timing`. */
export const activityTimings = ['on_time', 'late'] as const;
export type ActivityTiming = (typeof activityTimings)[number];

/**
 * The meeting's attendance parameter (parameter_kehadiran) that lets each kind count for attendance.
 * A text block is read, not done, so it never counts.
 */
export const attendanceParameterOfKind: Record<ActivityKind, keyof AttendanceParameters | null> = {
  materi: 'unduh_materi',
  tugas: 'kerjakan_tugas',
  ujian: 'kerjakan_kuis_ujian',
  forum: 'posting_forum',
  vidcon: 'hadir_vidcon',
  teks: null,
};

/**
 * Whether an activity counts for attendance in its meeting: the item is marked as required (e.g. a
 * material's is_syarat_hadir) and the meeting's parameter for its kind is on.
 */
export function countsForAttendance(
  activity: { kind: ActivityKind; countsForAttendance: boolean },
  parameters: AttendanceParameters,
): boolean {
  const parameter = attendanceParameterOfKind[activity.kind];
  return activity.countsForAttendance && parameter !== null && parameters[parameter];
}

/** On time when there is no deadline or the student completed it at or before the deadline. */
export function activityTiming(dueAt: Date | null, completedAt: Date): ActivityTiming {
  return dueAt === null || completedAt.getTime() <= dueAt.getTime() ? 'on_time' : 'late';
}

/** A student's progress in a meeting, 0–1: completed share of the activities that count for attendance. */
export function attendanceProgress(completed: number, required: number): number {
  if (required <= 0) return 0;
  return Math.min(completed, required) / required;
}

/**
 * Whether a student is present (hadir) in a meeting by activity: at least one activity counts, and the
 * completed share reaches the college's minimum progress (presentase_progress_minimal_persen). With the
 * minimum at 100 the student must complete every counting activity.
 */
export function isAttendanceComplete(
  completed: number,
  required: number,
  minProgressPercent: number,
): boolean {
  return required > 0 && Math.min(completed, required) * 100 >= minProgressPercent * required;
}

/** How many enrolled students completed how many of a meeting's counting activities. */
export interface CompletionGroup {
  completed: number;
  students: number;
}

/** The meeting-level attendance figures of spec 2 (peserta_hadir, progress_peserta). */
export interface MeetingAttendance {
  /** Enrolled students present by activity. */
  pesertaHadir: number;
  /** Average progress of the enrolled students, percent 0–100 with one decimal. */
  progressPeserta: number;
}

/**
 * The meeting's attendance from its completion groups: students without a group completed nothing.
 * `students` is the class's enrolment; `required` the meeting's counting activities.
 */
export function summarizeMeetingAttendance(
  groups: CompletionGroup[],
  students: number,
  required: number,
  minProgressPercent: number,
): MeetingAttendance {
  if (students <= 0 || required <= 0) return { pesertaHadir: 0, progressPeserta: 0 };
  let pesertaHadir = 0;
  let progressSum = 0;
  for (const g of groups) {
    if (isAttendanceComplete(g.completed, required, minProgressPercent)) pesertaHadir += g.students;
    progressSum += attendanceProgress(g.completed, required) * g.students;
  }
  return { pesertaHadir, progressPeserta: Math.round((progressSum / students) * 1000) / 10 };
}

/** A count for every kind, all zero: the start of per-kind tallies. */
export function emptyActivityCounts(): Record<ActivityKind, number> {
  return { materi: 0, tugas: 0, ujian: 0, forum: 0, vidcon: 0, teks: 0 };
}
