/** Query keys of the timetable (GET /v2/lms/jadwal); meeting changes invalidate `all`. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  timetable: (params: object) => [...scheduleKeys.all, 'timetable', params] as const,
};
