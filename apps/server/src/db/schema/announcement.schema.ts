import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { colleges } from './college.schema.ts';
import { users } from './identity.schema.ts';

/** An announcement (pengumuman) for the college's users; shown once tanggal_publish has passed. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    judul: text('judul').notNull(),
    /** Sanitised HTML. */
    isi: text('isi').notNull(),
    tanggalPublish: timestamp('tanggal_publish', { withTimezone: true }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_college_publish_idx').on(t.collegeId, t.tanggalPublish)],
);

/** A news article (berita), route /berita/{id}. */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    judul: text('judul').notNull(),
    ringkasan: text('ringkasan').notNull().default(''),
    /** Sanitised HTML. */
    isi: text('isi').notNull(),
    gambarKey: text('gambar_key'),
    tanggalPublish: timestamp('tanggal_publish', { withTimezone: true }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_articles_college_publish_idx').on(t.collegeId, t.tanggalPublish)],
);
