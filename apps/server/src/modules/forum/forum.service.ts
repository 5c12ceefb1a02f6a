import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  bytesPerMb,
  fileContentInvalidMessage,
  fileTypeNotAllowedMessage,
  uploadTooLargeMessage,
} from '@lms/contract/format.rules';
import { isBlankRichText } from '@lms/contract/rich-text.rules';
import {
  forumActivityScore,
  forumAttachmentExtensions,
  forumAttachmentMaxCount,
  forumMessages,
  forumStatus,
  mayPostInForum,
  validateForumForm,
} from '@lms/contract/forum.rules';
import type {
  Forum,
  ForumInput,
  ForumListQuery,
  ForumPost,
  ForumPostInput,
} from '@lms/contract/forum.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { throwFieldErrors } from '../../platform/field-errors.ts';
import type { FileStore } from '../../platform/file-storage.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import { storePrivateUploads } from '../../platform/private-uploads.ts';
import type { UploadedFile } from '../../platform/multipart-form.ts';
import { recordActivityFact, recordActivityScore, syncActivity } from '../activity/activity.api.ts';
import { classListScope, countStudentsOfClasses, type ReadableClass } from '../class/class.api.ts';
import { announceToClass, announceToUsers } from '../notification/notification.api.ts';
import {
  createdIn,
  defineMeetingContent,
  loadClassesOf,
  loadEditableMeeting,
  loadMeetingToMoveTo,
  loadReadableMeeting,
  placedIn,
  type ContentWithClass,
} from '../meeting/meeting.api.ts';
import { presentForum, presentForumPost } from './forum.presenter.ts';
import {
  countOwnPosts,
  deletePostAttachments,
  deleteForumRow,
  findForumAttachment,
  findForumAttachments,
  findForumById,
  findForumJoins,
  findForumPage,
  findForumPostById,
  findForumPostWithAuthor,
  findForumPosts,
  findMeetingForums,
  insertForum,
  insertForumAttachments,
  insertForumJoin,
  insertForumPost,
  markForumPostDeleted,
  updateForumPostText,
  updateForumRow,
  type ForumAttachmentRow,
  type ForumRow,
  type NewForumRow,
} from './forum.repository.ts';

export const forumContent = defineMeetingContent<ForumRow>({
  activity: 'forum',
  notFound: 'forum_not_found',
  find: findForumById,
});

/** The upload limit of a post's files: the `lampiran_forum` size setting, per file. */
export function forumAttachmentLimit(college: College) {
  const limitMb = readCollegeSettings(college).pengaturan_sistem.ukuran_max_file.lampiran_forum;
  const maxBytes = limitMb * bytesPerMb;
  return {
    maxBytes,
    tooLarge: new AppError(413, 'file_terlalu_besar', uploadTooLargeMessage(maxBytes)),
    maxFiles: forumAttachmentMaxCount,
    tooMany: forumMessages.tooManyAttachments,
  };
}

/** A post's files as the presenter groups them. */
function attachmentsByPost(rows: ForumAttachmentRow[]): Map<string, ForumAttachmentRow[]> {
  const byPost = new Map<string, ForumAttachmentRow[]>();
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
  return byPost;
}

/** What the actor may do in a class's forums, from their relation to it. */
function forumAccessOf(actor: Actor, cls: ReadableClass) {
  const member =
    (actor.role === 'mahasiswa' && cls.relation.isStudent && !actor.actorUserId) ||
    (actor.role === 'dosen' && cls.relation.isTeacher);
  return { canWrite: cls.access.ubah_pertemuan, member, seesJoins: actor.role !== 'mahasiswa' };
}

