import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { makeAnswerFilesPrivate } from './exam-files.service.ts';

/**
 * Once: marks essay answer files stored public before answer files were private (see
 * makeAnswerFilesPrivate). New ones are stored private, so after one complete run there is nothing left
 * to mark; in the background, so a large store does not hold up a start.
 */
export function examAnswerFilesPrivateJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'exam-answer-files-private',
    once: true,
    expireInSeconds: 3_600,
    async handler() {
      const marked = await makeAnswerFilesPrivate(app.db, app.files);
      app.log.info({ marked }, 'exam answer files made private');
    },
  };
}
