/**
 * Query keys of forums (GET /v2/lms/pertemuan/{id}/forum, GET /v2/lms/forum, …) and their discussions. A
 * saved or deleted forum invalidates `all`; a post arriving on the live stream invalidates its `posts`.
 */
export const forumKeys = {
  all: ['forums'] as const,
  meetingList: (meetingId: string) => [...forumKeys.all, 'meeting', meetingId] as const,
  pages: () => [...forumKeys.all, 'page'] as const,
  page: (params: object) => [...forumKeys.pages(), params] as const,
  detail: (id: string) => [...forumKeys.all, 'detail', id] as const,
  posts: (id: string) => [...forumKeys.all, 'posts', id] as const,
  /** A post's image, fetched once as a blob (its address never changes). */
  attachment: (id: string) => ['forum-attachments', id] as const,
};