async function presentForums(
  db: Db,
  actor: Actor,
  rows: ForumRow[],
  classes: Map<string, ReadableClass>,
): Promise<Forum[]> {
  const ids = rows.map((r) => r.id);
  const [joins, students, own] = await Promise.all([
    findForumJoins(db, actor.collegeId, ids),
    countStudentsOfClasses(db, actor.collegeId, [...new Set(rows.map((r) => r.kelasId))]),
    actor.role === 'mahasiswa' ? countOwnPosts(db, actor.collegeId, actor.userId, ids) : undefined,
  ]);
  const now = new Date();
  return rows.map((row) =>
    presentForum(row, {
      now,
      role: actor.role,
      ...forumAccessOf(actor, classes.get(row.kelasId)!),
      students: students.get(row.kelasId) ?? 0,
      joins: joins.filter((j) => j.forumId === row.id),
      ownPosts: own ? (own.get(row.id) ?? 0) : null,
    }),
  );
}

/** GET /v2/lms/pertemuan/{id}/forum. */
export async function listMeetingForums(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
): Promise<Forum[]> {
  const { meeting, cls } = await loadReadableMeeting(db, actor, college, meetingId);
  const rows = await findMeetingForums(db, actor.collegeId, meeting.id);
  return presentForums(db, actor, rows, new Map([[meeting.kelas.id, cls]]));
}

/** GET /v2/lms/forum: the forums of the user's classes (operators with read: all), newest first. */
export async function listMyForums(
  db: Db,
  actor: Actor,
  query: ForumListQuery,
): Promise<{ data: Forum[]; meta: PageMeta }> {
  const { rows, total } = await findForumPage(
    db,
    actor.collegeId,
    classListScope(actor),
    { status: query.status, kelasId: query.id_kelas_kuliah, now: new Date() },
    { page: query.page, perPage: query.per_page },
  );
  return {
    data: await presentForums(db, actor, rows, await loadClassesOf(db, actor, rows)),
    meta: buildPageMeta(query, total),
  };
}

/** A forum with its class as the forum resource loads it (`forumResource.of(request)`). */
export type LoadedForum = ContentWithClass<ForumRow>;

/** GET /v2/lms/forum/{id}. */
export async function getForum(db: Db, actor: Actor, { row, cls }: LoadedForum): Promise<Forum> {
  return (await presentForums(db, actor, [row], new Map([[row.kelasId, cls]])))[0]!;
}

const instant = (value: string | null | undefined) => (value ? new Date(value) : null);

function syncForumActivity(db: Db, id: string, row: NewForumRow) {
  return syncActivity(
    db,
    forumContent.activityOf(id, row, {
      countsForAttendance: true,
      opensAt: row.waktuMulai,
      closesAt: row.waktuSelesai,
      dueAt: row.waktuSelesai,
    }),
  );
}

/** A checked form's columns, the same for a new forum and an edit. */
function forumColumns(input: ForumInput) {
  return {
    judul: input.judul!.trim(),
    deskripsi: sanitizeRichText(input.deskripsi!),
    waktuMulai: new Date(input.waktu_mulai!),
    waktuSelesai: new Date(input.waktu_selesai!),
    penilaianKeaktifan: input.penilaian_keaktifan,
    minimalPost: input.minimal_post!,
  };
}

/** POST /v2/lms/forum: a new forum in a meeting the actor may edit (spec 2 §5 "Forum form"). */
export async function createForum(db: Db, actor: Actor, college: College, input: ForumInput): Promise<Forum> {
  throwFieldErrors(
    validateForumForm(
      { ...input, waktu_mulai: instant(input.waktu_mulai), waktu_selesai: instant(input.waktu_selesai) },
      { requireMeeting: true },
    ),
    'forum_tidak_valid',
  );
  const { meeting } = await loadEditableMeeting(db, actor, college, input.id_pertemuan!);
  const row: NewForumRow = {
    ...createdIn(actor, meeting),
    ...forumColumns(input),
  };
  const id = await forumContent.insert(
    db,
    (tx) => insertForum(tx, row),
    async (tx, newId) => {
      await syncForumActivity(tx, newId, row);
      await announceToClass(tx, {
        collegeId: actor.collegeId,
        classId: meeting.kelasId,
        kind: 'forum',
        title: row.judul,
        link: `/kelas/${meeting.kelasId}/${meeting.id}`,
        resource: { kind: 'forum', id: newId },
        actorUserId: actor.userId,
      });
    },
  );
  return getForum(db, actor, await forumContent.loadWithClass(db, actor, id));
}

