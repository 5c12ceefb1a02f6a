import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { classStatusValues, lectureModeValues, teacherRoleValues } from '@lms/contract/class.rules';
import { campuses, courses, lectureSessions, periods, rooms } from './academic.schema.ts';
import { colleges } from './college.schema.ts';
import { lecturers, students } from './identity.schema.ts';
import { studyPrograms } from './study-program.schema.ts';

/** Class status (spec 2 §4): Akan Dimulai, Sedang Berlangsung, Telah Berakhir. */
export const classStatusEnum = pgEnum('class_status', classStatusValues);

/** Lecture mode of a class and type (jenis) of a meeting. */
export const lectureModeEnum = pgEnum('lecture_mode', lectureModeValues);

/** A teacher's role in a class: Dosen Koordinator, Dosen, Asisten. */
export const teacherRoleEnum = pgEnum('teacher_role', teacherRoleValues);

/**
 * A class (kelas kuliah) of a course in a period. The id keeps the spec's underscore form
 * `{periode}_{nama}_{mata_kuliah_id}`, e.g. `20261_01_IF2101`: the third segment is the course id.
 */
export const classes = pgTable(
  'classes',
  {
    /** Imported from SIAKAD and built from the course id, so unique per college only. */
    id: text('id').notNull(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    periode: integer('periode').notNull(),
    mataKuliahId: text('mata_kuliah_id').notNull(),
    /** kelas.nama, e.g. `01`; unique per course and period. */
    nama: text('nama').notNull(),
    /** kelas.jenis.nama, e.g. `Reguler`, `Karyawan`, `Internasional`. */
    jenis: text('jenis').notNull().default('Reguler'),
    status: classStatusEnum('status').notNull().default('akan_dimulai'),
    modeKuliah: lectureModeEnum('mode_kuliah').notNull().default('offline'),
    /** Who may enrol: `Prodi`, `Fakultas`, `Universitas`. */
    lingkup: text('lingkup').notNull().default('Prodi'),
    /** Individu or Team Teaching. */
    metodePengajaran: text('metode_pengajaran').notNull().default('Individu'),
    kapasitas: integer('kapasitas').notNull(),
    kampusId: uuid('kampus_id'),
    /** Storage key of the uploaded banner; without one, banner_color_idx picks a default (mod 7). */
    bannerKey: text('banner_key'),
    bannerColorIdx: smallint('banner_color_idx').notNull().default(0),
    /** The class head (ketua kelas), identified by nim as the spec does. */
    ketuaKelasNim: text('ketua_kelas_nim'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'classes_pkey', columns: [t.collegeId, t.id] }),
    foreignKey({
      name: 'classes_course_fk',
      columns: [t.collegeId, t.mataKuliahId],
      foreignColumns: [courses.collegeId, courses.id],
    }),
    foreignKey({
      name: 'classes_campus_fk',
      columns: [t.collegeId, t.kampusId],
      foreignColumns: [campuses.collegeId, campuses.id],
    }),
    foreignKey({
      name: 'classes_period_fk',
      columns: [t.collegeId, t.periode],
      foreignColumns: [periods.collegeId, periods.kode],
    }),
    uniqueIndex('classes_period_course_nama_uq').on(t.collegeId, t.periode, t.mataKuliahId, t.nama),
    // Operator list: by period, then status or course; the course filter also serves "classes of a course".
    index('classes_period_status_idx').on(t.collegeId, t.periode, t.status),
    index('classes_course_period_idx').on(t.collegeId, t.mataKuliahId, t.periode),
    check('classes_id_ck', sql`split_part(${t.id}, '_', 3) = ${t.mataKuliahId}`),
    check('classes_kapasitas_ck', sql`${t.kapasitas} >= 0`),
  ],
);

/** A child row's `(college_id, kelas_id)` → its class of the same college; deleted with the class. */
export function classFk(table: string, t: { collegeId: AnyPgColumn; kelasId: AnyPgColumn }) {
  return foreignKey({
    name: `${table}_class_fk`,
    columns: [t.collegeId, t.kelasId],
    foreignColumns: [classes.collegeId, classes.id],
  }).onDelete('cascade');
}

