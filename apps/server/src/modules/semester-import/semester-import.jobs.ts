import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { JobDefinition, JobQueue } from '../../platform/job-queue.ts';
import {
  applySemesterImport,
  readSemesterImport,
  readSiakadSemesterImport,
} from './semester-import.service.ts';
import { applyScheduledPreview, startScheduledSiakadLoads } from './semester-sync.service.ts';

export const semesterImportReadJobName = 'semester-import-read';
export const semesterImportApplyJobName = 'semester-import-apply';
export const semesterSyncJobName = 'semester-import-siakad-sync';

type LoadRef = { collegeId: string; id: string };

/** What the jobs use of the app (the app itself, or a test's stand-in that records what is queued). */
export interface SemesterJobDeps {
  db: Db;
  config: AppConfig;
  jobs: Pick<JobQueue, 'send'>;
}

/**
 * Reads an uploaded workbook, or with `periode` that period from the college's SIAKAD, into a preview.
 * A preview the daily sync started, with no problem and no removal, goes on to the apply job.
 */
export function semesterImportReadJob(app: SemesterJobDeps): JobDefinition<LoadRef & { periode?: number }> {
  return {
    name: semesterImportReadJobName,
    expireInSeconds: 900,
    async handler({ collegeId, id, periode }) {
      if (periode === undefined) return readSemesterImport(app.db, collegeId, id);
      await readSiakadSemesterImport(app.db, app.config, collegeId, id, periode);
      if (await applyScheduledPreview(app.db, collegeId, id))
        await app.jobs.send(semesterImportApplyJobName, { collegeId, id });
    },
  };
}

/** Applies a preview the operator accepted (or the daily sync, when nothing would be removed). */
export function semesterImportApplyJob(app: SemesterJobDeps): JobDefinition<LoadRef> {
  return {
    name: semesterImportApplyJobName,
    expireInSeconds: 3600,
    handler: ({ collegeId, id }) => applySemesterImport(app.db, collegeId, id),
  };
}

/**
 * Hourly on the hour: each college whose "Sinkron otomatis dari SIAKAD" is on and whose hour it is (in
 * its time zone) gets a SIAKAD read of its current period. One run at a time on all instances; a
 * repeated run in the same hour starts nothing (the loads are unique per college and hour).
 */
export function semesterSyncJob(app: SemesterJobDeps, clock = () => new Date()): JobDefinition {
  return {
    name: semesterSyncJobName,
    cron: '0 * * * *',
    expireInSeconds: 600,
    singleton: true,
    async handler() {
      await startScheduledSiakadLoads(app.db, clock(), (load) =>
        app.jobs.send(semesterImportReadJobName, load),
      );
    },
  };
}
