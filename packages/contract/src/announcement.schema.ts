import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { isOwnFileUrl } from './rich-text.rules.ts';

/**
 * Announcements (pengumuman) and news (berita). An item is published once `tanggal_publish` has
 * passed; before that it is scheduled (terjadwal) and only operators with read on `pengumuman` see it.
 */
export const publicationStatusValues = ['terbit', 'terjadwal'] as const;
export type PublicationStatus = (typeof publicationStatusValues)[number];

export const publicationStatusLabels: Record<PublicationStatus, string> = {
  terbit: 'Terbit',
  terjadwal: 'Terjadwal',
};

/** The status filter of the lists: `semua` and `terjadwal` need read on `pengumuman`. */
export const publicationFilterValues = ['terbit', 'terjadwal', 'semua'] as const;

/** Longest title and body the server accepts. */
export const announcementTitleMax = 200;
export const announcementBodyMax = 50_000;
export const newsSummaryMax = 500;

/**
 * Images of announcements and news (in the body, and a news cover): png or jpeg, checked by content, at
 * most 5 MB (a phone camera's photo).
 */
export const publicationImageExtensions = ['png', 'jpg', 'jpeg'] as const;
export const publicationImageMaxBytes = 5_000_000;
export const publicationImageMessages = {
  fileNotChosen: 'Pilih gambar yang akan diunggah.',
  imageType: 'Gambar harus berupa png, jpg atau jpeg.',
  coverNotFound: 'Gambar sampul tidak ditemukan. Unggah ulang gambarnya.',
} as const;

/** POST /v2/lms/pengumuman/gambar: the stored image's address, for `<img src>` and `gambar_url`. */
export const publicationImageUploadedSchema = dataOf(z.object({ url: z.string() }));

const isoInstant = z.iso.datetime({ offset: true, message: 'Waktu harus ISO 8601 dengan Z atau offset.' });

const searchText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

/** GET /v2/lms/pengumuman and /v2/lms/berita. */
export const publicationListQuerySchema = pageQuerySchema.extend({
  /** Part of the title. */
  search: searchText,
  /** terbit (default), terjadwal or semua; the last two for operators with read on pengumuman. */
  status: z
    .union([z.enum(publicationFilterValues), z.literal('')])
    .optional()
    .transform((v) => v || 'terbit'),
});
export type PublicationListQuery = z.infer<typeof publicationListQuerySchema>;

const authorSchema = z.object({ id: z.string(), nama: z.string() }).nullable();

/** What the signed-in user may do with announcements (the web app shows buttons from it). */
export const publicationAccessSchema = z.object({
  /** Sees scheduled items (read or write on pengumuman). */
  lihat_terjadwal: z.boolean(),
  /** Creates, edits and deletes (write on pengumuman). */
  ubah: z.boolean(),
});
export type PublicationAccess = z.infer<typeof publicationAccessSchema>;

/** An announcement (spec 1 §3: judul, tanggalPublish; `isi` is sanitised HTML). */
export const announcementSchema = z.object({
  id: z.string(),
  judul: z.string(),
  isi: z.string(),
  tanggal_publish: isoInstant,
  status: z.enum(publicationStatusValues),
  penulis: authorSchema,
  created_at: isoInstant,
  updated_at: isoInstant,
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementListResponseSchema = pageOf(announcementSchema).extend({
  akses: publicationAccessSchema,
});
export type AnnouncementListResponse = z.infer<typeof announcementListResponseSchema>;
export const announcementResponseSchema = dataOf(announcementSchema);

const requiredTitle = z
  .string({ error: 'Judul wajib diisi.' })
  .trim()
  .min(1, 'Judul wajib diisi.')
  .max(announcementTitleMax, `Judul tidak boleh lebih dari ${announcementTitleMax} karakter.`);
const requiredBody = z
  .string({ error: 'Isi wajib diisi.' })
  .max(announcementBodyMax, `Isi tidak boleh lebih dari ${announcementBodyMax} karakter.`)
  .refine((html) => htmlHasText(html), 'Isi wajib diisi.');

/**
 * POST /v2/lms/pengumuman, PUT /v2/lms/pengumuman/{id}. `tanggal_publish` empty or absent means now;
 * a future time schedules it.
 */
export const announcementInputSchema = z.object({
  judul: requiredTitle,
  isi: requiredBody,
  tanggal_publish: isoInstant.nullable().optional(),
});
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

/** A news article (berita): an announcement with a summary and a cover image (`gambar_url`, or null). */
export const newsSchema = announcementSchema.extend({
  ringkasan: z.string(),
  gambar_url: z.string().nullable(),
});
export type News = z.infer<typeof newsSchema>;
export const newsListResponseSchema = pageOf(newsSchema).extend({ akses: publicationAccessSchema });
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;
export const newsResponseSchema = dataOf(newsSchema);

export const newsInputSchema = announcementInputSchema.extend({
  ringkasan: z
    .string()
    .trim()
    .max(newsSummaryMax, `Ringkasan tidak boleh lebih dari ${newsSummaryMax} karakter.`)
    .optional()
    .default(''),
  /**
   * The cover: an address answered by POST /v2/lms/pengumuman/gambar; null removes it; absent keeps the
   * current one (none for a new article).
   */
  gambar_url: z
    .string()
    .trim()
    .refine((url) => isOwnFileUrl(url), publicationImageMessages.coverNotFound)
    .nullable()
    .optional(),
});
export type NewsInput = z.infer<typeof newsInputSchema>;

export const publicationIdParamsSchema = z.object({ id: z.uuid('Data tidak ditemukan.') });

/**
 * Whether an HTML fragment holds anything to see: text or an image (an empty editor gives `<p></p>` or
 * `<p><br></p>`).
 */
export function htmlHasText(html: string): boolean {
  return (
    /<img\s[^>]*src=/i.test(html) ||
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim().length > 0
  );
}

/** The publication status of an item at an instant. */
export function publicationStatusAt(tanggalPublish: Date | string, now: Date): PublicationStatus {
  return new Date(tanggalPublish).getTime() <= now.getTime() ? 'terbit' : 'terjadwal';
}
