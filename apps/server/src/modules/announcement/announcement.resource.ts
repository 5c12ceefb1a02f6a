import type { Db } from '../../db/database.ts';
import { notFound } from '../../platform/app-error.ts';
import { defineResource, type ResourceLoader } from '../../platform/resource-access.ts';
import { isPublicationVisible, publicationAccess } from './announcement.policy.ts';
import {
  findAnnouncementById,
  findNewsById,
  type AnnouncementRow,
  type NewsRow,
} from './announcement.repository.ts';

const announcementNotFound = () => notFound('Pengumuman tidak ditemukan.');
const newsNotFound = () => notFound('Berita tidak ditemukan.');

/**
 * A publication named by a route's path: read by everyone signed in once published (a scheduled one is
 * 404 to those who may not see it); changed by operators with write on pengumuman.
 */
function publicationLoader<Row extends { tanggalPublish: Date }>(
  find: (db: Db, collegeId: string, id: string) => Promise<Row | undefined>,
): ResourceLoader<Row> {
  return async (db, actor, _college, id) => {
    const row = await find(db, actor.collegeId, id);
    if (!row) return null;
    const access = publicationAccess(actor);
    return {
      row,
      canRead: isPublicationVisible(row.tanggalPublish, access, new Date()),
      canWrite: access.ubah,
    };
  };
}

export const announcementResource = defineResource<AnnouncementRow>(
  'announcement',
  publicationLoader(findAnnouncementById),
  announcementNotFound,
  announcementNotFound,
);

export const newsResource = defineResource<NewsRow>(
  'news',
  publicationLoader(findNewsById),
  newsNotFound,
  newsNotFound,
);
