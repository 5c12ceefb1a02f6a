import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { forumPostMaxLength, forumStatuses } from './forum.rules.ts';

export const forumStatusSchema = z.enum(forumStatuses);

/** A forum of a meeting (spec 2 §3 Forum). */
export const forumSchema = z.object({
  id: z.string(),
  id_kelas_kuliah: z.string(),
  id_pertemuan: z.string(),
  pertemuan: z.object({ nomor: z.number().int() }),
  kelas_kuliah: z.object({
    id: z.string(),
    nama: z.string(),
    mata_kuliah: z.object({ kode: z.string(), nama: z.string() }),
  }),
  judul: z.string(),
  /** Sanitised rich text. */
  deskripsi: z.string(),
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  /** By the server clock. */
  status: forumStatusSchema,
  penilaian_keaktifan: z.boolean(),
  minimal_post: z.number().int(),
  /** Students of the class. */
  jumlah_peserta: z.number().int(),
  /** Students who opened the discussion. */
  jumlah_peserta_join: z.number().int(),
  /** Lecturers and operators only; empty for students. */
  daftar_join_detail: z.array(z.object({ role: z.string(), username: z.string(), waktu_join: z.string() })),
  /** The chat addresses of the old system: the class and the forum (the link /forum?groupId=…&forumId=…). */
  id_group_chat: z.string(),
  id_forum_chat: z.string(),
  /** Students: their own posts so far and whether that meets minimal_post. */
  post_saya: z.number().int().nullable(),
  akses: z.object({ ubah: z.boolean(), hapus: z.boolean(), posting: z.boolean() }),
});
export type Forum = z.infer<typeof forumSchema>;
export const forumResponseSchema = dataOf(forumSchema);
export const forumListResponseSchema = dataOf(z.array(forumSchema));
export const forumPageSchema = pageOf(forumSchema);

/** GET /v2/lms/forum: the user's forums. */
export const forumListQuerySchema = pageQuerySchema.extend({
  status: forumStatusSchema.optional(),
  /** Only this class's forums (the class page opened from the grade recap with back=forum). */
  id_kelas_kuliah: z.string().min(1).max(100).optional(),
});
export type ForumListQuery = z.infer<typeof forumListQuerySchema>;

const isoInstant = z.iso.datetime({ offset: true });

/** The forum form; missing fields are the rules' (validateForumForm), so they answer with its messages. */
export const forumInputSchema = z.object({
  id_pertemuan: z.uuid().nullable().optional(),
  judul: z.string().max(255).nullable().optional(),
  deskripsi: z.string().max(20_000).nullable().optional(),
  waktu_mulai: isoInstant.nullable().optional(),
  waktu_selesai: isoInstant.nullable().optional(),
  penilaian_keaktifan: z.boolean().default(false),
  /** Sent as an integer (spec 2 §5). */
  minimal_post: z.number().nullable().optional(),
});
export type ForumInput = z.infer<typeof forumInputSchema>;

/** A file a post carries; `url` answers only to members of the class, with their bearer token. */
export const forumAttachmentSchema = z.object({
  id: z.string(),
  nama: z.string(),
  /** Bytes (shown in 1000-based units). */
  ukuran: z.number().int(),
  /** The content type it was checked as (images are shown in the post). */
  tipe: z.string(),
  url: z.string(),
});
export type ForumAttachment = z.infer<typeof forumAttachmentSchema>;

/** A post or a reply in a forum. */
export const forumPostSchema = z.object({
  id: z.string(),
  /** The post it answers; null for a post. */
  parent_id: z.string().nullable(),
  /** Sanitised rich text; empty once deleted. */
  isi: z.string(),
  dihapus: z.boolean(),
  diubah: z.boolean(),
  penulis: z.object({
    id: z.string(),
    nama: z.string(),
    role: z.string(),
    avatar_url: z.string().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
  /** Empty once deleted (its files go with it). */
  lampiran: z.array(forumAttachmentSchema),
  akses: z.object({ ubah: z.boolean(), hapus: z.boolean() }),
});
export type ForumPost = z.infer<typeof forumPostSchema>;
export const forumPostResponseSchema = dataOf(forumPostSchema);
export const forumPostListResponseSchema = dataOf(z.array(forumPostSchema));

/**
 * A post or reply: JSON, or multipart with the same fields and up to forumAttachmentMaxCount files
 * under `lampiran`. A post with files may have no text.
 */
export const forumPostInputSchema = z.object({
  isi: z.string().max(forumPostMaxLength),
  parent_id: z.uuid().nullable().optional(),
});
export type ForumPostInput = z.infer<typeof forumPostInputSchema>;
export const forumPostEditSchema = z.object({ isi: z.string().max(forumPostMaxLength) });
