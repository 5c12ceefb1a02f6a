import {
  semesterImportEntities,
  semesterImportEntityLabels,
  semesterImportListed,
  semesterImportMessages,
  type SemesterImport,
  type SemesterImportCounts,
  type SemesterImportEntity,
} from '@lms/contract/semester-import.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import { findCollegeById } from '../../platform/college.repository.ts';
import { runInWorker } from '../../platform/worker-pool.ts';
import { followCalendarPeriod } from '../period/period.api.ts';
import { siakadConnectorFor, siakadSetupProblem, type SiakadPlatform } from '../siakad/siakad.api.ts';
import { ProblemList, type ParsedSemester, type SemesterRows } from './semester-import.parser.ts';
import { fingerprintOf, planSemesterImport } from './semester-import.plan.ts';
import { assertCanLoadSemester } from './semester-import.policy.ts';
import { presentSemesterImport } from './semester-import.presenter.ts';
import { readSiakadSemester } from './semester-siakad.reader.ts';
import {
  applySemesterPlan,
  findLatestSemesterImportId,
  findSemesterImport,
  hasBusySemesterImport,
  insertSemesterImport,
  loadStoredSemester,
  planSize,
  updateSemesterImport,
  type SemesterImportRow,
} from './semester-import.repository.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findOwn(db: Db, actor: Actor, id: string): Promise<SemesterImportRow> {
  const row = uuidPattern.test(id) ? await findSemesterImport(db, actor.collegeId, id) : undefined;
  if (!row) throw new AppError(404, 'muat_semester_not_found');
  return row;
}

/** Stores an upload as a load being read; the caller queues the read job. One load at a time per college. */
export async function startSemesterImport(
  db: Db,
  actor: Actor,
  fileName: string,
  file: Buffer,
): Promise<SemesterImportRow> {
  assertCanLoadSemester(actor, true);
  if (file.length === 0) throw badRequest('muat_semester_tidak_valid', semesterImportMessages.empty);
  if (await hasBusySemesterImport(db, actor.collegeId)) throw new AppError(409, 'muat_semester_sibuk');
  const row = await insertSemesterImport(db, {
    collegeId: actor.collegeId,
    createdBy: actor.userId,
    fileName: fileName.slice(0, 200) || 'muat-semester.xlsx',
    file,
  });
  return row!;
}

/** The name a load from SIAKAD goes by in the list and the activity log. */
export const siakadLoadName = (periode: number) => `Siakad periode ${periode}`;

/**
 * Who starts a load from SIAKAD: an operator on the page, or the college's daily sync for an hour
 * (`by`: the operator who turned it on, in whose name it runs; `hour`: the UTC hour it is for).
 */
export type SiakadLoadStarter = { actor: Actor } | { schedule: { by: string; hour: Date } };

/**
 * Starts a load of a period from the college's SIAKAD (the caller queues the read job with the period).
 * Refused at once while SIAKAD is not set up, and while another load of the college is busy; the daily
 * sync is also refused (`muat_semester_sibuk`) when it already started one this hour.
 */
export async function startSiakadSemesterImport(
  db: Db,
  starter: SiakadLoadStarter,
  college: { id: string; settings: unknown },
  periode: number,
): Promise<SemesterImportRow> {
  if ('actor' in starter) assertCanLoadSemester(starter.actor, true);
  const collegeId = 'actor' in starter ? starter.actor.collegeId : college.id;
  const problem = await siakadSetupProblem(db, college);
  if (problem) throw new AppError(409, 'siakad_belum_diatur', problem);
  if (await hasBusySemesterImport(db, collegeId)) throw new AppError(409, 'muat_semester_sibuk');
  const row = await insertSemesterImport(db, {
    collegeId,
    createdBy: 'actor' in starter ? starter.actor.userId : starter.schedule.by,
    fileName: siakadLoadName(periode),
    file: null,
    scheduledHour: 'schedule' in starter ? starter.schedule.hour : null,
  });
  if (!row) throw new AppError(409, 'muat_semester_sibuk');
  return row;
}

export async function getSemesterImport(db: Db, actor: Actor, id: string): Promise<SemesterImport> {
  assertCanLoadSemester(actor, false);
  return presentSemesterImport(await findOwn(db, actor, id));
}

export async function getLatestSemesterImport(db: Db, actor: Actor): Promise<SemesterImport | null> {
  assertCanLoadSemester(actor, false);
  const id = await findLatestSemesterImportId(db, actor.collegeId);
  return id ? presentSemesterImport(await findOwn(db, actor, id)) : null;
}

/** Marks a ready preview as being applied (the caller queues the apply job); anything else is refused. */
export async function requestSemesterImportApply(
  db: Db,
  actor: Actor,
  id: string,
): Promise<SemesterImportRow> {
  assertCanLoadSemester(actor, true);
  const row = await findOwn(db, actor, id);
  const moved = await updateSemesterImport(
    db,
    actor.collegeId,
    row.id,
    { status: 'menerapkan', appliedBy: actor.userId, progressDone: 0 },
    'pratinjau',
  );
  if (!moved) throw new AppError(409, 'muat_semester_bukan_pratinjau');
  return (await findSemesterImport(db, actor.collegeId, row.id))!;
}

/** Drops a preview (ready or refused) without changing anything. */
export async function cancelSemesterImport(db: Db, actor: Actor, id: string): Promise<SemesterImportRow> {
  assertCanLoadSemester(actor, true);
  const row = await findOwn(db, actor, id);
  if (row.status !== 'pratinjau' && row.status !== 'ditolak')
    throw new AppError(409, 'muat_semester_bukan_pratinjau');
  await updateSemesterImport(
    db,
    actor.collegeId,
    row.id,
    { status: 'dibatalkan', rows: null, file: null },
    row.status,
  );
  return (await findSemesterImport(db, actor.collegeId, row.id))!;
}

