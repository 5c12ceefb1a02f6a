import { publicationStatusAt, type Announcement, type News } from '@lms/contract/announcement.schema';
import { fileUrl } from '../../platform/file-storage.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import type { AnnouncementRow, NewsRow } from './announcement.repository.ts';

/** Row → answer; the body is sanitised again on the way out. */
export function presentAnnouncement(row: AnnouncementRow, now: Date): Announcement {
  return {
    id: row.id,
    judul: row.judul,
    isi: sanitizeRichText(row.isi),
    tanggal_publish: row.tanggalPublish.toISOString(),
    status: publicationStatusAt(row.tanggalPublish, now),
    penulis: row.authorId ? { id: row.authorId, nama: row.authorNama ?? '' } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Row → answer for news, with its cover's address (served by GET /v2/files/{key}). */
export function presentNews(row: NewsRow, now: Date): News {
  return {
    ...presentAnnouncement(row, now),
    ringkasan: row.ringkasan,
    gambar_url: row.gambarKey ? fileUrl(row.gambarKey, row.collegeId) : null,
  };
}
