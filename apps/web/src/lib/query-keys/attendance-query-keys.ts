/**
 * Query keys of student attendance (GET /v2/lms/kehadiran_mahasiswa/…). A saved mark, a progress event
 * or a finished recalculation invalidates `all`, so the meeting page, the recap and the lists agree.
 */
export const attendanceKeys = {
  all: ['attendance'] as const,
  meeting: (meetingId: string) => [...attendanceKeys.all, 'meeting', meetingId] as const,
  meetingForums: (meetingId: string) => [...attendanceKeys.all, 'meeting-forums', meetingId] as const,
  kinds: () => [...attendanceKeys.all, 'kinds'] as const,
  student: (classId: string, meetingId: string, nim: string | null) =>
    [...attendanceKeys.all, 'student', classId, meetingId, nim ?? 'me'] as const,
  recap: (classId: string) => [...attendanceKeys.all, 'recap', classId] as const,
  mine: () => [...attendanceKeys.all, 'mine'] as const,
  lists: () => [...attendanceKeys.all, 'list'] as const,
  list: (params: object) => [...attendanceKeys.lists(), params] as const,
  /** One recalculation request's state and progress (Update Kehadiran Manual). */
  recalculation: (id: string) => [...attendanceKeys.all, 'recalculation', id] as const,
};
