/**
 * Chat groups, threads and comment threads (spec 1 §7 and §9; docs/api/chat.md). A comment thread on a
 * task or an exam is one student's (or one task group's) conversation with the class's lecturers; its
 * identity is built from the content, so every screen and the server name it the same way.
 */

/** Content that carries comments: exams, and tasks (every other type comments as a task). */
export const commentTypes = ['tugas', 'ujian'] as const;
export type CommentType = (typeof commentTypes)[number];

/** Prefix of a comment group of an exam or an individual task; of a task group's group. */
export const commentGroupPrefix = 'LMS-';
export const groupCommentGroupPrefix = 'LMS-KELOMPOK-';

/** Longest message, in characters of its (sanitised) rich text. */
export const chatMessageMaxLength = 5000;

/** The most members a chat group of a class may have (a class of 300 and its lecturers). */
export const chatGroupMaxMembers = 400;

/** Messages a thread answers at once; older ones are read with `sebelum`. */
export const chatPageSize = 50;

export const chatMessages = {
  groupNotFound: 'Grup percakapan tidak ditemukan',
  threadInvalid: 'Percakapan tidak dikenal',
  notMember: 'Anda bukan anggota percakapan ini',
  emptyMessage: 'Pesan tidak boleh kosong',
  tooLong: `Pesan tidak boleh lebih dari ${chatMessageMaxLength} karakter`,
  notAuthor: 'Hanya pengirim yang dapat menghapus pesan ini',
  memberNotInClass: (nim: string) => `Mahasiswa dengan NIM ${nim} tidak terdaftar di kelas ini`,
  messageDeleted: 'Pesan ini telah dihapus.',
} as const;

/** The chat group of a content's comments: `LMS-{contentId}`, or `LMS-KELOMPOK-{groupId}` for a group task. */
export function commentGroupId(contentId: string, taskGroupId?: string | null): string {
  return taskGroupId ? `${groupCommentGroupPrefix}${taskGroupId}` : `${commentGroupPrefix}${contentId}`;
}

/** The thread of spec 1 §9: `komentar-{type}__{groupId}__{threadId}[__{studentUuid}]`. */
export function commentThreadId(parts: {
  type: CommentType;
  groupId: string;
  contentId: string;
  studentId?: string | null;
}): string {
  const base = `komentar-${parts.type}__${parts.groupId}__${parts.contentId}`;
  return parts.studentId ? `${base}__${parts.studentId}` : base;
}

/** What a comment thread id names, or null when it is not one. */
export interface CommentThreadRef {
  type: CommentType;
  groupId: string;
  contentId: string;
  studentId: string | null;
}

/** Reads a comment thread id back (the inverse of `commentThreadId`); null when malformed. */
export function parseCommentThreadId(threadId: string): CommentThreadRef | null {
  const match = /^komentar-(tugas|ujian)__(.+?)__([^_]+(?:_[^_]+)*)(?:__([0-9a-f-]{36}))?$/.exec(threadId);
  if (!match) return null;
  const [, type, groupId, contentId, studentId] = match;
  return {
    type: type as CommentType,
    groupId: groupId!,
    contentId: contentId!,
    studentId: studentId ?? null,
  };
}

/** The content a comment group names: `LMS-{contentId}` (not a task group's), or null. */
export function contentOfCommentGroup(groupId: string): string | null {
  if (groupId.startsWith(groupCommentGroupPrefix) || !groupId.startsWith(commentGroupPrefix)) return null;
  return groupId.slice(commentGroupPrefix.length) || null;
}

/** The task group an `LMS-KELOMPOK-{groupId}` chat group names, or null. */
export function taskGroupOfCommentGroup(groupId: string): string | null {
  if (!groupId.startsWith(groupCommentGroupPrefix)) return null;
  const id = groupId.slice(groupCommentGroupPrefix.length);
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}

/** The key of a thread's unread counter and last chat time. */
export function chatThreadKey(groupId: string, threadId: string): string {
  return `${groupId}/${threadId}`;
}

/** How an unread counter changes: set to a number, one more, or back to zero. */
export const unreadActions = ['set', 'tambah', 'reset'] as const;
export type UnreadAction = (typeof unreadActions)[number];