/** PUT /v2/lms/forum/{id}: the edit form; the start is fixed once participants joined. */
export async function updateForum(
  db: Db,
  actor: Actor,
  college: College,
  { row }: LoadedForum,
  input: ForumInput,
): Promise<Forum> {
  const { id } = row;
  const participants = (await findForumJoins(db, actor.collegeId, [id])).filter(
    (j) => j.role === 'mahasiswa',
  ).length;
  throwFieldErrors(
    validateForumForm(
      { ...input, waktu_mulai: instant(input.waktu_mulai), waktu_selesai: instant(input.waktu_selesai) },
      { requireMeeting: false, stored: { waktu_mulai: row.waktuMulai, participants } },
    ),
    'forum_tidak_valid',
  );
  const current = { id: row.pertemuanId, kelas: { id: row.kelasId } };
  const target = await loadMeetingToMoveTo(db, actor, college, current, input.id_pertemuan);
  const changes: NewForumRow = {
    ...placedIn(actor, target),
    ...forumColumns(input),
  };
  await forumContent.update(
    db,
    (tx) => updateForumRow(tx, actor.collegeId, id, changes),
    (tx) => syncForumActivity(tx, id, changes),
  );
  return getForum(db, actor, await forumContent.loadWithClass(db, actor, id));
}

/** DELETE /v2/lms/forum/{id}: with its discussion and its files, joins, activity and facts. */
export async function deleteForum(
  db: Db,
  files: FileStore,
  actor: Actor,
  { row }: LoadedForum,
): Promise<void> {
  const { id } = row;
  const attachments = await findForumAttachments(db, actor.collegeId, id);
  await forumContent.remove(db, actor.collegeId, id, (tx) => deleteForumRow(tx, actor.collegeId, id));
  // The rows went with the forum (cascade); the bytes go once nothing points at them.
  for (const { fileKey } of attachments) await files.delete(fileKey);
}

/** A forum's discussion as the actor may take part in it. */
function discussionOf(actor: Actor, { row, cls }: LoadedForum) {
  const access = forumAccessOf(actor, cls);
  const status = forumStatus(new Date(), row.waktuMulai, row.waktuSelesai);
  const canPost = (access.member || access.canWrite) && mayPostInForum(actor.role, status);
  return { row, access, status, canPost };
}

/** PUT /v2/lms/forum/{id}/join: the discussion was opened (daftar_join_detail); members only. */
export async function joinForum(db: Db, actor: Actor, loaded: LoadedForum): Promise<Forum> {
  const { row, access } = discussionOf(actor, loaded);
  if (actor.actorUserId) throw new AppError(403, 'aktivitas_saat_login_akun_lain');
  if (!access.member) throw forbidden();
  await insertForumJoin(db, {
    collegeId: actor.collegeId,
    forumId: row.id,
    userId: actor.userId,
    role: actor.role,
    joinedAt: new Date(),
  });
  return getForum(db, actor, loaded);
}

/** GET /v2/lms/forum/{id}/post: the discussion in order (students: only once the forum started). */
export async function listForumPosts(db: Db, actor: Actor, loaded: LoadedForum): Promise<ForumPost[]> {
  const { row, status, canPost } = discussionOf(actor, loaded);
  if (actor.role === 'mahasiswa' && status === 'belum_dimulai') throw badRequest('forum_belum_dimulai');
  const [posts, attachments] = await Promise.all([
    findForumPosts(db, actor.collegeId, row.id),
    findForumAttachments(db, actor.collegeId, row.id),
  ]);
  const byPost = attachmentsByPost(attachments);
  return posts.map((p) =>
    presentForumPost(p, {
      viewerId: actor.userId,
      collegeId: actor.collegeId,
      forumId: row.id,
      canPost,
      attachments: byPost.get(p.id) ?? [],
    }),
  );
}

