import { randomUUID } from 'node:crypto';
import {
  chatMessageMaxLength,
  chatMessages as texts,
  chatPageSize,
  chatThreadKey,
  commentTypes,
  contentOfCommentGroup,
  parseCommentThreadId,
  taskGroupOfCommentGroup,
  type CommentThreadRef,
} from '@lms/contract/chat.rules';
import type {
  ChatGroup,
  ChatMember,
  ChatGroupInput,
  ChatMessage,
  ChatThread,
  ChatThreadInput,
  ChatUnread,
  ChatUnreadInput,
} from '@lms/contract/chat.schema';
import { isBlankRichText } from '@lms/contract/rich-text.rules';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import { publishWithin, streamKey } from '../../platform/event-hub.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import { recordActivity } from '../activity-log/activity-log.api.ts';
import { findContentPlace } from '../activity/activity.api.ts';
import { loadReadableClass, type ReadableClass } from '../class/class.api.ts';
import { announceToUsers } from '../notification/notification.api.ts';
import { readTaskGroup } from '../task-group/task-group.api.ts';
import { presentChatGroup, presentChatMessage, presentUnread } from './chat.presenter.ts';
import { canSeeChatGroup, resolveChatAccess, type ChatAccess, type ChatRelation } from './chat.policy.ts';
import {
  findChatGroup,
  findChatGroupMembers,
  findChatMessage,
  findChatMessages,
  findChatThread,
  findEnrolledStudentsByNim,
  findUnread,
  incrementUnread,
  insertChatGroup,
  insertChatMessage,
  isChatGroupMember,
  markChatMessageDeleted,
  replaceChatGroupMembers,
  updateChatGroupName,
  upsertChatThread,
  writeUnread,
  type ChatGroupRow,
} from './chat.repository.ts';

