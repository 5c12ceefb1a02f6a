import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits (platform/rate-limit-store.ts), shared by every instance: one row
 * per limit and client, counting from the first request of its window until `expires_at`. No college:
 * a limit is on the client (its address, with a username for sign-in), and the college a request names
 * is the client's own choice, so counting per college would multiply each limit by the number of
 * colleges. The hourly token cleanup deletes rows whose window ended.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** Which limit: a route (`POST /v2/authorize`) or a named one (`sign-in-failures-per-address`). */
    scope: text('scope').notNull(),
    /** Whom it counts: the route's key (an address, `address|username`). */
    client: text('client').notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'rate_limit_counters_pkey', columns: [t.scope, t.client] }),
    index('rate_limit_counters_expires_at_idx').on(t.expiresAt),
  ],
);
