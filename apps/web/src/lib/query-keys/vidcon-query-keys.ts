/**
 * Query keys of vidcons (GET /v2/lms/pertemuan/{id}/vidcon, GET /v2/lms/vidcon). A saved, deleted or
 * joined vidcon invalidates `all`; its meeting's counts live under the meeting keys.
 */
export const vidconKeys = {
  all: ['vidcons'] as const,
  meetingList: (meetingId: string) => [...vidconKeys.all, 'meeting', meetingId] as const,
  pages: () => [...vidconKeys.all, 'page'] as const,
  page: (params: object) => [...vidconKeys.pages(), params] as const,
};
