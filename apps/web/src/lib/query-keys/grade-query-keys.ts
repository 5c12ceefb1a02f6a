/**
 * Query keys of the grade recap (GET /v2/lms/nilai/…). A saved component or a finished sending
 * invalidates `all`, so the recap, its components and the audit trail agree.
 */
export const gradeKeys = {
  all: ['grades'] as const,
  classes: (params: object) => [...gradeKeys.all, 'classes', params] as const,
  mine: () => [...gradeKeys.all, 'mine'] as const,
  recap: (classId: string) => [...gradeKeys.all, 'recap', classId] as const,
  activities: (classId: string) => [...gradeKeys.all, 'activities', classId] as const,
  component: (classId: string, komponenId: string) =>
    [...gradeKeys.all, 'component', classId, komponenId] as const,
  preview: (classId: string) => [...gradeKeys.all, 'preview', classId] as const,
  sends: (classId: string) => [...gradeKeys.all, 'sends', classId] as const,
  send: (classId: string, sendId: string) => [...gradeKeys.all, 'send', classId, sendId] as const,
  demoSiakad: (classId: string) => ['demo-siakad', classId] as const,
};
