import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A tenant: one university with its system record and configuration. */
export const colleges = pgTable(
  'colleges',
  {
    id: text('id').primaryKey(),
    nama: text('nama').notNull(),
    judul: text('judul').notNull(),
    alamat: text('alamat').notNull().default(''),
    email: text('email').notNull().default(''),
    telepon: text('telepon').notNull().default(''),
    logoKey: text('logo_key'),
    copyright: text('copyright').notNull().default(''),
    urlSikadLegacy: text('url_sikad_legacy'),
    colorMode: text('color_mode').notNull().default('light'),
    timeZone: text('time_zone').notNull().default('Asia/Jakarta'),
    /** College settings of spec 1 §3 that have no column of their own yet. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The college an API call without a `college-id` header is for (the web app's first call, scripts);
     * at most one. With a single college, that one is the default whatever this says.
     */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('colleges_one_default_uq')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);
