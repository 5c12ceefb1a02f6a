import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-time jobs that have completed (`JobDefinition.once`, platform/job-queue.ts): a job named here is
 * not queued again at start. pg-boss forgets completed jobs after days, so it cannot be the record.
 */
export const completedOnceJobs = pgTable('completed_once_jobs', {
  name: text('name').primaryKey(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});