/** A post as the discussion shows it, with its files. */
async function readForumPost(db: Db, actor: Actor, forumId: string, postId: string, canPost: boolean) {
  const [post, attachments] = await Promise.all([
    findForumPostWithAuthor(db, actor.collegeId, postId),
    findForumAttachments(db, actor.collegeId, forumId, postId),
  ]);
  return presentForumPost(post, {
    viewerId: actor.userId,
    collegeId: actor.collegeId,
    forumId,
    canPost,
    attachments,
  });
}

/** A post's files: refused as the format rules say (forumAttachmentExtensions). */
const forumUploadRefusals = { extension: fileTypeNotAllowedMessage, content: fileContentInvalidMessage };

/**
 * GET /v2/lms/forum/{id}/lampiran/{lampiranId}: a post's file, for those who may read the discussion
 * (students once the forum started); answers the key to send.
 */
export async function getForumAttachmentKey(
  db: Db,
  actor: Actor,
  loaded: LoadedForum,
  attachmentId: string,
): Promise<string> {
  const { row, status } = discussionOf(actor, loaded);
  if (actor.role === 'mahasiswa' && status === 'belum_dimulai') throw badRequest('forum_belum_dimulai');
  const attachment = await findForumAttachment(db, actor.collegeId, row.id, attachmentId);
  if (!attachment || attachment.postDeletedAt) throw new AppError(404, 'file_not_found');
  return attachment.fileKey;
}

/** A student's post count and, with penilaian_keaktifan, the score, into the activity model. */
async function recordPostFacts(db: Db, actor: Actor, row: ForumRow): Promise<void> {
  if (actor.role !== 'mahasiswa') return;
  const posts = (await countOwnPosts(db, actor.collegeId, actor.userId, [row.id])).get(row.id) ?? 0;
  const ref = { collegeId: actor.collegeId, ...forumContent.ref(row.id), mahasiswaId: actor.userId };
  await recordActivityFact(db, {
    ...ref,
    completedAt: posts >= row.minimalPost ? new Date() : null,
    evidence: { postCount: posts },
  });
  if (row.penilaianKeaktifan)
    await recordActivityScore(db, { ...ref, score: forumActivityScore(posts, row.minimalPost) });
}

/**
 * POST /v2/lms/forum/{id}/post: a post or a reply (rich text, sanitised) with up to
 * forumAttachmentMaxCount files. Students post only while the forum runs; everyone on the page hears of
 * it through the forum's event stream.
 */
