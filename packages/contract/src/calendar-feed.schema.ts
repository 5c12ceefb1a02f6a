import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';

/**
 * The caller's calendar feed: whether one exists, since when, and its full URL only in the answer that
 * made or reset it (only the token's hash is stored, so it cannot be shown again).
 */
export const calendarFeedSchema = z.object({
  aktif: z.boolean(),
  dibuat_pada: z.iso.datetime({ offset: true }).nullable(),
  tautan: z.url().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedResponseSchema = dataOf(calendarFeedSchema);

/** GET /v2/kalender/{token}.ics: the token, bounded; a malformed one is answered like an unknown one (404). */
export const calendarFeedParamsSchema = z.object({ token: z.string().max(200) });
