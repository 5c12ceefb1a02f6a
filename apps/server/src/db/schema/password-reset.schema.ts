import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userFk } from './identity.schema.ts';

/**
 * Links sent for a forgotten password: only the SHA-256 of the token is kept, so a database leak yields
 * no usable link. A link works once (`used_at`) and until `expires_at`; setting a password spends every
 * other open link of the user too. The rows of the last hour bound how many links an account gets.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    userFk('password_reset_tokens', t, 'user'),
    uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.collegeId, t.userId, t.createdAt),
  ],
);