/** The stream a thread's `pesan` events go to. */
export function chatThreadStreamKey(collegeId: string, groupId: string, threadId: string): string {
  return streamKey(collegeId, 'chat', groupId, threadId);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The answer for a group unknown to the caller: unknown, or of a class they are not in. */
export const groupNotFound = () => new AppError(404, 'chat_group_not_found', texts.groupNotFound);

/** A group as the caller reads it: the row, their relation, the class's teachers, a task group's members. */
export interface LoadedChatGroup {
  group: ChatGroupRow;
  relation: ChatRelation;
  teachers: ReadableClass['teachers'];
  groupMembers: ChatMember[];
}

/**
 * A group with the caller's relation to it; null when unknown or of a class the caller does not read.
 * Reading creates a group: a comment group (`LMS-{contentId}`) from the task or exam it names, a task
 * group's from the task group (spec 1 §9: "created on demand when fetching it fails"), once the class
 * is checked, so an outsider creates none. The resource pre-handler runs it for every route naming a group.
 */
export async function loadOrCreateChatGroup(
  db: Db,
  actor: Actor,
  groupId: string,
): Promise<LoadedChatGroup | null> {
  let group = await findChatGroup(db, actor.collegeId, groupId);
  const taskGroupId = taskGroupOfCommentGroup(groupId);
  const taskGroup = taskGroupId ? await readTaskGroup(db, actor.collegeId, taskGroupId) : undefined;
  let kelasId = group?.kelasId ?? taskGroup?.kelasId;
  let kind: string | undefined;
  if (!kelasId) {
    const contentId = contentOfCommentGroup(groupId);
    const place = contentId
      ? await findContentPlace(db, actor.collegeId, contentId, commentTypes)
      : undefined;
    if (!place) return null;
    ({ kelasId, kind } = place);
  }
  // The class is checked before anything is written, so an outsider cannot create groups either.
  const cls = await loadReadableClass(db, actor, kelasId).catch((error: unknown) => {
    // Not of the class: the group is not theirs to know of.
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return null;
    throw error;
  });
  if (!cls) return null;
  group ??= await insertChatGroup(db, {
    collegeId: actor.collegeId,
    id: groupId,
    kelasId,
    jenis: taskGroup ? 'kelompok' : 'komentar',
    nama: taskGroup ? taskGroup.nama : `Komentar ${kind}`,
  });
  // A task group's members are read from the group each time: joining or leaving it is at once felt here.
  const groupMembers: ChatMember[] = taskGroup
    ? taskGroup.members.map((m) => ({ id: m.mahasiswaId, role: 'Mahasiswa', nama: m.nama, nim: m.nim }))
    : [];
  const relation: ChatRelation = {
    isStudent: cls.relation.isStudent,
    isTeacher: cls.relation.isTeacher,
    isMember: taskGroup
      ? groupMembers.some((m) => m.id === actor.userId)
      : group.jenis === 'kelas' && (await isChatGroupMember(db, actor.collegeId, group.id, actor.userId)),
  };
  return { group, relation, teachers: cls.teachers, groupMembers };
}

/**
 * A comment group's thread must be a comment thread of that group and its content; a task group's
 * thread is its conversation, or a comment thread naming the group (a group task's comments).
 */
function commentRefOf(group: ChatGroupRow, threadId: string): CommentThreadRef | null {
  if (group.jenis === 'kelas') return null;
  const ref = parseCommentThreadId(threadId);
  if (group.jenis === 'kelompok') {
    if (!threadId.startsWith('komentar-')) return null;
    if (!ref || ref.groupId !== group.id || ref.studentId)
      throw badRequest('chat_thread_invalid', texts.threadInvalid);
    return ref;
  }
  if (!ref || ref.groupId !== group.id || ref.contentId !== contentOfCommentGroup(group.id)) {
    throw badRequest('chat_thread_invalid', texts.threadInvalid);
  }
  return ref;
}

/** The caller's access to one of a group's threads; refused unless they may read it. */
function threadAccessOf(actor: Actor, loaded: LoadedChatGroup, threadId: string) {
  const comment = commentRefOf(loaded.group, threadId);
  const access = resolveChatAccess(actor, loaded.group, loaded.relation, comment);
  if (!access.read) throw forbidden(texts.notMember);
  return { comment, access };
}

/** Who is told of a new message: everyone who reads the thread but its author. */
async function recipientsOf(
  db: Db,
  loaded: LoadedChatGroup,
  comment: CommentThreadRef | null,
  authorId: string,
) {
  const teachers = loaded.teachers.map((t) => t.dosenId);
  const ids =
    loaded.group.jenis === 'kelas'
      ? (await findChatGroupMembers(db, loaded.group.collegeId, loaded.group.id)).map((m) => m.id)
      : loaded.group.jenis === 'kelompok'
        ? [...teachers, ...loaded.groupMembers.map((m) => m.id)]
        : [...teachers, ...(comment?.studentId ? [comment.studentId] : [])];
  return [...new Set(ids)].filter((id) => id !== authorId);
}

/** GET /v2/chat/group/{groupId}. */
export async function getChatGroup(db: Db, actor: Actor, loaded: LoadedChatGroup): Promise<ChatGroup> {
  if (!canSeeChatGroup(actor, loaded.group, loaded.relation)) throw forbidden(texts.notMember);
  const lecturers = loaded.teachers.map((t) => ({
    id: t.dosenId,
    role: 'Dosen' as const,
    nama: t.nama,
    nim: null,
  }));
  // A comment group shows the lecturers; a student sees no other student.
  const members =
    loaded.group.jenis === 'kelas'
      ? await findChatGroupMembers(db, actor.collegeId, loaded.group.id)
      : [...loaded.groupMembers, ...lecturers];
  return presentChatGroup(loaded.group, members);
}

/** The class's students with the given numbers, refusing any who is not enrolled. */
async function membersOfInput(db: Db, actor: Actor, input: ChatGroupInput) {
  const nims = [...new Set(input.members)];
  const found = await findEnrolledStudentsByNim(db, actor.collegeId, input.id_kelas_kuliah, nims);
  const missing = nims.find((nim) => !found.some((s) => s.nim === nim));
  if (missing) throw badRequest('chat_member_invalid', texts.memberNotInClass(missing));
  // The "one extra id" of spec 1 §7: the lecturer who forms the group.
  return [
    ...found.map((s) => ({ userId: s.userId, role: 'Mahasiswa' as const })),
    { userId: actor.userId, role: 'Dosen' as const },
  ];
}

/** POST /v2/chat/group: a lecturer of the class forms a group of its students. */
export async function createChatGroup(db: Db, actor: Actor, input: ChatGroupInput): Promise<ChatGroup> {
  const cls = await loadReadableClass(db, actor, input.id_kelas_kuliah);
  if (!cls.relation.isTeacher) throw forbidden();
  const members = await membersOfInput(db, actor, input);
  const id = `GRUP-${randomUUID()}`;
  await inTransaction(db, async (tx) => {
    await insertChatGroup(tx, {
      collegeId: actor.collegeId,
      id,
      kelasId: input.id_kelas_kuliah,
      jenis: 'kelas',
      nama: input.name,
      usage: input.usage,
      createdBy: actor.userId,
    });
    await replaceChatGroupMembers(tx, actor.collegeId, id, members);
  });
  return readChatGroup(db, actor, id);
}

/** A group read again after a change (its members may have changed the caller's relation). */
async function readChatGroup(db: Db, actor: Actor, groupId: string): Promise<ChatGroup> {
  const loaded = await loadOrCreateChatGroup(db, actor, groupId);
  if (!loaded) throw groupNotFound();
  return getChatGroup(db, actor, loaded);
}

/** POST /v2/chat/group/{id}: a lecturer of the class renames a group or changes its members. */
export async function updateChatGroup(
  db: Db,
  actor: Actor,
  loaded: LoadedChatGroup,
  input: ChatGroupInput,
): Promise<ChatGroup> {
  const groupId = loaded.group.id;
  if (loaded.group.jenis !== 'kelas' || !loaded.relation.isTeacher || actor.actorUserId) throw forbidden();
  if (input.id_kelas_kuliah !== loaded.group.kelasId)
    throw badRequest('chat_group_class', texts.groupNotFound);
  const members = await membersOfInput(db, actor, input);
  await inTransaction(db, async (tx) => {
    await updateChatGroupName(tx, actor.collegeId, groupId, input.name);
    await replaceChatGroupMembers(tx, actor.collegeId, groupId, members);
  });
  return readChatGroup(db, actor, groupId);
}

/** GET …/thread/{threadId}: the latest messages (or those before `sebelum`), oldest first. */
export async function getChatThread(
  db: Db,
  actor: Actor,
  loaded: LoadedChatGroup,
  threadId: string,
  before?: Date,
): Promise<ChatThread> {
  const groupId = loaded.group.id;
  const { access } = threadAccessOf(actor, loaded, threadId);
  const [thread, rows] = await Promise.all([
    findChatThread(db, actor.collegeId, groupId, threadId),
    findChatMessages(db, actor.collegeId, groupId, threadId, { before, limit: chatPageSize + 1 }),
  ]);
  const page = rows.slice(0, chatPageSize).reverse();
  return {
    id: threadId,
    id_group: groupId,
    judul: thread?.judul ?? null,
    pesan: page.map((row) => presentChatMessage(row, actor.userId)),
    ada_sebelumnya: rows.length > chatPageSize,
    akses: { kirim: access.write },
  };
}

/** POST …/thread and …/thread/{threadId}: creates a thread (or changes its title). */
export async function saveChatThread(
  db: Db,
  actor: Actor,
  loaded: LoadedChatGroup,
  threadId: string | undefined,
  input: ChatThreadInput,
): Promise<ChatThread> {
  const id = threadId ?? input.id ?? randomUUID();
  assertWritable(threadAccessOf(actor, loaded, id).access);
  await upsertChatThread(db, {
    collegeId: actor.collegeId,
    groupId: loaded.group.id,
    id,
    judul: input.judul,
  });
  return getChatThread(db, actor, loaded, id);
}

function assertWritable(access: ChatAccess) {
  if (!access.write) throw forbidden(texts.notMember);
}

/** The sanitised text of a message, refused when empty or too long. */
function cleanMessage(isi: string): string {
  const clean = sanitizeRichText(isi);
  if (isBlankRichText(clean)) throw badRequest('pesan_kosong', texts.emptyMessage);
  if (clean.length > chatMessageMaxLength) throw badRequest('pesan_terlalu_panjang', texts.tooLong);
  return clean;
}

/**
 * POST …/thread/{threadId}/pesan: stores the message (making the thread on first use), adds one unread
 * message for everyone else who reads the thread, and announces it on commit. A comment is also logged
 * (spec 1 §7 log_tambah_komentar), by the server that knows it was stored.
 */
export async function sendChatMessage(
  db: Db,
  actor: Actor,
  loaded: LoadedChatGroup,
  threadId: string,
  isi: string,
): Promise<ChatMessage> {
  const groupId = loaded.group.id;
  const { access, comment } = threadAccessOf(actor, loaded, threadId);
  assertWritable(access);
  const clean = cleanMessage(isi);
  const recipients = await recipientsOf(db, loaded, comment, actor.userId);
  const id = await inTransaction(db, async (tx) => {
    await upsertChatThread(tx, { collegeId: actor.collegeId, groupId, id: threadId });
    const message = await insertChatMessage(tx, {
      collegeId: actor.collegeId,
      groupId,
      threadId,
      authorId: actor.userId,
      isi: clean,
    });
    await incrementUnread(
      tx,
      actor.collegeId,
      recipients,
      chatThreadKey(groupId, threadId),
      message.createdAt,
    );
    await publishWithin(tx, chatThreadStreamKey(actor.collegeId, groupId, threadId), 'pesan', {
      id: message.id,
      aksi: 'baru',
    });
    if (comment) await logComment(tx, actor, comment, 'tambah_komentar');
    // The bell holds one unread chat notification per thread: later messages add none until it is read.
    await announceToUsers(tx, {
      collegeId: actor.collegeId,
      classId: loaded.group.kelasId,
      userIds: recipients,
      kind: 'pesan_chat',
      title: `Pesan baru di ${loaded.group.nama}`,
      link: chatLinkOf(loaded.group, comment),
      resource: { kind: 'pesan_chat', id: `${chatThreadKey(groupId, threadId)}#${message.id}` },
      actorUserId: actor.userId,
    });
    return message.id;
  });
  const [row] = (await findChatMessages(db, actor.collegeId, groupId, threadId, { limit: 20 })).filter(
    (m) => m.id === id,
  );
  return presentChatMessage(row!, actor.userId);
}

/** Where a chat is read: a comment thread on its task or exam, a task group's on the class's groups. */
function chatLinkOf(group: ChatGroupRow, comment: CommentThreadRef | null): string {
  if (comment) return `/${comment.type}/${comment.contentId}`;
  if (group.jenis === 'kelompok') return `/kelas/${group.kelasId}/kelompok`;
  return `/kelas/${group.kelasId}`;
}

/** DELETE …/thread/{threadId}/pesan/{pesanId}: the author deletes their message (its place stays). */
export async function deleteChatMessage(
  db: Db,
  actor: Actor,
  loaded: LoadedChatGroup,
  threadId: string,
  messageId: string,
  now = new Date(),
): Promise<void> {
  const groupId = loaded.group.id;
  const { access, comment } = threadAccessOf(actor, loaded, threadId);
  assertWritable(access);
  const message = await findChatMessage(db, actor.collegeId, groupId, threadId, messageId);
  if (!message) throw new AppError(404, 'not_found');
  if (message.authorId !== actor.userId) throw forbidden(texts.notAuthor);
  await inTransaction(db, async (tx) => {
    if (!(await markChatMessageDeleted(tx, actor.collegeId, messageId, now))) return;
    await publishWithin(tx, chatThreadStreamKey(actor.collegeId, groupId, threadId), 'pesan', {
      id: messageId,
      aksi: 'hapus',
    });
    if (comment) {
      await logComment(tx, actor, comment, 'hapus_komentar', {
        waktu_posting: message.createdAt.toISOString(),
      });
    }
  });
}

/** Checks the caller may follow a thread's live messages; answers its stream key. */
export function assertCanFollowThread(actor: Actor, loaded: LoadedChatGroup, threadId: string): string {
  threadAccessOf(actor, loaded, threadId);
  return chatThreadStreamKey(actor.collegeId, loaded.group.id, threadId);
}

async function logComment(
  db: Db,
  actor: Actor,
  comment: CommentThreadRef,
  jenis: 'tambah_komentar' | 'hapus_komentar',
  context: Record<string, unknown> = {},
) {
  await recordActivity(db, {
    collegeId: actor.collegeId,
    userId: actor.userId,
    role: actor.role,
    operatorUserId: actor.actorUserId,
    jenis,
    detail: `${jenis === 'tambah_komentar' ? 'Menambahkan' : 'Menghapus'} komentar pada ${comment.type}`,
    context: { tipe: comment.type, id_konten: comment.contentId, id_group: comment.groupId, ...context },
  });
}

/**
 * POST /v2/lms/log_aktivitas/{tugas|ujian}/{contentId}[/kelompok/{groupId}]/log_tambah_komentar and
 * log_hapus_komentar: the old client's own log calls, kept for it; refused unless the caller reads the
 * content's comments (our screens need not call them: the server logs what it stores).
 */
export async function logCommentActivity(
  db: Db,
  actor: Actor,
  comment: { type: 'tugas' | 'ujian'; contentId: string; groupId: string | null },
  jenis: 'tambah_komentar' | 'hapus_komentar',
  context: Record<string, unknown> = {},
): Promise<void> {
  // An acting session writes no comment (chat access is read-only there), so it logs none either.
  if (actor.actorUserId) throw new AppError(403, 'aktivitas_saat_login_akun_lain');
  const place = await findContentPlace(db, actor.collegeId, comment.contentId, [comment.type]);
  if (!place) throw new AppError(404, 'not_found');
  const cls = await loadReadableClass(db, actor, place.kelasId);
  if (!cls.relation.isStudent && !cls.relation.isTeacher) throw forbidden();
  if (comment.groupId !== null) {
    // A task group's comments are read by its members and the class's lecturers (as its chat thread),
    // so a classmate outside the group does not log comments there.
    const group = uuidPattern.test(comment.groupId)
      ? await readTaskGroup(db, actor.collegeId, comment.groupId)
      : undefined;
    if (!group || group.kelasId !== place.kelasId) throw new AppError(404, 'not_found');
    if (!cls.relation.isTeacher && !group.members.some((m) => m.mahasiswaId === actor.userId))
      throw forbidden();
  }
  await logComment(
    db,
    actor,
    { type: comment.type, contentId: comment.contentId, groupId: comment.groupId ?? '', studentId: null },
    jenis,
    context,
  );
}

/** GET /v2/chat/unread: the caller's counters. */
export async function listUnread(db: Db, actor: Actor): Promise<ChatUnread[]> {
  return (await findUnread(db, actor.collegeId, actor.userId)).map(presentUnread);
}

/** PUT /v2/chat/unread: sets, increments or resets one of the caller's own counters. */
export async function updateUnread(db: Db, actor: Actor, input: ChatUnreadInput): Promise<ChatUnread> {
  if (actor.actorUserId) throw forbidden();
  const row = await writeUnread(
    db,
    { collegeId: actor.collegeId, userId: actor.userId, key: input.id },
    {
      action: input.aksi,
      value: input.jumlah ?? 0,
      lastChatAt: input.waktu_chat_terakhir ? new Date(input.waktu_chat_terakhir) : undefined,
    },
  );
  return presentUnread(row);
}