/** The read job: the file (in a worker thread) → rows and problems → the preview against stored data. */
export async function readSemesterImport(db: Db, collegeId: string, id: string): Promise<void> {
  const row = await findSemesterImport(db, collegeId, id);
  if (!row || row.status !== 'memproses' || !row.file) return;
  let parsed: ParsedSemester;
  try {
    parsed = await runInWorker(
      'readSemesterWorkbookTask',
      { bytes: row.file, listed: semesterImportListed },
      120_000,
    );
  } catch {
    parsed = { ok: false, pesan: semesterImportMessages.unreadable };
  }
  await previewParsedSemester(
    db,
    collegeId,
    id,
    parsed,
    'File memuat {n} masalah. Perbaiki lalu unggah ulang.',
  );
}

/** SIAKAD's read job: the period's data from the college's SIAKAD → the same preview as a file's. */
export async function readSiakadSemesterImport(
  db: Db,
  platform: SiakadPlatform,
  collegeId: string,
  id: string,
  periode: number,
  bounds: { timeLimitMs: number; backoffMs?: number[] } = { timeLimitMs: 10 * 60_000 },
): Promise<void> {
  const [row, college] = await Promise.all([
    findSemesterImport(db, collegeId, id),
    findCollegeById(db, collegeId),
  ]);
  if (!row || row.status !== 'memproses' || !college) return;
  const parsed = await readSiakadSemester(siakadConnectorFor(db, college, platform), periode, {
    listed: semesterImportListed,
    ...bounds,
  });
  await previewParsedSemester(
    db,
    collegeId,
    id,
    parsed,
    'Data Siakad memuat {n} masalah. Perbaiki di Siakad lalu baca ulang.',
  );
}

/** A read's rows and problems → the preview against stored data (or the refusal), saved on the load. */
async function previewParsedSemester(
  db: Db,
  collegeId: string,
  id: string,
  parsed: ParsedSemester,
  problemsMessage: string,
): Promise<void> {
  if (!parsed.ok) {
    await updateSemesterImport(db, collegeId, id, { status: 'ditolak', message: parsed.pesan, file: null });
    return;
  }
  const problems = new ProblemList(semesterImportListed);
  problems.items.push(...parsed.problems);
  problems.count = parsed.problemCount;
  const stored = await loadStoredSemester(db, collegeId, parsed.rows);
  const plan = planSemesterImport(parsed.rows, stored, problems, semesterImportListed);
  await updateSemesterImport(db, collegeId, id, {
    status: problems.count > 0 ? 'ditolak' : 'pratinjau',
    message: problems.count > 0 ? problemsMessage.replace('{n}', String(problems.count)) : null,
    file: null,
    rows: parsed.rows,
    summary: plan.summary,
    problems: problems.items,
    problemCount: problems.count,
    removals: plan.removals,
    removalCount: plan.removeTeachers.length + plan.removeEnrolments.length,
    fingerprint: fingerprintOf(stored),
    progressTotal: planSize(plan, parsed.rows),
  });
}

/**
 * The apply job: refuses when the stored data differs from what the preview saw, else writes the plan
 * in batches with progress. Running it again on the same rows changes nothing (upserts by SIAKAD keys).
 */
export async function applySemesterImport(db: Db, collegeId: string, id: string): Promise<void> {
  const row = await findSemesterImport(db, collegeId, id);
  if (!row || row.status !== 'menerapkan' || !row.rows) return;
  const rows = row.rows as SemesterRows;
  try {
    const stored = await loadStoredSemester(db, collegeId, rows);
    if (fingerprintOf(stored) !== row.fingerprint) {
      await updateSemesterImport(db, collegeId, id, {
        status: 'gagal',
        message: semesterImportMessages.stale,
      });
      return;
    }
    const plan = planSemesterImport(rows, stored, new ProblemList(0), 0);
    await updateSemesterImport(db, collegeId, id, { progressTotal: planSize(plan, rows) });
    let reported = 0;
    await applySemesterPlan(db, collegeId, plan, stored, rows, async (done) => {
      // A progress write per 5,000 rows at most: the screen polls, it need not see every batch.
      if (done - reported < 5000) return;
      reported = done;
      await updateSemesterImport(db, collegeId, id, { progressDone: done });
    });
    // The loaded period holding today becomes current: a college that started empty has none.
    await followCalendarPeriod(db, collegeId, new Date());
    await updateSemesterImport(db, collegeId, id, {
      status: 'diterapkan',
      progressDone: planSize(plan, rows),
      appliedAt: new Date(),
      rows: null,
    });
  } catch (error) {
    await updateSemesterImport(db, collegeId, id, {
      status: 'gagal',
      message: `Gagal menerapkan: ${String(error).slice(0, 300)}. Data yang sudah tertulis aman dimuat ulang dengan file yang sama.`,
    });
  }
}

/** The counts of a preview in one line, for the activity log ("Kelas: 1 baru, 0 berubah, 0 dihapus; …"). */
export function describeSummary(row: SemesterImportRow): string {
  const summary = (row.summary ?? {}) as Partial<Record<SemesterImportEntity, SemesterImportCounts>>;
  return semesterImportEntities
    .map((entity) => [entity, summary[entity]] as const)
    .filter(([, c]) => c && c.baru + c.berubah + c.dihapus > 0)
    .map(
      ([entity, c]) =>
        `${semesterImportEntityLabels[entity]}: ${c!.baru} baru, ${c!.berubah} berubah, ${c!.dihapus} dihapus`,
    )
    .join('; ');
}
