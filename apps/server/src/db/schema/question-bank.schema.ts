import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { QuestionBody } from '@lms/contract/exam.rules';
import { courses } from './academic.schema.ts';
import { questionKindEnum } from './exam.schema.ts';
import { lecturers, users } from './identity.schema.ts';

/** An attachment stored with a question: the store's key and what the question shows of it. */
export interface StoredQuestionFile {
  key: string;
  name: string;
  size: number;
  extension: string;
}

/**
 * A question bank (bank soal, spec 3 §3) of one lecturer (`dosen_id`) for one course. Shown banks may be
 * seen and duplicated by the course's other teachers; hidden ones only by their owner and operators.
 */
export const questionBanks = pgTable(
  'question_banks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    judul: text('judul').notNull(),
    deskripsi: text('deskripsi').notNull(),
    dosenId: uuid('dosen_id').notNull(),
    mataKuliahId: text('mata_kuliah_id').notNull(),
    ditampilkan: boolean('ditampilkan').notNull().default(true),
    /** Who made it (the lecturer, or an operator for them). */
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'question_banks_lecturer_fk',
      columns: [t.collegeId, t.dosenId],
      foreignColumns: [lecturers.collegeId, lecturers.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'question_banks_course_fk',
      columns: [t.collegeId, t.mataKuliahId],
      foreignColumns: [courses.collegeId, courses.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'question_banks_creator_fk',
      columns: [t.collegeId, t.createdBy],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    unique('question_banks_college_id_uq').on(t.collegeId, t.id),
    index('question_banks_dosen_idx').on(t.collegeId, t.dosenId),
    index('question_banks_course_idx').on(t.collegeId, t.mataKuliahId),
  ],
);

/**
 * A question of a bank: the shared question model (`isi` is QuestionBody, the same as exam_questions),
 * plus its attachments (question files and, for essays, key files).
 */
export const bankQuestions = pgTable(
  'bank_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    bankId: uuid('bank_id').notNull(),
    urutan: integer('urutan').notNull(),
    jenis: questionKindEnum('jenis').notNull(),
    /** Sanitised rich text. */
    pertanyaan: text('pertanyaan').notNull(),
    isi: jsonb('isi').$type<QuestionBody>().notNull(),
    soalFiles: jsonb('soal_files')
      .$type<StoredQuestionFile[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    kunciFiles: jsonb('kunci_files')
      .$type<StoredQuestionFile[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The text as the bank's search reads it: tags and runs of spaces as one space. Kept by PostgreSQL so
     * a search of 2,000 questions does not strip every text on every request.
     */
    teksCari: text('teks_cari').generatedAlwaysAs(
      sql`regexp_replace(regexp_replace(pertanyaan, '<[^>]*>|&nbsp;', ' ', 'g'), '[[:space:]]+', ' ', 'g')`,
    ),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'bank_questions_bank_fk',
      columns: [t.collegeId, t.bankId],
      foreignColumns: [questionBanks.collegeId, questionBanks.id],
    }).onDelete('cascade'),
    unique('bank_questions_college_id_uq').on(t.collegeId, t.id),
    index('bank_questions_bank_idx').on(t.collegeId, t.bankId, t.urutan),
    // "Cari soal" is a substring search (ILIKE '%…%'): trigrams find the few matching questions of a
    // 2,000-question bank without reading every text.
    index('bank_questions_teks_cari_trgm_idx').using('gin', t.teksCari.op('gin_trgm_ops')),
  ],
);

/**
 * An image uploaded through /v2/storager (option images): who uploaded it, so only they (or an
 * operator with write on the area) may delete it.
 */
export const storagerUploads = pgTable(
  'storager_uploads',
  {
    fileKey: text('file_key').primaryKey(),
    collegeId: text('college_id').notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    dir: text('dir').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'storager_uploads_user_fk',
      columns: [t.collegeId, t.uploadedBy],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    index('storager_uploads_college_idx').on(t.collegeId, t.uploadedBy),
  ],
);