export async function createForumPost(
  db: Db,
  files: FileStore,
  actor: Actor,
  loaded: LoadedForum,
  input: ForumPostInput,
  uploads: UploadedFile[],
  publish: (forumId: string, event: { id: string; aksi: string }) => Promise<void>,
): Promise<ForumPost> {
  const { row, status, canPost } = discussionOf(actor, loaded);
  if (actor.actorUserId) throw new AppError(403, 'aktivitas_saat_login_akun_lain');
  if (!canPost) {
    if (actor.role === 'mahasiswa' && status === 'belum_dimulai') throw badRequest('forum_belum_dimulai');
    if (actor.role === 'mahasiswa' && status === 'selesai') throw badRequest('forum_sudah_selesai');
    throw forbidden();
  }
  const isi = sanitizeRichText(input.isi);
  // A post may be only files; without files it needs text.
  if (isBlankRichText(isi) && uploads.length === 0) throw badRequest('komentar_kosong');
  const parent = input.parent_id ? await findForumPostById(db, actor.collegeId, input.parent_id) : undefined;
  // Replies answer a post of the same forum, one level deep.
  if (input.parent_id && (!parent || parent.forumId !== row.id || parent.parentId))
    throw new AppError(404, 'komentar_not_found');
  const stored = await storePrivateUploads(
    files,
    actor.collegeId,
    uploads,
    forumAttachmentExtensions,
    forumUploadRefusals,
  );
  let postId: string;
  try {
    postId = await inTransaction(db, async (tx) => {
      const newId = await insertForumPost(tx, {
        collegeId: actor.collegeId,
        forumId: row.id,
        parentId: input.parent_id ?? null,
        authorId: actor.userId,
        isi,
      });
      await insertForumAttachments(
        tx,
        stored.map((file, position) => ({
          ...file,
          position,
          collegeId: actor.collegeId,
          forumId: row.id,
          postId: newId,
        })),
      );
      // The post's author hears of a reply (not the replier; a deleted post's author neither).
      if (parent && !parent.deletedAt)
        await announceToUsers(tx, {
          collegeId: actor.collegeId,
          classId: row.kelasId,
          userIds: [parent.authorId],
          kind: 'balasan_forum',
          title: `Balasan di forum ${row.judul}`,
          link: `/kelas/${row.kelasId}/${row.pertemuanId}`,
          resource: { kind: 'forum_post', id: newId },
          actorUserId: actor.userId,
        });
      return newId;
    });
  } catch (error) {
    // Nothing points at the files yet: remove them rather than leave orphans.
    for (const file of stored) await files.delete(file.fileKey);
    throw error;
  }
  await insertForumJoin(db, {
    collegeId: actor.collegeId,
    forumId: row.id,
    userId: actor.userId,
    role: actor.role,
    joinedAt: new Date(),
  });
  await recordPostFacts(db, actor, row);
  await publish(row.id, { id: postId, aksi: 'baru' });
  return readForumPost(db, actor, row.id, postId, canPost);
}

/** One's own post, for editing or deleting. */
async function loadOwnPost(db: Db, actor: Actor, postId: string) {
  const post = await findForumPostById(db, actor.collegeId, postId);
  if (!post || post.deletedAt) throw new AppError(404, 'komentar_not_found');
  const discussion = discussionOf(actor, await forumContent.loadWithClass(db, actor, post.forumId));
  if (post.authorId !== actor.userId || actor.actorUserId) throw forbidden();
  return { post, ...discussion };
}

/** PUT /v2/lms/forum/post/{id}: edits one's own post while one may post. */
export async function editForumPost(
  db: Db,
  actor: Actor,
  postId: string,
  isi: string,
  publish: (forumId: string, event: { id: string; aksi: string }) => Promise<void>,
): Promise<ForumPost> {
  const { post, row, canPost } = await loadOwnPost(db, actor, postId);
  if (!canPost) throw badRequest('forum_sudah_selesai');
  const clean = sanitizeRichText(isi);
  // A post of files only may stay without text.
  if (
    isBlankRichText(clean) &&
    (await findForumAttachments(db, actor.collegeId, row.id, post.id)).length === 0
  )
    throw badRequest('komentar_kosong');
  await updateForumPostText(db, actor.collegeId, post.id, clean);
  await publish(row.id, { id: post.id, aksi: 'ubah' });
  return readForumPost(db, actor, row.id, post.id, canPost);
}

/**
 * DELETE /v2/lms/forum/post/{id}: deletes one's own post with its files (its replies stay). The post
 * count for attendance keeps what was reached: facts never go down (docs/architecture.md).
 */
export async function deleteForumPost(
  db: Db,
  files: FileStore,
  actor: Actor,
  postId: string,
  publish: (forumId: string, event: { id: string; aksi: string }) => Promise<void>,
): Promise<void> {
  const { post, row } = await loadOwnPost(db, actor, postId);
  const keys = await inTransaction(db, async (tx) => {
    await markForumPostDeleted(tx, actor.collegeId, post.id);
    return deletePostAttachments(tx, actor.collegeId, post.id);
  });
  for (const key of keys) await files.delete(key);
  await publish(row.id, { id: post.id, aksi: 'hapus' });
}

/** Checks that the actor may follow a forum's discussion live. */
export function assertCanFollowForum(loaded: LoadedForum): string {
  return loaded.row.id;
}
