import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { colleges } from './college.schema.ts';

/** Raw bytes; the uploaded workbook waits here until its job has read it, then is cleared. */
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A semester load ("Muat Semester", modules/semester-import): an uploaded workbook, read by a job into
 * a preview of what would change; applied by another job only when the operator asks, and only while
 * the data it was computed from is unchanged (`fingerprint`).
 */
export const semesterImports = pgTable(
  'semester_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    createdBy: uuid('created_by').notNull(),
    fileName: text('file_name').notNull(),
    file: bytea('file'),
    /** memproses, pratinjau, ditolak, menerapkan, diterapkan, dibatalkan, gagal. */
    status: text('status').notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    /** The file's rows, normalised (SemesterRows of the parser). */
    rows: jsonb('rows'),
    /** Counts per entity: new, changed, unchanged, removed. */
    summary: jsonb('summary'),
    /** Problems by sheet, row and column (bounded list). */
    problems: jsonb('problems'),
    problemCount: integer('problem_count').notNull().default(0),
    /** What applying would remove (bounded list) and the full count. */
    removals: jsonb('removals'),
    removalCount: integer('removal_count').notNull().default(0),
    /** Hash of the stored rows the preview was computed from; applying refuses when it differs. */
    fingerprint: text('fingerprint'),
    message: text('message'),
    appliedBy: uuid('applied_by'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /**
     * The hour (UTC, on the hour) the college's daily SIAKAD sync started this load for; null when an
     * operator started it. Unique per college, so the schedule never starts twice in one hour.
     */
    scheduledHour: timestamp('scheduled_hour', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('semester_imports_college_created_idx').on(t.collegeId, t.createdAt),
    uniqueIndex('semester_imports_college_scheduled_uq').on(t.collegeId, t.scheduledHour),
  ],
);
