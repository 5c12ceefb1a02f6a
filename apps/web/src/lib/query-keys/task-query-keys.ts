/**
 * Query keys of tasks (GET /v2/lms/tugas, /v2/lms/pertemuan/{id}/tugas, …), hand-ins and groups. A saved
 * task, hand-in or grade invalidates `all`; groups have their own root.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  meetingList: (meetingId: string) => [...taskKeys.all, 'meeting', meetingId] as const,
  page: (params: object) => [...taskKeys.all, 'page', params] as const,
  detail: (id: string) => [...taskKeys.all, 'detail', id] as const,
  myHandIn: (id: string) => [...taskKeys.all, 'mine', id] as const,
  submissions: (id: string) => [...taskKeys.all, 'submissions', id] as const,
};

/** Query keys of a class's groups. */
export const taskGroupKeys = {
  all: ['task-groups'] as const,
  ofClass: (classId: string) => [...taskGroupKeys.all, classId] as const,
};
