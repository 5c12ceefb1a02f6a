/**
 * Query keys of lecturer attendance (GET /v2/lms/kehadiran_dosen/{idPertemuan} and …/me). A change of
 * one lecturer's attendance invalidates the meeting's prefix, refreshing both the list and the own button.
 */
export const lecturerAttendanceKeys = {
  all: ['lecturer-attendance'] as const,
  meeting: (meetingId: string) => [...lecturerAttendanceKeys.all, meetingId] as const,
  list: (meetingId: string) => [...lecturerAttendanceKeys.meeting(meetingId), 'list'] as const,
  own: (meetingId: string) => [...lecturerAttendanceKeys.meeting(meetingId), 'me'] as const,
  /** The own state as of a lecture start: starting the lecture on the meeting page asks again at once. */
  ownSince: (meetingId: string, lectureStart: string | null) =>
    [...lecturerAttendanceKeys.own(meetingId), lectureStart] as const,
};
