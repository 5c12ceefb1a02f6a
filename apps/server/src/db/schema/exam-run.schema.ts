import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { QuestionSetGroup } from '@lms/contract/exam.rules';
import { exams } from './exam.schema.ts';
import { users } from './identity.schema.ts';

/**
 * A pause of a whole exam during an outage (issue 13). While a pause is open, the exam's end and every
 * open attempt's deadline are held `penyangga_detik` ahead so nothing closes; the resume takes the
 * buffer back and gives the minutes lost (resume − pause) instead. At most one open pause per exam.
 */
export const examPauses = pgTable(
  'exam_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    ujianId: uuid('ujian_id').notNull(),
    dijedaPada: timestamp('dijeda_pada', { withTimezone: true }).notNull(),
    dilanjutkanPada: timestamp('dilanjutkan_pada', { withTimezone: true }),
    /** Seconds the deadlines were pushed ahead at the pause (taken back at the resume). */
    penyanggaDetik: integer('penyangga_detik').notNull(),
    /** Seconds given back at the resume (the outage's length). */
    detikDikembalikan: integer('detik_dikembalikan'),
    alasan: text('alasan').notNull().default(''),
    dijedaOleh: uuid('dijeda_oleh'),
    dilanjutkanOleh: uuid('dilanjutkan_oleh'),
  },
  (t) => [
    foreignKey({
      name: 'exam_pauses_exam_fk',
      columns: [t.collegeId, t.ujianId],
      foreignColumns: [exams.collegeId, exams.id],
    }).onDelete('cascade'),
    // Two lecturers pressing Jeda at once: one pause.
    uniqueIndex('exam_pauses_open_uq')
      .on(t.ujianId)
      .where(sql`${t.dilanjutkanPada} is null`),
    index('exam_pauses_exam_idx').on(t.collegeId, t.ujianId),
  ],
);

/**
 * A student's question set decided before the exam opens (the preparation job), so the start storm only
 * reads this row and inserts the attempt. `versi` fingerprints the exam's groups, questions and
 * shuffling when the set was made; a set whose fingerprint no longer matches is ignored at start.
 */
export const examPreparedSets = pgTable(
  'exam_prepared_sets',
  {
    collegeId: text('college_id').notNull(),
    ujianId: uuid('ujian_id').notNull(),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    questionSet: jsonb('question_set').$type<QuestionSetGroup[]>().notNull(),
    jumlahSoal: integer('jumlah_soal').notNull(),
    versi: text('versi').notNull(),
    preparedAt: timestamp('prepared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ujianId, t.mahasiswaId] }),
    foreignKey({
      name: 'exam_prepared_sets_exam_fk',
      columns: [t.collegeId, t.ujianId],
      foreignColumns: [exams.collegeId, exams.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'exam_prepared_sets_student_fk',
      columns: [t.collegeId, t.mahasiswaId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
  ],
);
