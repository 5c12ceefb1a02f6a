import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userFk, users } from './identity.schema.ts';

/**
 * Students an operator flagged with unpaid fees (tunggakan biaya). A row means flagged; clearing the
 * flag deletes it. The access restriction `tunggakan_biaya` reads it when the college turns the rule on.
 */
export const studentFeeHolds = pgTable(
  'student_fee_holds',
  {
    userId: uuid('user_id').primaryKey(),
    collegeId: text('college_id').notNull(),
    keterangan: text('keterangan').notNull().default(''),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [userFk('student_fee_holds', t, 'user')],
);
