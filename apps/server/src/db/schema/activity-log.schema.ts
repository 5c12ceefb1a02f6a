import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roleEnum, userFk, users } from './identity.schema.ts';

/** What people did, for their own history and the operators' audit. */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    collegeId: text('college_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: roleEnum('role').notNull(),
    /** The operator who acted for userId ("Login Akun Lain"), if any. */
    operatorUserId: uuid('operator_user_id').references(() => users.id, { onDelete: 'set null' }),
    jenis: text('jenis').notNull(),
    detail: text('detail').notNull(),
    ipAddress: text('ip_address'),
    /** References that later areas filter on: periode, id_kelas, id_pertemuan, … */
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    waktu: timestamp('waktu', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    userFk('activity_logs', t, 'user'),
    index('activity_logs_user_waktu_idx').on(t.collegeId, t.userId, t.waktu),
    index('activity_logs_college_waktu_idx').on(t.collegeId, t.waktu),
    // Operators filter by what an entry was recorded with (context @> {...}).
    index('activity_logs_context_gin_idx').using('gin', sql`${t.context} jsonb_path_ops`),
  ],
);
