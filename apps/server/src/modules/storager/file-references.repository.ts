import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { courses } from '../../db/schema/academic.schema.ts';
import { announcements, newsArticles } from '../../db/schema/announcement.schema.ts';
import { meetingReports } from '../../db/schema/bap.schema.ts';
import { chatMessages } from '../../db/schema/chat.schema.ts';
import { classes } from '../../db/schema/class.schema.ts';
import { colleges } from '../../db/schema/college.schema.ts';
import { examAnswers, examLateAnswers, examQuestions, exams } from '../../db/schema/exam.schema.ts';
import { forumPostAttachments, forumPosts, forums } from '../../db/schema/forum.schema.ts';
import { helpArticles } from '../../db/schema/help.schema.ts';
import { users } from '../../db/schema/identity.schema.ts';
import { materials } from '../../db/schema/material.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import { bankQuestions, questionBanks, storagerUploads } from '../../db/schema/question-bank.schema.ts';
import { taskAttachments, taskSubmissionFiles, taskSubmissions, tasks } from '../../db/schema/task.schema.ts';
import { vidcons } from '../../db/schema/vidcon.schema.ts';

/**
 * How a column names stored files: `key` a store key; `file-list` a jsonb array of `{ key, … }`
 * (StoredExamFile, StoredQuestionFile); `urls` text or jsonb in which our file URLs may appear anywhere
 * (rich text links, option images' `gambar`, pasted links): `/v2/files/{key}`, relative or absolute
 * (see fileUrl in platform/file-storage.ts).
 */
export type FileReferenceKind = 'key' | 'file-list' | 'urls';

export interface FileReferenceSource {
  column: PgColumn;
  holds: FileReferenceKind;
}

/**
 * Every column that can keep a stored file alive. The file sweep deletes what none of these names, so
 * a column missing here loses its files a day after upload: `file-references.test.ts` fails for any
 * schema column named like a file, a key, a URL or rich text (and any jsonb column) that is neither
 * here nor listed there as not naming files. Copies (class, bank, exam copies) share keys; that needs
 * nothing here, since every copy's row is a reference of its own.
 */
export const fileReferenceSources: readonly FileReferenceSource[] = [
  // Keys.
  { column: courses.silabusFileKey, holds: 'key' },
  { column: newsArticles.gambarKey, holds: 'key' },
  { column: meetingReports.fileKey, holds: 'key' },
  { column: classes.bannerKey, holds: 'key' },
  { column: colleges.logoKey, holds: 'key' },
  { column: forumPostAttachments.fileKey, holds: 'key' },
  { column: users.avatarKey, holds: 'key' },
  { column: materials.fileKey, holds: 'key' },
  { column: taskAttachments.fileKey, holds: 'key' },
  { column: taskSubmissionFiles.fileKey, holds: 'key' },
  // Attachment lists.
  { column: examQuestions.soalFiles, holds: 'file-list' },
  { column: examQuestions.kunciFiles, holds: 'file-list' },
  { column: examAnswers.files, holds: 'file-list' },
  { column: bankQuestions.soalFiles, holds: 'file-list' },
  { column: bankQuestions.kunciFiles, holds: 'file-list' },
  // Rich text and other text that may hold our URLs.
  { column: announcements.isi, holds: 'urls' },
  { column: newsArticles.isi, holds: 'urls' },
  { column: helpArticles.isi, holds: 'urls' },
  { column: materials.deskripsi, holds: 'urls' },
  { column: materials.fileUrl, holds: 'urls' },
  { column: tasks.deskripsi, holds: 'urls' },
  { column: taskSubmissions.teks, holds: 'urls' },
  { column: taskSubmissions.feedback, holds: 'urls' },
  { column: exams.deskripsi, holds: 'urls' },
  { column: examQuestions.pertanyaan, holds: 'urls' },
  // The type-specific block: option images (`gambar`) and an essay's key.
  { column: examQuestions.isi, holds: 'urls' },
  { column: examAnswers.jawaban, holds: 'urls' },
  { column: examLateAnswers.jawaban, holds: 'urls' },
  { column: questionBanks.deskripsi, holds: 'urls' },
  { column: bankQuestions.pertanyaan, holds: 'urls' },
  { column: bankQuestions.isi, holds: 'urls' },
  { column: forums.deskripsi, holds: 'urls' },
  { column: forumPosts.isi, holds: 'urls' },
  { column: chatMessages.isi, holds: 'urls' },
  { column: meetings.deskripsi, holds: 'urls' },
  { column: meetings.teks, holds: 'urls' },
  { column: vidcons.link, holds: 'urls' },
  { column: vidcons.catatan, holds: 'urls' },
  { column: courses.silabusTeks, holds: 'urls' },
  { column: colleges.settings, holds: 'urls' },
];

/** A key inside one of our file URLs (the store's key form, see fileKeyPattern). */
const fileUrlKeyPattern = '/v2/files/([A-Za-z0-9_-]{24,64})';

/** The asked keys, as the statement's `candidate` table (sent once, however many sources ask it). */
const candidates = sql`(select "candidate"."key" from "candidate")`;

/** The candidate keys that `source` names, as a subquery answering a `key` column. */
function referencesIn(source: FileReferenceSource): SQL {
  const { column } = source;
  const { table } = column;
  switch (source.holds) {
    case 'key':
      return sql`select ${column} as "key" from ${table} where ${column} in ${candidates}`;
    case 'file-list':
      return sql`select "f"."value"->>'key' as "key" from ${table}
        cross join lateral jsonb_array_elements(case when jsonb_typeof(${column}) = 'array' then ${column} else '[]'::jsonb end) "f"
        where "f"."value"->>'key' in ${candidates}`;
    case 'urls':
      // The cheap test first: the pattern runs only on rows that hold a file URL at all.
      return sql`select "m"."groups"[1] as "key" from ${table}
        cross join lateral regexp_matches(${column}::text, ${sql.raw(`'${fileUrlKeyPattern}'`)}, 'g') as "m"("groups")
        where ${column}::text like '%/v2/files/%' and "m"."groups"[1] in ${candidates}`;
  }
}

/**
 * Which of `keys` any file reference source names, in every college (a key is unique in the whole
 * store, and a college's row naming another's file keeps it: that errs on keeping). One statement
 * for the whole batch, the keys sent once; the text sources are read whole each time, so callers send
 * large batches.
 */
export async function findReferencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const values = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  );
  const union = sql.join(
    fileReferenceSources.map((source) => sql`(${referencesIn(source)})`),
    sql` union `,
  );
  // The tenant guard lets this statement span colleges by its start (db/tenant-guard.ts).
  const result = await db.execute(
    sql`with "candidate"("key") as (values ${values}) select "file_reference"."key" from (${union}) as "file_reference"`,
  );
  // Both drivers (PGlite, node-postgres) answer raw statements with their rows in `rows`.
  const { rows } = result as unknown as { rows: Array<{ key: string }> };
  return new Set(rows.map((row) => row.key));
}

/** Forgets the upload records (who uploaded an option image) of files the sweep removed. */
export async function deleteUploadRecords(db: Db, collegeId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .delete(storagerUploads)
    .where(and(eq(storagerUploads.collegeId, collegeId), inArray(storagerUploads.fileKey, [...keys])));
}
