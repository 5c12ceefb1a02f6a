/**
 * Query keys of materials (GET /v2/lms/kelas_kuliah/{id}/materi, GET /v2/lms/materi). A saved, copied or
 * deleted material invalidates `lists()`; its meeting's counts live under the meeting keys.
 */
export const materialKeys = {
  all: ['materials'] as const,
  lists: () => [...materialKeys.all, 'list'] as const,
  meetingList: (classId: string, meetingId: string) => [...materialKeys.lists(), classId, meetingId] as const,
  searches: () => [...materialKeys.all, 'search'] as const,
  search: (params: object) => [...materialKeys.searches(), params] as const,
  /** An office e-book as HTML (its file never changes while the material keeps it). */
  document: (id: string, fileUrl: string) => [...materialKeys.all, 'document', id, fileUrl] as const,
};
