import { index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { colleges } from './college.schema.ts';

/** A study program (prodi) with its level (jenjang: S1, D3, …). */
export const studyPrograms = pgTable(
  'study_programs',
  {
    id: text('id').primaryKey(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kode: text('kode').notNull(),
    nama: text('nama').notNull(),
    jenjang: text('jenjang').notNull(),
  },
  (t) => [
    index('study_programs_college_idx').on(t.collegeId),
    // Target of the (college_id, prodi_id) foreign keys.
    unique('study_programs_college_id_uq').on(t.collegeId, t.id),
  ],
);
