import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import {
  applySemesterImport,
  readSemesterImport,
  readSiakadSemesterImport,
} from './semester-import.service.ts';

export const semesterImportReadJobName = 'semester-import-read';
export const semesterImportApplyJobName = 'semester-import-apply';

type LoadRef = { collegeId: string; id: string };

/** Reads an uploaded workbook, or with `periode` that period from the college's SIAKAD, into a preview. */
export function semesterImportReadJob(app: FastifyInstance): JobDefinition<LoadRef & { periode?: number }> {
  return {
    name: semesterImportReadJobName,
    expireInSeconds: 900,
    handler: ({ collegeId, id, periode }) =>
      periode === undefined
        ? readSemesterImport(app.db, collegeId, id)
        : readSiakadSemesterImport(app.db, app.config, collegeId, id, periode),
  };
}

/** Applies a preview the operator accepted. */
export function semesterImportApplyJob(app: FastifyInstance): JobDefinition<LoadRef> {
  return {
    name: semesterImportApplyJobName,
    expireInSeconds: 3600,
    handler: ({ collegeId, id }) => applySemesterImport(app.db, collegeId, id),
  };
}
