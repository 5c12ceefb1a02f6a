import { notFound } from '../../platform/app-error.ts';
import { defineResource } from '../../platform/resource-access.ts';
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
 * An announcement named by a route's path: read by everyone signed in once published (a scheduled one
 * is 404 to those who may not see it); changed by operators with write on pengumuman.
 */
export const announcementResource = defineResource<AnnouncementRow>(
  'announcement',
  async (db, actor, _college, id) => {
    const row = await findAnnouncementById(db, actor.collegeId, id);
    if (!row) return null;
    const access = publicationAccess(actor);
    return {
      row,
      canRead: isPublicationVisible(row.tanggalPublish, access, new Date()),
      canWrite: access.ubah,
    };
  },
  announcementNotFound,
  announcementNotFound,
);

/** A news article named by a route's path: as an announcement. */
export const newsResource = defineResource<NewsRow>(
  'news',
  async (db, actor, _college, id) => {
    const row = await findNewsById(db, actor.collegeId, id);
    if (!row) return null;
    const access = publicationAccess(actor);
    return {
      row,
      canRead: isPublicationVisible(row.tanggalPublish, access, new Date()),
      canWrite: access.ubah,
    };
  },
  newsNotFound,
  newsNotFound,
);
