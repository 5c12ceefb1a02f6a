import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { materialFileTypes, materialKinds } from '@lms/contract/material.rules';
import { classFk } from './class.schema.ts';
import { colleges } from './college.schema.ts';
import { users } from './identity.schema.ts';
import { meetings } from './meeting.schema.ts';

/** jenis_materi; values from the contract. */
export const materialKindEnum = pgEnum('material_kind', materialKinds);

/** tipe_file; values from the contract. */
export const materialFileTypeEnum = pgEnum('material_file_type', materialFileTypes);

/**
 * A material (materi) of a meeting (spec 2 §3). A file material keeps its stored file's key and what was
 * checked of it at upload; a link material keeps the link. Its activity (kind materi) is kept in step by
 * the material area.
 */
export const materials = pgTable(
  'materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    /** Taken from the meeting, never from the caller. */
    kelasId: text('kelas_id').notNull(),
    pertemuanId: uuid('pertemuan_id').notNull(),
    judul: text('judul').notNull(),
    /** Sanitised rich text. */
    deskripsi: text('deskripsi').notNull(),
    jenisMateri: materialKindEnum('jenis_materi').notNull(),
    tipeFile: materialFileTypeEnum('tipe_file').notNull(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    /** The type found in the file's content (not the client's claim). */
    fileContentType: text('file_content_type'),
    /** Audio and video: the media's length read from the file at upload, for the played percentage. */
    durationSeconds: real('duration_seconds'),
    fileUrl: text('file_url'),
    tampilSekarang: boolean('tampil_sekarang').notNull().default(true),
    /** When students start to see it: the save time when shown now. */
    tampilMulai: timestamp('tampil_mulai', { withTimezone: true }).notNull(),
    isSyaratHadir: boolean('is_syarat_hadir').notNull().default(false),
    deadline: timestamp('deadline', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    classFk('materials', t),
    foreignKey({
      name: 'materials_meeting_fk',
      columns: [t.collegeId, t.pertemuanId],
      foreignColumns: [meetings.collegeId, meetings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'materials_creator_fk',
      columns: [t.createdBy],
      foreignColumns: [users.id],
    }).onDelete('set null'),
    // Target of material_views' (college_id, materi_id).
    unique('materials_college_id_uq').on(t.collegeId, t.id),
    // A class's materials (the class list and the copy search exclude a class); a meeting's materials.
    index('materials_kelas_idx').on(t.collegeId, t.kelasId, t.createdAt),
    index('materials_pertemuan_idx').on(t.collegeId, t.pertemuanId),
    check(
      'materials_source_ck',
      sql`(${t.tipeFile} = 'url') = (${t.fileUrl} is not null) and (${t.tipeFile} = 'url') = (${t.fileKey} is null)`,
    ),
  ],
);

/**
 * A student's use of a material in the page, kept by the server so that the client is not trusted for
 * time: when the reader was last opened (the ebook countdown runs from here) and how much playback the
 * server has credited (each report adds at most the time that passed since the previous one).
 */
export const materialViews = pgTable(
  'material_views',
  {
    collegeId: text('college_id').notNull(),
    materiId: uuid('materi_id').notNull(),
    mahasiswaId: uuid('mahasiswa_id').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    playedSeconds: real('played_seconds').notNull().default(0),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.materiId, t.mahasiswaId] }),
    foreignKey({
      name: 'material_views_material_fk',
      columns: [t.collegeId, t.materiId],
      foreignColumns: [materials.collegeId, materials.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'material_views_student_fk',
      columns: [t.collegeId, t.mahasiswaId],
      foreignColumns: [users.collegeId, users.id],
    }).onDelete('cascade'),
    check('material_views_played_ck', sql`${t.playedSeconds} >= 0`),
  ],
);
