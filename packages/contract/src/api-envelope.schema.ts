import { z } from 'zod';

/** Error envelope every failed API call answers with (architecture §4). */
export const apiErrorSchema = z.object({
  status: z.object({ code: z.string(), message: z.string() }),
  detail: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Paging metadata of list answers. */
export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total_items: z.number().int(),
  total_pages: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Wraps a schema as `{ data: … }`. */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** Wraps an item schema as a paged list answer. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

/** Shared query for paged lists. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Computes the paging metadata for a total count. */
export function buildPageMeta(query: PageQuery, totalItems: number): PageMeta {
  return {
    page: query.page,
    per_page: query.per_page,
    total_items: totalItems,
    total_pages: Math.max(1, Math.ceil(totalItems / query.per_page)),
  };
}
