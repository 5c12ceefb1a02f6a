import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { colleges } from './college.schema.ts';
import { users } from './identity.schema.ts';

/**
 * A help article (bantuan) of a college: a question and its answer, grouped by topic. Everyone signed in
 * reads them; operators with write on `data_sistem` maintain them (see docs/api/shell-and-content.md).
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    /** The topic the article is listed under, e.g. `Akun dan Login`. */
    kategori: text('kategori').notNull(),
    judul: text('judul').notNull(),
    /** Sanitised HTML. */
    isi: text('isi').notNull(),
    /** Order within the topic, ascending. */
    urutan: integer('urutan').notNull().default(0),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_articles_college_idx').on(t.collegeId, t.kategori, t.urutan)],
);
