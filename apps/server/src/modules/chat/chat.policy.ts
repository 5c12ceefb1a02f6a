import type { CommentThreadRef } from '@lms/contract/chat.rules';
import type { Actor } from '../../platform/actor.ts';

/** `kelas`: formed by a lecturer; `komentar`: a task's or exam's comments; `kelompok`: a task group's. */
export type ChatGroupKind = 'kelas' | 'komentar' | 'kelompok';

/** What the caller may do in one thread: read it, and write to it. */
export interface ChatAccess {
  read: boolean;
  write: boolean;
}

/** Who the caller is to a group: member (of a `kelas` or `kelompok` group), and student or teacher of its class. */
export interface ChatRelation {
  isMember: boolean;
  isStudent: boolean;
  isTeacher: boolean;
}

/**
 * Only members read or write a group (issue 11): a `kelas` group's stored members; a task group's
 * members and the class's lecturers; in a comment group, the class's lecturers and the one student the
 * thread is about. Operators are never members: a chat is between students and lecturers. An operator
 * acting for a student only reads, as everywhere else.
 */
export function resolveChatAccess(
  actor: Actor,
  group: { jenis: ChatGroupKind },
  relation: ChatRelation,
  comment: CommentThreadRef | null,
): ChatAccess {
  const read = canReadThread(actor, group, relation, comment);
  return { read, write: read && !actor.actorUserId };
}

function canReadThread(
  actor: Actor,
  group: { jenis: ChatGroupKind },
  relation: ChatRelation,
  comment: CommentThreadRef | null,
): boolean {
  if (group.jenis !== 'komentar') return canSeeChatGroup(actor, group, relation);
  if (actor.role === 'operator') return false;
  // A comment group's threads are each one student's (task groups' threads go through their own groups).
  if (!comment?.studentId) return false;
  if (actor.role === 'dosen') return relation.isTeacher;
  return relation.isStudent && comment.studentId === actor.userId;
}

/** Whether the caller sees the group at all (its name and members). */
export function canSeeChatGroup(actor: Actor, group: { jenis: ChatGroupKind }, relation: ChatRelation) {
  if (actor.role === 'operator') return false;
  if (group.jenis === 'kelas') return relation.isMember;
  if (group.jenis === 'kelompok') return actor.role === 'dosen' ? relation.isTeacher : relation.isMember;
  return actor.role === 'dosen' ? relation.isTeacher : relation.isStudent;
}
