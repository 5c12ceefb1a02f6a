import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import {
  htmlHasText,
  publicationImageExtensions,
  publicationImageMessages,
  type Announcement,
  type AnnouncementInput,
  type News,
  type NewsInput,
  type PublicationAccess,
  type PublicationListQuery,
} from '@lms/contract/announcement.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import type { ActivityCaller } from '../activity-log/activity-log.api.ts';
import { announceToCollege } from '../notification/notification.api.ts';
import { auditAnnouncement, auditNews } from './announcement.audit.ts';
import { fileContentInvalidMessage } from '@lms/contract/format.rules';
import { badRequest, notFound } from '../../platform/app-error.ts';
import { checkFileContent } from '../../platform/file-content-check.ts';
import { fileUrl, type FileStore } from '../../platform/file-storage.ts';
import { fileKeyOfUrl } from '../../platform/file-url.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import type { UploadedFile } from '../../platform/multipart-form.ts';
import {
  assertCanSeeScheduled,
  assertCanWritePublications,
  publicationAccess,
} from './announcement.policy.ts';
import { presentAnnouncement, presentNews } from './announcement.presenter.ts';
import {
  deleteAnnouncement,
  deleteNews,
  findAnnouncementById,
  findAnnouncementPage,
  findNewsById,
  findNewsPage,
  insertAnnouncement,
  insertNews,
  updateAnnouncement,
  updateNews,
  type AnnouncementRow,
  type NewsRow,
} from './announcement.repository.ts';

/** The clock; tests of scheduled publication move it. */
export type Clock = () => Date;
const systemClock: Clock = () => new Date();

/** A sanitised body; 400 when nothing readable is left (e.g. it held only a script). */
function cleanBody(html: string): string {
  const clean = sanitizeRichText(html);
  if (!htmlHasText(clean)) {
    throw badRequest('validation_failed', 'Data yang dikirim tidak valid. isi: Isi wajib diisi.', {
      fields: [{ field: 'isi', message: 'Isi wajib diisi.' }],
    });
  }
  return clean;
}

/**
 * POST /v2/lms/pengumuman/gambar: an image for an announcement's or article's body or a news cover (png,
 * jpg, jpeg by content), stored public-by-key for the college like every image the app shows in `<img>`;
 * answers its address. Nothing records it: a row that names it keeps it, else the file sweep removes it a
 * day later (an image inserted and then deleted from the text, a cover replaced).
 */
export async function uploadPublicationImage(
  store: FileStore,
  actor: Actor,
  file: UploadedFile | undefined,
): Promise<{ url: string }> {
  assertCanWritePublications(actor);
  if (!file) throw badRequest('file_tidak_valid', publicationImageMessages.fileNotChosen);
  const checked = await checkFileContent(file.fileName, file, publicationImageExtensions);
  if ('refused' in checked) {
    throw badRequest(
      'file_tidak_valid',
      checked.refused === 'extension'
        ? publicationImageMessages.imageType
        : fileContentInvalidMessage(checked.extension),
    );
  }
  const stored = await store.put(file, {
    collegeId: actor.collegeId,
    contentType: checked.contentType,
    fileName: file.fileName,
  });
  return { url: fileUrl(stored.key, actor.collegeId) };
}

/**
 * The store key of a news cover: `undefined` keeps the current one, null removes it; an address must
 * name a stored image of the actor's college (one uploaded through POST /v2/lms/pengumuman/gambar).
 */
async function coverKeyOf(
  store: FileStore,
  actor: Actor,
  url: string | null | undefined,
): Promise<string | null | undefined> {
  if (url === undefined || url === null) return url;
  const key = fileKeyOfUrl(url, actor.collegeId);
  const found = key ? await store.get(key) : undefined;
  found?.stream.destroy();
  if (
    !key ||
    !found ||
    found.file.collegeId !== actor.collegeId ||
    found.file.private ||
    !found.file.contentType.startsWith('image/')
  ) {
    throw badRequest('validation_failed', publicationImageMessages.coverNotFound, {
      fields: [{ field: 'gambar_url', message: publicationImageMessages.coverNotFound }],
    });
  }
  return key;
}

/** GET /v2/lms/pengumuman. */
export async function listAnnouncements(
  db: Db,
  actor: Actor,
  query: PublicationListQuery,
  clock: Clock = systemClock,
): Promise<{ data: Announcement[]; meta: PageMeta; akses: PublicationAccess }> {
  assertCanSeeScheduled(actor, query.status);
  const now = clock();
  const { rows, total } = await findAnnouncementPage(
    db,
    actor.collegeId,
    { status: query.status, search: query.search, now },
    { page: query.page, perPage: query.per_page },
  );
  return {
    data: rows.map((r) => presentAnnouncement(r, now)),
    meta: buildPageMeta(query, total),
    akses: publicationAccess(actor),
  };
}

/** GET /v2/lms/pengumuman/{id} (a scheduled one is 404 to those who may not see it: announcementResource). */
export function getAnnouncement(row: AnnouncementRow, clock: Clock = systemClock): Announcement {
  return presentAnnouncement(row, clock());
}

