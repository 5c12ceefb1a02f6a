import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userFk } from './identity.schema.ts';

/**
 * A user's private calendar feed (GET /v2/kalender/{token}.ics), one per user. Like password-reset links,
 * only the SHA-256 of the token is kept, so a database leak yields no usable feed URL; resetting replaces
 * the hash in place, so the old URL stops at once. The full URL is shown only when made or reset.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    userFk('calendar_feed_tokens', t, 'user'),
    uniqueIndex('calendar_feed_tokens_hash_uq').on(t.tokenHash),
    uniqueIndex('calendar_feed_tokens_user_uq').on(t.collegeId, t.userId),
  ],
);
