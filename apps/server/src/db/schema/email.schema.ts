import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { colleges } from './college.schema.ts';

/**
 * A college's own SMTP server for the mail the LMS sends (password reset links). Without a row, or
 * without a host, the installation's SMTP_* variables are used. The password is kept here because SMTP
 * needs it in the clear; it is never answered.
 */
export const collegeEmailSettings = pgTable('college_email_settings', {
  collegeId: text('college_id')
    .primaryKey()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  host: text('host'),
  port: integer('port').notNull(),
  /** tls (implicit, 465), starttls (587) or tanpa (plain). */
  security: text('security').notNull(),
  username: text('username'),
  password: text('password'),
  senderEmail: text('sender_email'),
  senderName: text('sender_name').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
