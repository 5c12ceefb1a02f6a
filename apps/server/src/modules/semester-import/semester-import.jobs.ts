import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { applySemesterImport, readSemesterImport } from './semester-import.service.ts';

export const semesterImportReadJobName = 'semester-import-read';
export const semesterImportApplyJobName = 'semester-import-apply';

type LoadRef = { collegeId: string; id: string };

/** Reads an uploaded workbook into a preview. */
export function semesterImportReadJob(app: FastifyInstance): JobDefinition<LoadRef> {
  return {
    name: semesterImportReadJobName,
    expireInSeconds: 900,
    handler: ({ collegeId, id }) => readSemesterImport(app.db, collegeId, id),
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
