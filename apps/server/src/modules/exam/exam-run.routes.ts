import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pauseInputSchema,
  pauseStatusResponseSchema,
  preparedSetsResponseSchema,
} from '@lms/contract/exam-run.schema';
import { onResource } from '../../platform/route-access.ts';
import type { Role } from '@lms/contract/role.rules';
import { examPrepareSetsJob } from './exam-prepare-sets.job.ts';
import { getPauseStatus, pauseExam, prepareExamNow, resumeExam } from './exam-pause.service.ts';
import { assertCanFollowExam, examStreamKey } from './exam-stream.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['ujian'];
const idParams = z.object({ id: z.uuid() });
/** Reading: the exam's readers; pausing and preparing: the class's lecturers and operators with write. */
const onExam = (level: 'read' | 'write', roles?: readonly Role[]) =>
  onResource('exam', 'id', 'kelas_kuliah', level, roles);

/** Running an exam: pausing during an outage, resuming with the minutes given back, question sets ahead. */
export const examRunRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(examPrepareSetsJob(app));

  app.get(
    '/v2/lms/ujian/:id/jeda',
    {
      config: { access: onExam('read') },
      schema: {
        tags,
        summary: 'Status jeda kuis/ujian dan riwayatnya',
        security: bearer,
        params: idParams,
        response: { 200: pauseStatusResponseSchema },
      },
    },
    async (request) => ({
      data: await getPauseStatus(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.post(
    '/v2/lms/ujian/:id/jeda',
    {
      config: { access: onExam('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Jeda kuis/ujian yang berlangsung (gangguan): waktu berhenti, event time_changed',
        security: bearer,
        params: idParams,
        body: pauseInputSchema,
        response: { 200: pauseStatusResponseSchema },
      },
    },
    async (request) => ({
      data: await pauseExam(app.db, request.actor, request.college, request.params.id, request.body),
    }),
  );

  app.post(
    '/v2/lms/ujian/:id/lanjutkan',
    {
      config: { access: onExam('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Lanjutkan kuis/ujian yang dijeda: waktu yang hilang dikembalikan, event time_changed',
        security: bearer,
        params: idParams,
        response: { 200: pauseStatusResponseSchema },
      },
    },
    async (request) => ({
      data: await resumeExam(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.post(
    '/v2/lms/ujian/:id/siapkan_soal',
    {
      config: { access: onExam('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Tetapkan set soal setiap peserta sekarang (biasanya dilakukan job satu jam sebelum mulai)',
        security: bearer,
        params: idParams,
        response: { 200: preparedSetsResponseSchema },
      },
    },
    async (request) => ({
      data: await prepareExamNow(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    '/v2/lms/events/ujian/:id',
    {
      // EventSource cannot set headers: the token and the college come in the query (never logged).
      config: { access: onExam('read'), collegeIdFromQuery: true, tokenFromQuery: true },
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Aliran Server-Sent Events kuis/ujian (event `time_changed`: batas waktu berubah)',
        security: bearer,
        params: idParams,
        querystring: z.object({ access_token: z.string(), 'college-id': z.string().optional() }),
      },
    },
    async (request, reply) => {
      const examId = await assertCanFollowExam(app.db, request.actor, request.college, request.params.id);
      const stream = app.events.openStream(reply, examStreamKey(request.actor.collegeId, examId));
      if (request.auth.expiresAt) stream.endAt(request.auth.expiresAt);
    },
  );
};
