import { readdirSync } from 'node:fs';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fileReferenceSources } from './file-references.repository.ts';

/**
 * Columns named like a file, a key, a URL or text a person writes, and every jsonb column, must each be a
 * file reference source or be listed here with why it never names a stored file. A new area that keeps
 * files in a column of its own thus fails this test until the sweep knows the column, instead of losing
 * its files a day after upload.
 */
const notFileReferences: Record<string, string> = {
  'activities.content_id': "the id of an area's row",
  'activity_logs.detail': 'a log line: what it mentions does not keep a file',
  'activity_logs.context': 'a log record: what it mentions does not keep a file',
  'bank_questions.teks_cari': 'pertanyaan with its tags stripped, kept by PostgreSQL for the search',
  'attendance_recalculations.filter': 'which students to recount',
  'chat_unread.key': 'a chat thread key',
  'colleges.url_sikad_legacy': "the college's SIAKAD address",
  'course_learning_plans.materi': "a lesson plan's topic, plain text from SIAKAD",
  'course_learning_plans.materi_inggris': "a lesson plan's topic, plain text from SIAKAD",
  'courses.silabus_file_name': 'the name shown beside silabus_file_key',
  'exam_attempts.catatan_keluar': 'when a student left the exam page',
  'exam_attempts.question_set': 'question ids',
  'exam_prepared_sets.question_set': 'question ids',
  'forum_post_attachments.content_type': 'the type of file_key',
  'forum_post_attachments.file_name': 'the name shown beside file_key',
  'materials.file_content_type': 'the type of file_key',
  'materials.file_name': 'the name shown beside file_key',
  'notification_events.link': 'an app path (/tugas/{id}), never a file',
  'notifications.link': 'an app path (/tugas/{id}), never a file',
  'meeting_reports.content_hash': "a fingerprint of the report's facts",
  'meetings.parameter_kehadiran': 'attendance switches',
  'semester_imports.file_name': 'the name of the uploaded workbook, kept in the row itself',
  'semester_imports.rows': "the workbook's rows as data",
  'semester_imports.summary': "a preview's counts",
  'semester_imports.problems': "a preview's problems, as text",
  'semester_imports.removals': "a preview's removals (ids and names)",
  'storager_uploads.file_key':
    'who uploaded an option image; the question holding its URL keeps it (the sweep removes this record with the file)',
  'student_fee_holds.keterangan': 'a plain note of the fee hold',
  'task_attachments.content_type': 'the type of file_key',
  'task_attachments.file_name': 'the name shown beside file_key',
  'task_submission_files.content_type': 'the type of file_key',
  'task_submission_files.file_name': 'the name shown beside file_key',
  'tasks.tipe_file_jawaban': 'accepted file extensions',
  'users.operator_permissions': "an operator's rights",
};

/** Words in a column's name that say it may hold a file, a key, a link or written text. */
const suspectName =
  /(^|_)(key|file|files|url|link|lampiran|foto|photo|avatar|gambar|image|logo|banner|isi|deskripsi|teks|catatan|jawaban|feedback|pertanyaan|materi|keterangan|detail|html|konten|content|body)(_|$)/;

/** Column types that can hold a key or text. */
const textTypes = ['PgText', 'PgVarchar', 'PgChar', 'PgJson', 'PgJsonb', 'PgArray'];

async function schemaColumns(): Promise<Array<{ name: string; columnType: string }>> {
  const folder = new URL('../../db/schema/', import.meta.url);
  const columns: Array<{ name: string; columnType: string }> = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.schema.ts'))) {
    const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      for (const column of Object.values(getTableColumns(value))) {
        columns.push({ name: `${getTableName(value)}.${column.name}`, columnType: column.columnType });
      }
    }
  }
  return columns;
}

const registered = new Set(
  fileReferenceSources.map(({ column }) => `${getTableName(column.table)}.${column.name}`),
);

describe('file reference sources', () => {
  it('cover every column that may name a stored file, or say why it does not', async () => {
    const columns = await schemaColumns();
    expect(columns.length).toBeGreaterThan(100);
    const suspects = columns.filter(
      ({ name, columnType }) =>
        textTypes.includes(columnType) &&
        (columnType === 'PgJsonb' || columnType === 'PgJson' || suspectName.test(name.split('.')[1]!)),
    );
    const unknown = suspects
      .map((column) => column.name)
      .filter((name) => !registered.has(name) && !(name in notFileReferences));
    expect(unknown, 'register them in fileReferenceSources or list them in notFileReferences').toEqual([]);
  });

  it('name only columns that exist, and none twice or both ways', async () => {
    const names = new Set((await schemaColumns()).map((column) => column.name));
    expect([...registered].filter((name) => !names.has(name))).toEqual([]);
    expect(Object.keys(notFileReferences).filter((name) => !names.has(name))).toEqual([]);
    expect(registered.size).toBe(fileReferenceSources.length);
    expect(Object.keys(notFileReferences).filter((name) => registered.has(name))).toEqual([]);
  });
});
