import { foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.schema.ts';

/**
 * A device's Web Push subscription (one browser or installed app of one user): where the push service
 * takes messages for it and the keys its messages are encrypted to. Removed when the user turns push
 * off on the device, or when the push service answers that it is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The push service's address for this device (https, an allowed push-service host). */
    endpoint: text('endpoint').notNull(),
    /** The device's ECDH public key (P-256, base64url). */
    p256dh: text('p256dh').notNull(),
    /** The device's authentication secret (16 bytes, base64url). */
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'push_subscriptions_user_fk',
      columns: [t.collegeId, t.userId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    // A device subscribing again (or under another account) replaces its earlier row.
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.collegeId, t.userId),
  ],
);