/** POST /v2/lms/pengumuman: no tanggal_publish publishes now; a future one schedules it. Audited. */
export async function createAnnouncement(
  db: Db,
  caller: ActivityCaller,
  college: College,
  input: AnnouncementInput,
  clock: Clock = systemClock,
): Promise<Announcement> {
  const { actor } = caller;
  assertCanWritePublications(actor);
  const now = clock();
  const tanggalPublish = input.tanggal_publish ? new Date(input.tanggal_publish) : now;
  const id = await inTransaction(db, async (tx) => {
    const newId = await insertAnnouncement(tx, actor.collegeId, actor.userId, {
      judul: input.judul,
      isi: cleanBody(input.isi),
      tanggalPublish,
    });
    await announceToCollege(tx, {
      collegeId: actor.collegeId,
      kind: 'pengumuman',
      title: input.judul,
      link: '/pengumuman',
      resource: { kind: 'announcement', id: newId },
      visibleFrom: tanggalPublish,
      actorUserId: actor.userId,
    });
    return newId;
  });
  const created = presentAnnouncement((await findAnnouncementById(db, actor.collegeId, id))!, now);
  await auditAnnouncement(db, caller, college.timeZone, 'tambah', null, created);
  return created;
}

/** PUT /v2/lms/pengumuman/{id}: no tanggal_publish keeps the current one. Audited, old → new. */
export async function editAnnouncement(
  db: Db,
  caller: ActivityCaller,
  college: College,
  current: AnnouncementRow,
  input: AnnouncementInput,
  clock: Clock = systemClock,
): Promise<Announcement> {
  const { actor } = caller;
  const { id } = current;
  const now = clock();
  await updateAnnouncement(db, actor.collegeId, id, {
    judul: input.judul,
    isi: cleanBody(input.isi),
    tanggalPublish: input.tanggal_publish ? new Date(input.tanggal_publish) : current.tanggalPublish,
  });
  const after = presentAnnouncement((await findAnnouncementById(db, actor.collegeId, id))!, now);
  await auditAnnouncement(db, caller, college.timeZone, 'ubah', presentAnnouncement(current, now), after);
  return after;
}

/** DELETE /v2/lms/pengumuman/{id}; the activity log keeps what was removed. */
export async function removeAnnouncement(
  db: Db,
  caller: ActivityCaller,
  college: College,
  current: AnnouncementRow,
  clock: Clock = systemClock,
): Promise<void> {
  const { actor } = caller;
  if (!(await deleteAnnouncement(db, actor.collegeId, current.id))) {
    throw notFound('Pengumuman tidak ditemukan.');
  }
  await auditAnnouncement(db, caller, college.timeZone, 'hapus', presentAnnouncement(current, clock()), null);
}

/** GET /v2/lms/berita. */
export async function listNews(
  db: Db,
  actor: Actor,
  query: PublicationListQuery,
  clock: Clock = systemClock,
): Promise<{ data: News[]; meta: PageMeta; akses: PublicationAccess }> {
  assertCanSeeScheduled(actor, query.status);
  const now = clock();
  const { rows, total } = await findNewsPage(
    db,
    actor.collegeId,
    { status: query.status, search: query.search, now },
    { page: query.page, perPage: query.per_page },
  );
  return {
    data: rows.map((r) => presentNews(r, now)),
    meta: buildPageMeta(query, total),
    akses: publicationAccess(actor),
  };
}

/** GET /v2/lms/berita/{id} (a scheduled one is 404 to those who may not see it: newsResource). */
export function getNews(row: NewsRow, clock: Clock = systemClock): News {
  return presentNews(row, clock());
}

/** POST /v2/lms/berita: `gambar_url` sets the cover. Audited. */
export async function createNews(
  db: Db,
  store: FileStore,
  caller: ActivityCaller,
  college: College,
  input: NewsInput,
  clock: Clock = systemClock,
): Promise<News> {
  const { actor } = caller;
  assertCanWritePublications(actor);
  const now = clock();
  const id = await insertNews(db, actor.collegeId, actor.userId, {
    judul: input.judul,
    ringkasan: input.ringkasan,
    isi: cleanBody(input.isi),
    gambarKey: (await coverKeyOf(store, actor, input.gambar_url)) ?? null,
    tanggalPublish: input.tanggal_publish ? new Date(input.tanggal_publish) : now,
  });
  const created = presentNews((await findNewsById(db, actor.collegeId, id))!, now);
  await auditNews(db, caller, college.timeZone, 'tambah', null, created);
  return created;
}

/**
 * PUT /v2/lms/berita/{id}: `gambar_url` null removes the cover, absent keeps it. A replaced cover is left
 * to the file sweep: the same image may still be named in a body. Audited, old → new.
 */
export async function editNews(
  db: Db,
  store: FileStore,
  caller: ActivityCaller,
  college: College,
  current: NewsRow,
  input: NewsInput,
  clock: Clock = systemClock,
): Promise<News> {
  const { actor } = caller;
  const { id } = current;
  const now = clock();
  await updateNews(db, actor.collegeId, id, {
    judul: input.judul,
    ringkasan: input.ringkasan,
    isi: cleanBody(input.isi),
    gambarKey: await coverKeyOf(store, actor, input.gambar_url),
    tanggalPublish: input.tanggal_publish ? new Date(input.tanggal_publish) : current.tanggalPublish,
  });
  const after = presentNews((await findNewsById(db, actor.collegeId, id))!, now);
  await auditNews(db, caller, college.timeZone, 'ubah', presentNews(current, now), after);
  return after;
}

/** DELETE /v2/lms/berita/{id}; the activity log keeps what was removed. */
export async function removeNews(
  db: Db,
  caller: ActivityCaller,
  college: College,
  current: NewsRow,
  clock: Clock = systemClock,
): Promise<void> {
  const { actor } = caller;
  if (!(await deleteNews(db, actor.collegeId, current.id))) throw notFound('Berita tidak ditemukan.');
  await auditNews(db, caller, college.timeZone, 'hapus', presentNews(current, clock()), null);
}
