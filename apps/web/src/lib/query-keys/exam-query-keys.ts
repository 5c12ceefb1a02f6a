/**
 * Query keys of exams (GET /v2/lms/ujian…, /v2/lms/pertemuan/{id}/ujian). A saved or deleted exam
 * invalidates `all`; an attempt lives under its exam.
 */
export const examKeys = {
  all: ['exams'] as const,
  meetingList: (meetingId: string) => [...examKeys.all, 'meeting', meetingId] as const,
  pages: () => [...examKeys.all, 'page'] as const,
  page: (params: object) => [...examKeys.pages(), params] as const,
  detail: (id: string) => [...examKeys.all, 'detail', id] as const,
  content: (id: string) => [...examKeys.all, 'content', id] as const,
  preview: (id: string) => [...examKeys.all, 'preview', id] as const,
  pause: (id: string) => [...examKeys.all, 'pause', id] as const,
  stats: (id: string) => [...examKeys.all, 'stats', id] as const,
  calculation: (id: string) => [...examKeys.all, 'attempt', id, 'calculation'] as const,
  myAttempt: (id: string) => [...examKeys.all, 'attempt', id, 'me'] as const,
  attempts: (id: string) => [...examKeys.all, 'attempt', id, 'list'] as const,
  withoutAttempt: (id: string) => [...examKeys.all, 'attempt', id, 'none'] as const,
  studentAttempt: (id: string, studentId: string) => [...examKeys.all, 'attempt', id, studentId] as const,
};