/** Study programs a class is offered to (prodi_kelas). */
export const classStudyPrograms = pgTable(
  'class_study_programs',
  {
    kelasId: text('kelas_id').notNull(),
    prodiId: text('prodi_id').notNull(),
    collegeId: text('college_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'class_study_programs_pkey', columns: [t.collegeId, t.kelasId, t.prodiId] }),
    classFk('class_study_programs', t),
    foreignKey({
      name: 'class_study_programs_prodi_fk',
      columns: [t.collegeId, t.prodiId],
      foreignColumns: [studyPrograms.collegeId, studyPrograms.id],
    }),
    index('class_study_programs_prodi_idx').on(t.collegeId, t.prodiId, t.kelasId),
  ],
);

/** A weekly slot of a class (jadwal): day 0–6 from Sunday, local times, room. */
export const classSchedules = pgTable(
  'class_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    kelasId: text('kelas_id').notNull(),
    hari: smallint('hari').notNull(),
    /** HH:mm:ss in the college's time zone. */
    jamMulai: time('jam_mulai').notNull(),
    jamSelesai: time('jam_selesai').notNull(),
    ruanganId: uuid('ruangan_id'),
    sesiId: uuid('sesi_id'),
  },
  (t) => [
    classFk('class_schedules', t),
    foreignKey({
      name: 'class_schedules_room_fk',
      columns: [t.collegeId, t.ruanganId],
      foreignColumns: [rooms.collegeId, rooms.id],
    }),
    foreignKey({
      name: 'class_schedules_session_fk',
      columns: [t.collegeId, t.sesiId],
      foreignColumns: [lectureSessions.collegeId, lectureSessions.id],
    }),
    index('class_schedules_kelas_idx').on(t.collegeId, t.kelasId),
    // Clash checks by room and weekday.
    index('class_schedules_room_day_idx').on(t.ruanganId, t.hari, t.jamMulai),
    check('class_schedules_hari_ck', sql`${t.hari} between 0 and 6`),
    check('class_schedules_jam_ck', sql`${t.jamSelesai} > ${t.jamMulai}`),
  ],
);

/** A lecturer teaching a class (pengajar), with role and display order; exactly one main teacher. */
export const classTeachers = pgTable(
  'class_teachers',
  {
    kelasId: text('kelas_id').notNull(),
    dosenId: uuid('dosen_id').notNull(),
    collegeId: text('college_id').notNull(),
    peran: teacherRoleEnum('peran').notNull().default('dosen'),
    /** The main teacher (pengajar utama): edits the meeting's teacher list. */
    isUtama: boolean('is_utama').notNull().default(false),
    urutan: smallint('urutan').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'class_teachers_pkey', columns: [t.collegeId, t.kelasId, t.dosenId] }),
    classFk('class_teachers', t),
    foreignKey({
      name: 'class_teachers_lecturer_fk',
      columns: [t.collegeId, t.dosenId],
      foreignColumns: [lecturers.collegeId, lecturers.userId],
    }),
    // A lecturer's classes.
    index('class_teachers_dosen_idx').on(t.dosenId, t.kelasId),
    uniqueIndex('class_teachers_one_main_uq')
      .on(t.collegeId, t.kelasId)
      .where(sql`${t.isUtama}`),
  ],
);

/** A student enrolled in a class (peserta). The class head is classes.ketua_kelas_nim. */
export const classStudents = pgTable(
  'class_students',
  {
    kelasId: text('kelas_id').notNull(),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    collegeId: text('college_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'class_students_pkey', columns: [t.collegeId, t.kelasId, t.mahasiswaId] }),
    classFk('class_students', t),
    foreignKey({
      name: 'class_students_student_fk',
      columns: [t.collegeId, t.mahasiswaId],
      foreignColumns: [students.collegeId, students.userId],
    }),
    // A student's classes.
    index('class_students_mahasiswa_idx').on(t.mahasiswaId, t.kelasId),
  ],
);
