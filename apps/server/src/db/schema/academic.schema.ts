import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { colleges } from './college.schema.ts';
import { lecturers } from './identity.schema.ts';
import { studyPrograms } from './study-program.schema.ts';

/**
 * An academic period (periode). `kode` is the spec's integer code: start year * 10 + term digit
 * (20261 = 2026/2027 Ganjil). One period per college is current.
 */
export const periods = pgTable(
  'periods',
  {
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kode: integer('kode').notNull(),
    /** Display label, e.g. `2026/2027 Ganjil` (formatPeriodLabel of the contract). */
    label: text('label').notNull(),
    tanggalMulai: date('tanggal_mulai').notNull(),
    tanggalSelesai: date('tanggal_selesai').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.collegeId, t.kode] }),
    // At most one current period per college.
    uniqueIndex('periods_current_uq')
      .on(t.collegeId)
      .where(sql`${t.isCurrent}`),
  ],
);

/** A campus (kampus) of the college; classes and rooms belong to one. */
export const campuses = pgTable(
  'campuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    nama: text('nama').notNull(),
    alamat: text('alamat').notNull().default(''),
  },
  (t) => [
    index('campuses_college_idx').on(t.collegeId),
    // Target of the (college_id, kampus_id) foreign keys: a row never points at another college's campus.
    unique('campuses_college_id_uq').on(t.collegeId, t.id),
  ],
);

/** A room (ruangan) where offline meetings take place. */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kampusId: uuid('kampus_id'),
    nama: text('nama').notNull(),
    kapasitas: integer('kapasitas').notNull(),
    /** An operator may take a room out of use; availability for a time range also looks at meetings. */
    isAvailable: boolean('is_available').notNull().default(true),
  },
  (t) => [
    index('rooms_college_idx').on(t.collegeId, t.nama),
    unique('rooms_college_id_uq').on(t.collegeId, t.id),
    foreignKey({
      name: 'rooms_campus_fk',
      columns: [t.collegeId, t.kampusId],
      foreignColumns: [campuses.collegeId, campuses.id],
    }),
    check('rooms_kapasitas_ck', sql`${t.kapasitas} >= 0`),
  ],
);

/** A lecture session (sesi kuliah): a named time window of the day that meetings are planned in. */
export const lectureSessions = pgTable(
  'lecture_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    nama: text('nama').notNull(),
    /** HH:mm:ss in the college's time zone. */
    jamMulai: time('jam_mulai').notNull(),
    jamSelesai: time('jam_selesai').notNull(),
  },
  (t) => [
    index('lecture_sessions_college_idx').on(t.collegeId, t.jamMulai),
    unique('lecture_sessions_college_id_uq').on(t.collegeId, t.id),
  ],
);

/**
 * A course (mata kuliah). `id` is the stable key (no underscores: it is the third segment of class
 * ids); `kode` is the printed code, which may change between curricula. Both come from SIAKAD, so they
 * are unique per college only: the primary key is (college_id, id).
 */
export const courses = pgTable(
  'courses',
  {
    id: text('id').notNull(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kode: text('kode').notNull(),
    nama: text('nama').notNull(),
    namaInggris: text('nama_inggris'),
    sks: smallint('sks').notNull(),
    /** Suggested semester in the curriculum (1–8). */
    semester: smallint('semester'),
    prodiId: text('prodi_id').notNull(),
    /** id_dosen_koordinator: the course coordinator (sees Ubah Data RPS). */
    koordinatorDosenId: uuid('koordinator_dosen_id').references(() => lecturers.userId, {
      onDelete: 'set null',
    }),
    /** id_dosen_pengembang_rps: the lecturer who develops the semester plan (RPS). */
    pengembangRpsDosenId: uuid('pengembang_rps_dosen_id').references(() => lecturers.userId, {
      onDelete: 'set null',
    }),
    /** pendahuluan.silabus.teks */
    silabusTeks: text('silabus_teks'),
    /** pendahuluan.silabus file: storage key, original name, size in bytes. */
    silabusFileKey: text('silabus_file_key'),
    silabusFileName: text('silabus_file_name'),
    silabusFileSize: bigint('silabus_file_size', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'courses_pkey', columns: [t.collegeId, t.id] }),
    foreignKey({
      name: 'courses_prodi_fk',
      columns: [t.collegeId, t.prodiId],
      foreignColumns: [studyPrograms.collegeId, studyPrograms.id],
    }),
    uniqueIndex('courses_college_kode_uq').on(t.collegeId, t.kode),
    index('courses_college_prodi_idx').on(t.collegeId, t.prodiId),
    index('courses_koordinator_idx').on(t.koordinatorDosenId),
    index('courses_pengembang_rps_idx').on(t.pengembangRpsDosenId),
    // Substring searches (class list) by course name and code (pg_trgm).
    index('courses_nama_trgm_idx').using('gin', t.nama.op('gin_trgm_ops')),
    index('courses_kode_trgm_idx').using('gin', t.kode.op('gin_trgm_ops')),
    check('courses_id_ck', sql`position('_' in ${t.id}) = 0`),
    check('courses_sks_ck', sql`${t.sks} between 0 and 24`),
  ],
);

/** A row of a course's semester learning plan (RPS): what is taught in meeting `pertemuan`. */
export const courseLearningPlans = pgTable(
  'course_learning_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    mataKuliahId: text('mata_kuliah_id').notNull(),
    pertemuan: smallint('pertemuan').notNull(),
    materi: text('materi').notNull(),
    materiInggris: text('materi_inggris'),
  },
  (t) => [
    foreignKey({
      name: 'course_learning_plans_course_fk',
      columns: [t.collegeId, t.mataKuliahId],
      foreignColumns: [courses.collegeId, courses.id],
    }).onDelete('cascade'),
    uniqueIndex('course_learning_plans_course_pertemuan_uq').on(t.collegeId, t.mataKuliahId, t.pertemuan),
  ],
);

/** A row of a course's evaluation plan (rencana evaluasi): a grade component and its weight. */
export const courseEvaluationPlans = pgTable(
  'course_evaluation_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    mataKuliahId: text('mata_kuliah_id').notNull(),
    /** komponen_nilai.id: kehadiran, tugas, kuis, uts, uas, proyek, praktikum. */
    komponenId: text('komponen_id').notNull(),
    /** komponen_nilai.nama, e.g. `Ujian Tengah Semester`. */
    komponenNama: text('komponen_nama').notNull(),
    /** Weight in percent. */
    bobot: smallint('bobot').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'course_evaluation_plans_course_fk',
      columns: [t.collegeId, t.mataKuliahId],
      foreignColumns: [courses.collegeId, courses.id],
    }).onDelete('cascade'),
    uniqueIndex('course_evaluation_plans_course_komponen_uq').on(t.collegeId, t.mataKuliahId, t.komponenId),
    check('course_evaluation_plans_bobot_ck', sql`${t.bobot} between 0 and 100`),
  ],
);
