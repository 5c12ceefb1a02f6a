import { collegeTimeZoneLabels, type CollegeTimeZone } from '@lms/contract/college-settings.rules';
import { canWriteArea } from '@lms/contract/permission.rules';
import {
  readSiakadSync,
  siakadSyncActor,
  type SiakadSync,
  type SiakadSyncInput,
  type StoredSiakadSync,
} from '@lms/contract/semester-import.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import { findAllColleges, findCollegeById, type College } from '../../platform/college.repository.ts';
import {
  listChanges,
  recordActivity,
  recordChanges,
  type ActivityCaller,
} from '../activity-log/activity-log.api.ts';
import { findCurrentPeriod } from '../period/period.api.ts';
import { assertCanLoadSemester } from './semester-import.policy.ts';
import {
  findSemesterImport,
  findSyncOperator,
  listSemesterImports,
  saveSiakadSyncSetting,
  updateSemesterImport,
} from './semester-import.repository.ts';
import { describeSummary, startSiakadSemesterImport } from './semester-import.service.ts';

/*
 * "Sinkron otomatis dari SIAKAD": a college setting (on/off and an hour of its time) and the hourly job
 * that, at that hour, reads the college's current period from SIAKAD through the operator's own start;
 * a preview with no problem and no removal is then applied, anything else waits for the operator.
 */

const zoneLabel = (college: College) =>
  collegeTimeZoneLabels[college.timeZone as CollegeTimeZone] ?? college.timeZone;

const hourText = (zone: string) => (value: unknown) =>
  typeof value === 'number' ? `${String(value).padStart(2, '0')}.00 ${zone}` : value;

async function findOwnCollege(db: Db, actor: Actor): Promise<College> {
  const college = await findCollegeById(db, actor.collegeId);
  if (!college) throw notFound();
  return college;
}

function presentSiakadSync(setting: StoredSiakadSync, college: College): SiakadSync {
  return { aktif: setting.aktif, jam: setting.jam, zona_waktu: zoneLabel(college) };
}

/** GET /v2/lms/muat_semester/sinkron_otomatis (read from the row, not the 30 s college cache). */
export async function getSiakadSync(db: Db, actor: Actor): Promise<SiakadSync> {
  assertCanLoadSemester(actor, false);
  const college = await findOwnCollege(db, actor);
  return presentSiakadSync(readSiakadSync(college.settings), college);
}

/**
 * PUT /v2/lms/muat_semester/sinkron_otomatis: stores on/off and the hour, and who saved it — the sync
 * runs in that operator's name (its loads' `created_by`, its activity-log entries). The activity log
 * records what changed, old → new; a save that changed nothing records nothing.
 */
export async function saveSiakadSync(
  db: Db,
  caller: ActivityCaller,
  input: SiakadSyncInput,
): Promise<SiakadSync> {
  const { actor } = caller;
  assertCanLoadSemester(actor, true);
  const college = await findOwnCollege(db, actor);
  const before = readSiakadSync(college.settings);
  const after = { aktif: input.aktif, jam: input.jam, diatur_oleh: actor.userId };
  await saveSiakadSyncSetting(db, actor.collegeId, after);
  await recordChanges(
    db,
    caller,
    'ubah_konfigurasi',
    'Mengubah sinkron otomatis dari Siakad',
    listChanges(before, after, {
      aktif: {
        label: 'Sinkron otomatis dari SIAKAD',
        tampil: (value) => (value === true ? 'Aktif' : value === false ? 'Nonaktif' : value),
      },
      jam: { label: 'Jam sinkron otomatis', tampil: hourText(zoneLabel(college)) },
    }),
  );
  return presentSiakadSync(after, college);
}

/** The hour of the day (0–23) an instant is in a time zone. */
export function hourOfDay(at: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at);
  return Number(hour);
}

/** A load the sync started, for its read job. */
export interface ScheduledLoad {
  collegeId: string;
  id: string;
  periode: number;
}

/**
 * The hourly job: for each college whose sync is on, at its hour in its time zone, starts a SIAKAD read
 * of its current period (the one marked current) the way "Baca dari SIAKAD" does, and hands it to
 * `queueRead`, in the name of the operator who turned it on. A college is left for the next day when
 * that operator is no longer active or may no longer write master data, when one of its loads is busy,
 * when its latest load is a preview waiting for the operator (a new load would hide it), when it has no
 * current period, when SIAKAD is not set up, or when the sync already started a load this hour (unique
 * per college and hour: a retried or repeated run starts nothing). One college failing does not stop
 * the others.
 */
export async function startScheduledSiakadLoads(
  db: Db,
  now: Date,
  queueRead: (load: ScheduledLoad) => Promise<unknown>,
): Promise<ScheduledLoad[]> {
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const started: ScheduledLoad[] = [];
  let failure: unknown;
  for (const college of await findAllColleges(db)) {
    const setting = readSiakadSync(college.settings);
    if (!setting.aktif || !setting.diatur_oleh || hourOfDay(now, college.timeZone) !== setting.jam) continue;
    try {
      // It acts with the rights of the operator who turned it on: not once they may no longer load.
      const operator = await findSyncOperator(db, college.id, setting.diatur_oleh);
      const allowed =
        operator?.role === 'operator' &&
        operator.isActive &&
        canWriteArea(operator.permissions, 'data_master');
      if (!allowed) continue;
      const [latest] = await listSemesterImports(db, college.id, 1);
      if (latest?.status === 'pratinjau') continue;
      const period = await findCurrentPeriod(db, college.id);
      if (!period) continue;
      const row = await startSiakadSemesterImport(
        db,
        { schedule: { by: setting.diatur_oleh, hour } },
        college,
        period.kode,
      );
      const load = { collegeId: college.id, id: row.id, periode: period.kode };
      await queueRead(load);
      started.push(load);
    } catch (error) {
      // Busy, SIAKAD not set up, or started already this hour: nothing to do until tomorrow.
      if (error instanceof AppError && error.statusCode === 409) continue;
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return started;
}

/**
 * After the read of a load the sync started: a preview with no problem and no removal becomes
 * `menerapkan` (the caller queues the same apply job as "Terapkan"), logged as applied by the schedule
 * in the name of the operator who turned it on. Anything else stays for the operator, so removals are
 * always shown before they happen. Answers whether the apply job is to be queued.
 */
export async function applyScheduledPreview(db: Db, collegeId: string, id: string): Promise<boolean> {
  const row = await findSemesterImport(db, collegeId, id);
  if (!row?.scheduledHour || row.status !== 'pratinjau') return false;
  if (row.problemCount > 0 || row.removalCount > 0) return false;
  const moved = await updateSemesterImport(
    db,
    collegeId,
    id,
    { status: 'menerapkan', appliedBy: row.createdBy, progressDone: 0 },
    'pratinjau',
  );
  if (!moved) return false;
  await recordActivity(db, {
    collegeId,
    userId: row.createdBy,
    role: 'operator',
    jenis: 'muat_semester',
    detail: `${siakadSyncActor} menerapkan Muat Semester dari ${row.fileName}: ${describeSummary(row) || 'tanpa perubahan'}`,
    context: { id_muat_semester: row.id, ringkasan: row.summary, pelaku: siakadSyncActor },
  });
  return true;
}
