import {
  boolean,
  foreignKey,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { classes } from './class.schema.ts';
import { colleges } from './college.schema.ts';

/*
 * The demo SIAKAD served by our own server (modules/siakad, docs/api/grades-and-siakad.md). A real
 * SIAKAD keeps these in its own database; the demo keeps them here so that a person can open and close
 * entry windows, lock classes and change values "in SIAKAD".
 */

/** A class's grade entry window and lock in the demo SIAKAD. */
export const siakadDemoClasses = pgTable(
  'siakad_demo_classes',
  {
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kelasId: text('kelas_id').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    locked: boolean('locked').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'siakad_demo_classes_pkey', columns: [t.collegeId, t.kelasId] }),
    foreignKey({
      name: 'siakad_demo_classes_class_fk',
      columns: [t.collegeId, t.kelasId],
      foreignColumns: [classes.collegeId, classes.id],
    }).onDelete('cascade'),
  ],
);

/** A class's grade components with their weights (bobot, percent) in the demo SIAKAD. */
export const siakadDemoComponents = pgTable(
  'siakad_demo_components',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    kelasId: text('kelas_id').notNull(),
    jenis: text('jenis').notNull(),
    label: text('label').notNull(),
    bobot: numeric('bobot', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    urutan: smallint('urutan').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'siakad_demo_components_class_fk',
      columns: [t.collegeId, t.kelasId],
      foreignColumns: [classes.collegeId, classes.id],
    }).onDelete('cascade'),
  ],
);

/** A student's value of a component in the demo SIAKAD, and who changed it last (the LMS or SIAKAD). */
export const siakadDemoValues = pgTable(
  'siakad_demo_values',
  {
    komponenId: uuid('komponen_id')
      .notNull()
      .references(() => siakadDemoComponents.id, { onDelete: 'cascade' }),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    nim: text('nim').notNull(),
    nilai: numeric('nilai', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    /** Changed in SIAKAD itself (update_by_sikad) rather than sent by the LMS. */
    updatedBySiakad: boolean('updated_by_siakad').notNull().default(false),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'siakad_demo_values_pkey', columns: [t.komponenId, t.nim] })],
);

/**
 * The key the LMS signs its requests to a college's HTTP SIAKAD with (HMAC-SHA256, modules/siakad), and
 * the demo SIAKAD checks them with. Apart from the college row, so it is never cached, presented or
 * logged with it; written through the settings API, never read back by it.
 */
export const siakadCredentials = pgTable('siakad_credentials', {
  collegeId: text('college_id')
    .primaryKey()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
