import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins per account name (lower-cased username, known or not, so the table does not tell
 * which accounts exist), shared by every instance: after a few failures the account name waits a
 * growing time before its password is checked again, from whichever address the attempts come.
 * Deleted on a successful sign-in; the hourly cleanup deletes rows idle for a day.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    collegeId: text('college_id').notNull(),
    username: text('username').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** No password is checked for this account name before then (null: no wait). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'sign_in_failures_pkey', columns: [t.collegeId, t.username] })],
);
