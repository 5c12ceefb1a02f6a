import { PassThrough, type Readable } from 'node:stream';
import type {
  ActivityLogEntry,
  ActivityLogExportQuery,
  ActivityLogQuery,
} from '@lms/contract/activity-log.schema';
import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { startOfLocalDate } from '@lms/contract/college-settings.rules';
import { exportFileName } from '@lms/contract/spreadsheet.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { assertCanReadActivityLog } from './activity-log.policy.ts';
import { exportColumns, presentActivityLogEntry, presentExportRow } from './activity-log.presenter.ts';
import {
  findActivityLogPage,
  findPeriodDates,
  iterateActivityLogs,
  type ActivityLogScope,
} from './activity-log.repository.ts';

/** The college scope, with the period's dates when filtering by periode. */
async function resolveScope(
  db: Db,
  college: College,
  periode: number | undefined,
): Promise<ActivityLogScope> {
  if (periode === undefined) return { collegeId: college.id };
  const dates = await findPeriodDates(db, college.id, periode);
  if (!dates) return { collegeId: college.id };
  const start = startOfLocalDate(dates.tanggalMulai, college.timeZone);
  const end = new Date(startOfLocalDate(dates.tanggalSelesai, college.timeZone).getTime() + 86_400_000);
  return { collegeId: college.id, periodRange: { start, end } };
}

/** GET /v2/lms/log_aktivitas: everyone's log, for operators with read on laporan. */
export async function listActivityLogs(
  db: Db,
  actor: Actor,
  college: College,
  query: ActivityLogQuery,
): Promise<{ data: ActivityLogEntry[]; meta: PageMeta }> {
  assertCanReadActivityLog(actor);
  const { page, per_page: perPage, ...filter } = query;
  const scope = await resolveScope(db, college, filter.periode);
  const { rows, total } = await findActivityLogPage(db, scope, filter, { page, perPage });
  return { data: rows.map(presentActivityLogEntry), meta: buildPageMeta(query, total) };
}

/** Today's date in the college's zone, `YYYY-MM-DD`, for file names. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * GET /v2/lms/log_aktivitas/export_excel: the filtered log as a streamed xlsx. The permission is checked
 * before the first byte; rows are read in keyset batches and written as they come, so memory stays flat
 * for any size. A failure mid-way ends the stream with an error (the download then fails visibly).
 */
export async function exportActivityLogs(
  db: Db,
  actor: Actor,
  college: College,
  filter: ActivityLogExportQuery,
  now = new Date(),
): Promise<{ fileName: string; stream: Readable }> {
  assertCanReadActivityLog(actor);
  const stream = new PassThrough();
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = college.nama;
  const sheet = workbook.addWorksheet('Log Aktivitas');
  sheet.columns = exportColumns;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  void (async () => {
    let no = 0;
    const scope = await resolveScope(db, college, filter.periode);
    for await (const batch of iterateActivityLogs(db, scope, filter)) {
      for (const row of batch) sheet.addRow(presentExportRow(row, ++no, college.timeZone)).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));

  return { fileName: exportFileName('log-aktivitas', localDate(now, college.timeZone)), stream };
}
