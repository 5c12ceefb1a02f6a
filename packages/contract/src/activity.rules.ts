// Zod-free on purpose (see permission.rules.ts): the meeting page and the database enums import these.
import type { AttendanceParameters } from './meeting.rules.ts';

/**
 * Kinds of content inside a meeting that the activity model tracks (docs/architecture.md "Activity
 * model"). The database enum `activity_kind` is built from this tuple.
 */
export const activityKinds = ['materi', 'tugas', 'ujian', 'forum', 'vidcon', 'teks'] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** The dashboard tiles that count activities (GET /v2/lms/statistik_beranda), in screen order. */
export const dashboardTiles = ['tugas', 'ujian', 'forum', 'vidcon'] as const;
export type DashboardTile = (typeof dashboardTiles)[number];

/** What every part of the LMS needs to know about a kind of activity. */
export interface ActivityKindDescription {
  /** The kind's name on screen. */
  label: string;
  /**
   * The meeting's attendance parameter (parameter_kehadiran) that lets the kind count for attendance;
   * null when it never counts.
   */
  attendanceParameter: keyof AttendanceParameters | null;
  /** Counts towards the lecturer's "Ada aktivitas kuliah" requirement (aktivitas_kuliah). */
  lectureActivity: boolean;
  /** Carries scores and appears in the grade recap. */
  scored: boolean;
  /** The dashboard tile it counts into, if any. */
  dashboardTile: DashboardTile | null;
}

/**
 * Each kind described once: a new kind is one entry here (and a migration for the enum), and a kind
 * without an entry does not compile.
 */
export const activityKindDescriptions = {
  materi: {
    label: 'Materi',
    attendanceParameter: 'unduh_materi',
    lectureActivity: true,
    scored: false,
    dashboardTile: null,
  },
  tugas: {
    label: 'Tugas',
    attendanceParameter: 'kerjakan_tugas',
    lectureActivity: true,
    scored: true,
    dashboardTile: 'tugas',
  },
  ujian: {
    label: 'Kuis/Ujian',
    attendanceParameter: 'kerjakan_kuis_ujian',
    lectureActivity: true,
    scored: true,
    dashboardTile: 'ujian',
  },
  forum: {
    label: 'Forum',
    attendanceParameter: 'posting_forum',
    lectureActivity: true,
    scored: true,
    dashboardTile: 'forum',
  },
  vidcon: {
    label: 'Vidcon',
    attendanceParameter: 'hadir_vidcon',
    lectureActivity: true,
    scored: false,
    dashboardTile: 'vidcon',
  },
  // A text block is read, not done: it never counts and is not a lecture activity.
  teks: {
    label: 'Teks',
    attendanceParameter: null,
    lectureActivity: false,
    scored: false,
    dashboardTile: null,
  },
} as const satisfies Record<ActivityKind, ActivityKindDescription>;

const describedKinds = (keep: (d: ActivityKindDescription) => boolean): ActivityKind[] =>
  activityKinds.filter((kind) => keep(activityKindDescriptions[kind]));

export const activityKindLabels: Record<ActivityKind, string> = Object.fromEntries(
  activityKinds.map((kind) => [kind, activityKindDescriptions[kind].label]),
) as Record<ActivityKind, string>;

/** Kinds that carry scores and appear in the grade recap. */
export const scoredActivityKinds: readonly ActivityKind[] = describedKinds((d) => d.scored);

/** Kinds that count towards the lecturer's aktivitas_kuliah. */
export const lectureActivityKinds: readonly ActivityKind[] = describedKinds((d) => d.lectureActivity);

/** The kinds a dashboard tile counts. */
export function activityKindsOfTile(tile: DashboardTile): ActivityKind[] {
  return describedKinds((d) => d.dashboardTile === tile);
}

/** A meeting's lecture activities (aktivitas_kuliah) from its activities by kind. */
export function countLectureActivities(counts: Record<ActivityKind, number>): number {
  return lectureActivityKinds.reduce((sum, kind) => sum + counts[kind], 0);
}

/** The lecture activity kinds as a sentence names them: "materi, tugas, kuis/ujian, forum atau vidcon". */
export function lectureActivityKindsText(): string {
  const names = lectureActivityKinds.map((kind) => activityKindDescriptions[kind].label.toLowerCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} atau ${names.at(-1)}` : (names[0] ?? '');
}

/** Whether a student completed an activity by its deadline; the database enum `activity_timing`. */
export const activityTimings = ['on_time', 'late'] as const;
export type ActivityTiming = (typeof activityTimings)[number];

/**
 * Whether an activity counts for attendance in its meeting: the item is marked as required (e.g. a
 * material's is_syarat_hadir) and the meeting's parameter for its kind is on.
 */
export function countsForAttendance(
  activity: { kind: ActivityKind; countsForAttendance: boolean },
  parameters: AttendanceParameters,
): boolean {
  const parameter = activityKindDescriptions[activity.kind].attendanceParameter;
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
  return Object.fromEntries(activityKinds.map((kind) => [kind, 0])) as Record<ActivityKind, number>;
}
