import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  attemptStatuses,
  examKinds,
  examNatures,
  groupRules,
  questionKinds,
  type AnswerValue,
  type QuestionBody,
  type QuestionSetGroup,
} from '@lms/contract/exam.rules';
import { classFk } from './class.schema.ts';
import { colleges } from './college.schema.ts';
import { users } from './identity.schema.ts';
import { meetings } from './meeting.schema.ts';

/** A stored attachment of an exam question, key or answer: the store's key and what is shown of it. */
export interface StoredExamFile {
  key: string;
  name: string;
  size: number;
  extension: string;
  /**
   * Stored private (an essay answer's file: served only by its own route to the student, the class's
   * lecturers and operators). Absent on answer files stored before that, until the one-time job marks them.
   */
  private?: boolean;
}

/** Values from the contract. */
export const examKindEnum = pgEnum('exam_kind', examKinds);
export const examNatureEnum = pgEnum('exam_nature', examNatures);
export const examGroupRuleEnum = pgEnum('exam_group_rule', groupRules);
export const questionKindEnum = pgEnum('question_kind', questionKinds);
export const examAttemptStatusEnum = pgEnum('exam_attempt_status', attemptStatuses);

/**
 * A quiz or exam of a meeting (spec 3 §3 Exam). Its status is not stored: it follows the server clock
 * from waktu_mulai and waktu_selesai. A remedial points at its main exam and is deleted with it. Its
 * activity (kind ujian) is kept in step by the exam area.
 */
