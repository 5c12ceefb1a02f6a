import { semesterImportLimits, semesterImportMessages } from '@lms/contract/semester-import.schema';
import {
  SiakadError,
  siakadSemesterFields,
  siakadSemesterParts,
  type SiakadConnector,
  type SiakadSemesterRow,
} from '../siakad/siakad.api.ts';
import {
  emptySemesterRows,
  ProblemList,
  readSemesterSheet,
  settleMainTeachers,
  type ParsedSemester,
} from './semester-import.parser.ts';

/*
 * Reads a period's semester data from SIAKAD into the same rows and problems a workbook gives: each
 * part is read a page at a time, its rows turned into cells in the sheet's column order and checked by
 * the workbook's rules (a problem names the sheet and the row's position in SIAKAD's list). Bounded in
 * rows per part (as a sheet), pages and time; SIAKAD's failures become one message in Indonesian.
 */

export interface SiakadReadBounds {
  listed: number;
  /** The whole read, every page of every part, must end within this. */
  timeLimitMs: number;
  /** Waits before retrying a transient failure (timeout, network, 5xx, 429). */
  backoffMs?: number[];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A SIAKAD value as a workbook cell: empty for null, Ya/Tidak for a boolean. */
function cellOf(value: SiakadSemesterRow[string] | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Ya' : 'Tidak';
  return String(value);
}

const fail = (pesan: string): ParsedSemester => ({ ok: false, pesan });

export async function readSiakadSemester(
  connector: SiakadConnector,
  periode: number,
  bounds: SiakadReadBounds,
): Promise<ParsedSemester> {
  const deadline = Date.now() + bounds.timeLimitMs;
  const backoffMs = bounds.backoffMs ?? [1_000, 4_000];
  const rows = emptySemesterRows();
  const problems = new ProblemList(bounds.listed);
  const maxRows = semesterImportLimits.maxRowsPerSheet;
  try {
    for (const part of siakadSemesterParts) {
      const fields = siakadSemesterFields[part];
      const table: { baris: number; cells: string[] }[] = [];
      for (let page: number | null = 1; page !== null;) {
        if (Date.now() > deadline)
          return fail(semesterImportMessages.siakadTooSlow(Math.round(bounds.timeLimitMs / 60_000)));
        const answer = await readWithRetry(() => connector.readSemesterPage(periode, part, page!), backoffMs);
        if (table.length + answer.rows.length > maxRows)
          return fail(semesterImportMessages.siakadTooManyRows);
        for (const row of answer.rows)
          table.push({ baris: table.length + 1, cells: fields.map((f) => cellOf(row[f])) });
        // An empty page that names a next one would never end.
        page = answer.rows.length > 0 ? answer.nextPage : null;
      }
      readSemesterSheet(part, table, rows, problems);
    }
  } catch (error) {
    if (error instanceof SiakadError) return fail(`${semesterImportMessages.siakadFailed} ${error.message}`);
    throw error;
  }
  if (Object.values(rows).every((list) => list.length === 0) && problems.count === 0)
    return fail(semesterImportMessages.siakadEmpty(periode));
  settleMainTeachers(rows, problems);
  return { ok: true, rows, problems: problems.items, problemCount: problems.count };
}

async function readWithRetry<T>(call: () => Promise<T>, backoffMs: number[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const delay = backoffMs[attempt];
      if (!(error instanceof SiakadError) || !error.transient || delay === undefined) throw error;
      await wait(delay);
    }
  }
}
