import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { htmlHasText } from './announcement.schema.ts';

/**
 * Help content (bantuan): questions and answers grouped by topic. Everyone signed in reads them. The
 * spec gives `bantuan` no write level, so operators with write on `data_sistem` maintain them.
 */
export const helpWriteArea = 'data_sistem' as const;

const isoInstant = z.iso.datetime({ offset: true });

export const helpArticleSchema = z.object({
  id: z.string(),
  kategori: z.string(),
  judul: z.string(),
  /** Sanitised HTML. */
  isi: z.string(),
  urutan: z.number().int(),
  updated_at: isoInstant,
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

/** GET /v2/lms/bantuan: every article, by topic then order; `akses.ubah` for editors. */
export const helpListResponseSchema = z.object({
  data: z.array(helpArticleSchema),
  akses: z.object({ ubah: z.boolean() }),
});
export type HelpListResponse = z.infer<typeof helpListResponseSchema>;
export const helpArticleResponseSchema = dataOf(helpArticleSchema);

export const helpListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
});

/** POST /v2/lms/bantuan, PUT /v2/lms/bantuan/{id}. */
export const helpArticleInputSchema = z.object({
  kategori: z
    .string({ error: 'Kategori wajib diisi.' })
    .trim()
    .min(1, 'Kategori wajib diisi.')
    .max(100, 'Kategori tidak boleh lebih dari 100 karakter.'),
  judul: z
    .string({ error: 'Judul wajib diisi.' })
    .trim()
    .min(1, 'Judul wajib diisi.')
    .max(200, 'Judul tidak boleh lebih dari 200 karakter.'),
  isi: z
    .string({ error: 'Isi wajib diisi.' })
    .max(50_000, 'Isi tidak boleh lebih dari 50000 karakter.')
    .refine((html) => htmlHasText(html), 'Isi wajib diisi.'),
  urutan: z.coerce.number().int().min(0).max(10_000).optional().default(0),
});
export type HelpArticleInput = z.infer<typeof helpArticleInputSchema>;

export const helpIdParamsSchema = z.object({ id: z.uuid('Data tidak ditemukan.') });