export const exams = pgTable(
  'exams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    /** Taken from the meeting, never from the caller. */
    kelasId: text('kelas_id').notNull(),
    pertemuanId: uuid('pertemuan_id').notNull(),
    ujianUtamaId: uuid('ujian_utama_id'),
    judul: text('judul').notNull(),
    /** Sanitised rich text. */
    deskripsi: text('deskripsi').notNull(),
    jenis: examKindEnum('jenis').notNull(),
    sifat: examNatureEnum('sifat').notNull().default('close'),
    /** Minutes; used when gunakan_batas_waktu. */
    durasi: integer('durasi'),
    gunakanBatasWaktu: boolean('gunakan_batas_waktu').notNull().default(false),
    acakSoal: boolean('acak_soal').notNull().default(false),
    ditampilkan: boolean('ditampilkan').notNull().default(true),
    tampilkanKunciJawaban: boolean('tampilkan_kunci_jawaban').notNull().default(false),
    waktuTampilKunci: timestamp('waktu_tampil_kunci', { withTimezone: true }),
    waktuMulai: timestamp('waktu_mulai', { withTimezone: true }).notNull(),
    waktuSelesai: timestamp('waktu_selesai', { withTimezone: true }).notNull(),
    /** nim of a remedial's participants; empty for other kinds. */
    pesertaRemedial: text('peserta_remedial')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isTampilkanNilai: boolean('is_tampilkan_nilai').notNull().default(false),
    /**
     * Set when a question changed while finished attempts exist: the exam-rescore job scores them again
     * and clears it (only if no newer change came meanwhile); perhitungan_nilai answers `proses` until then.
     */
    rescoreRequestedAt: timestamp('rescore_requested_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The rescore sweep reads only exams waiting for it.
    index('exams_rescore_idx')
      .on(t.rescoreRequestedAt)
      .where(sql`${t.rescoreRequestedAt} is not null`),
    classFk('exams', t),
    foreignKey({
      name: 'exams_meeting_fk',
      columns: [t.collegeId, t.pertemuanId],
      foreignColumns: [meetings.collegeId, meetings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'exams_main_fk',
      columns: [t.collegeId, t.ujianUtamaId],
      foreignColumns: [t.collegeId, t.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'exams_creator_fk', columns: [t.createdBy], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    unique('exams_college_id_uq').on(t.collegeId, t.id),
    index('exams_pertemuan_idx').on(t.collegeId, t.pertemuanId),
    index('exams_kelas_idx').on(t.collegeId, t.kelasId, t.waktuMulai),
    check('exams_window_ck', sql`${t.waktuSelesai} >= ${t.waktuMulai}`),
  ],
);

/** A question group (kelompok_soal) of an exam, in order, with its rule. */
export const examGroups = pgTable(
  'exam_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    ujianId: uuid('ujian_id').notNull(),
    urutan: integer('urutan').notNull(),
    judul: text('judul').notNull().default(''),
    aturan: examGroupRuleEnum('aturan').notNull().default('semua'),
    jumlahWajibDijawab: integer('jumlah_wajib_dijawab'),
  },
  (t) => [
    foreignKey({
      name: 'exam_groups_exam_fk',
      columns: [t.collegeId, t.ujianId],
      foreignColumns: [exams.collegeId, exams.id],
    }).onDelete('cascade'),
    unique('exam_groups_college_id_uq').on(t.collegeId, t.id),
    index('exam_groups_exam_idx').on(t.collegeId, t.ujianId, t.urutan),
  ],
);

/**
 * A question of an exam group. `isi` is the type-specific block with its key (QuestionBody of the
 * contract, validated there), the same shape the question bank stores, so a question moves between
 * them unchanged.
 */
export const examQuestions = pgTable(
  'exam_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    ujianId: uuid('ujian_id').notNull(),
    kelompokId: uuid('kelompok_id').notNull(),
    urutan: integer('urutan').notNull(),
    jenis: questionKindEnum('jenis').notNull(),
    /** Sanitised rich text. */
    pertanyaan: text('pertanyaan').notNull(),
    isi: jsonb('isi').$type<QuestionBody>().notNull(),
    /** Attachments of the question (soal_ujian), shown to students while taking. */
    soalFiles: jsonb('soal_files')
      .$type<StoredExamFile[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Attachments of an essay's key (kunci_ujian): shown only where the key is. */
    kunciFiles: jsonb('kunci_files')
      .$type<StoredExamFile[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The bank question it was taken from (item analysis: a bank question's figures across exams); null
     * when written in the exam. No foreign key: the bank's schema builds on this one, and a deleted bank
     * question only leaves an id nobody asks for.
     */
    bankSoalId: uuid('bank_soal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'exam_questions_group_fk',
      columns: [t.collegeId, t.kelompokId],
      foreignColumns: [examGroups.collegeId, examGroups.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'exam_questions_exam_fk',
      columns: [t.collegeId, t.ujianId],
      foreignColumns: [exams.collegeId, exams.id],
    }).onDelete('cascade'),
    unique('exam_questions_college_id_uq').on(t.collegeId, t.id),
    index('exam_questions_group_idx').on(t.collegeId, t.kelompokId, t.urutan),
    index('exam_questions_exam_idx').on(t.collegeId, t.ujianId),
    index('exam_questions_bank_idx')
      .on(t.collegeId, t.bankSoalId)
      .where(sql`${t.bankSoalId} is not null`),
  ],
);

/**
 * A student's attempt (pengerjaan): one per (exam, student), created at start with its deadline and its
 * question set (fixed at start, the same after a reload or on another device). All of the attempt's
 * state is here and in exam_answers, so a restart loses nothing.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    ujianId: uuid('ujian_id').notNull(),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    status: examAttemptStatusEnum('status').notNull().default('berlangsung'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Decided by the server at start (attemptDeadline); moved only by an extension. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Who closed it: the student, or the server at the deadline. */
    submittedBy: text('submitted_by'),
    questionSet: jsonb('question_set').$type<QuestionSetGroup[]>().notNull(),
    jumlahSoal: integer('jumlah_soal').notNull(),
    penguranganNilai: numeric('pengurangan_nilai', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    nilaiAkhir: numeric('nilai_akhir', { precision: 7, scale: 2, mode: 'number' }),
    sudahDinilai: boolean('sudah_dinilai').notNull().default(false),
    /** Closed book: each time the student left fullscreen or the tab, by the server's clock. */
    catatanKeluar: jsonb('catatan_keluar')
      .$type<Array<{ jenis: 'fullscreen' | 'tab'; waktu: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * When the student's "attempted" fact (attendance) was recorded; null while it waits for the
     * exam-attempt-facts job, which records a storm's starts in batches. A start writes null; rows
     * written otherwise (and those before the column) count as recorded.
     */
    factRecordedAt: timestamp('fact_recorded_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'exam_attempts_exam_fk',
      columns: [t.collegeId, t.ujianId],
      foreignColumns: [exams.collegeId, exams.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'exam_attempts_student_fk',
      columns: [t.collegeId, t.mahasiswaId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    // The start storm's guard: one attempt per student, whatever the number of concurrent starts.
    unique('exam_attempts_student_uq').on(t.ujianId, t.mahasiswaId),
    unique('exam_attempts_college_id_uq').on(t.collegeId, t.id),
    index('exam_attempts_exam_idx').on(t.collegeId, t.ujianId),
    // The auto-submit sweep: open attempts by deadline.
    index('exam_attempts_open_idx')
      .on(t.collegeId, t.deadlineAt)
      .where(sql`${t.status} = 'berlangsung'`),
    // The attempted-facts job: starts whose fact is still to be recorded.
    index('exam_attempts_fact_pending_idx')
      .on(t.collegeId, t.startedAt)
      .where(sql`${t.factRecordedAt} is null`),
  ],
);

/**
 * The stored answer of one question of an attempt. `urutan` is the client's sequence number: a save is
 * applied only when it is higher than the stored one, so retries arriving late never overwrite a newer
 * answer. `nilai` is the mark (automatic for choices, the lecturer's for essays).
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    collegeId: text('college_id').notNull(),
    attemptId: uuid('attempt_id').notNull(),
    soalId: uuid('soal_id').notNull(),
    jawaban: jsonb('jawaban').$type<AnswerValue>(),
    urutan: bigint('urutan', { mode: 'number' }).notNull().default(0),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    nilai: integer('nilai'),
    dinilaiOleh: uuid('dinilai_oleh'),
    /** Files the student attached to an essay answer (jawaban_ujian); a row may hold only files (urutan 0). */
    files: jsonb('files')
      .$type<StoredExamFile[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.soalId] }),
    foreignKey({
      name: 'exam_answers_attempt_fk',
      columns: [t.collegeId, t.attemptId],
      foreignColumns: [examAttempts.collegeId, examAttempts.id],
    }).onDelete('cascade'),
    check('exam_answers_nilai_ck', sql`${t.nilai} is null or (${t.nilai} between 0 and 100)`),
  ],
);

/** Answers refused because they came after the deadline plus the grace: kept, never applied. */
export const examLateAnswers = pgTable(
  'exam_late_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    attemptId: uuid('attempt_id').notNull(),
    soalId: uuid('soal_id').notNull(),
    jawaban: jsonb('jawaban').$type<AnswerValue>(),
    urutan: bigint('urutan', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    alasan: text('alasan').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'exam_late_answers_attempt_fk',
      columns: [t.collegeId, t.attemptId],
      foreignColumns: [examAttempts.collegeId, examAttempts.id],
    }).onDelete('cascade'),
    index('exam_late_answers_attempt_idx').on(t.collegeId, t.attemptId),
  ],
);
