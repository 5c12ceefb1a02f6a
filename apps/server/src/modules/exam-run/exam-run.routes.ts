import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@lms/contract/api-envelope.schema';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import {
  pauseInputSchema,
  pauseStatusResponseSchema,
  preparedSetsResponseSchema,
} from '@lms/contract/exam-run.schema';
import {
  answerInputSchema,
  answerSavedSchema,
  attemptResponseSchema,
  attemptSchema,
  leaveInputSchema,
} from '@lms/contract/exam.schema';
import { onResource } from '../../platform/route-access.ts';
import type { Role } from '@lms/contract/role.rules';
import { answerNeedsNoEncoding } from './exam-attempt.presenter.ts';
import { attemptResource } from './exam-attempt.resource.ts';
import { examAutoSubmitJob } from './exam-auto-submit.job.ts';
import { attemptFactsDrain, examAttemptFactsJob } from './exam-attempt-facts.job.ts';
import { examPrepareSetsJob } from './exam-prepare-sets.job.ts';
import { saveAnswerFast } from './exam-answer-save.service.ts';
import { getMyAttempt, recordLeave, startAttemptFast, submitAttempt } from './exam-attempt.service.ts';
import { getPauseStatus, pauseExam, prepareExamNow, resumeExam } from './exam-pause.service.ts';
import { assertCanFollowExam, examStreamKey } from './exam-stream.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['ujian'];
const idParams = z.object({ id: z.uuid() });
const answerParams = idParams.extend({ soalId: z.uuid() });
/** Reading: the exam's readers; pausing and preparing: the class's lecturers and operators with write. */
const onExam = (level: 'read' | 'write', roles?: readonly Role[]) =>
  onResource('exam', 'id', 'kelas_kuliah', level, roles);
/** Taking: the class's students only (never an acting session; the service refuses those). */
const examTakers = onExam('read', ['mahasiswa']);
/** An attempt: its own student (anyone else's is 404 to them: attemptResource). */
const attemptOwner = onResource('exam_attempt', 'id', 'kelas_kuliah', 'read', ['mahasiswa']);

/**
 * Running an exam (spec 3 §2 "Taking"): starting, saving answers, submitting, leaving the page; pausing
 * during an outage, resuming with the minutes given back, question sets ahead; the exam's event stream.
 */
export const examRunRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(examAutoSubmitJob(app));
  app.jobs.define(examAttemptFactsJob(app));
  app.jobs.define(examPrepareSetsJob(app));
  const requestAttemptFacts = attemptFactsDrain(app);
  const ok = { 200: acknowledgedResponseSchema };

  app.post(
    '/v2/lms/ujian/:id/pengerjaan/start',
    {
      config: {
        critical: true,
        access: examTakers,
        callerRowInStatement: 'findStartContext (exam-attempt.repository)',
      },
      schema: {
        tags,
        summary: 'Mulai (atau lanjutkan) pengerjaan: batas waktu dan susunan soal ditetapkan server',
        security: bearer,
        params: idParams,
        response: { 200: attemptResponseSchema },
      },
      // A first start's answer already checked against the schema (checkStartAnswerEncoding) is sent as
      // it is; every other answer is encoded by the schema as usual.
      serializerCompiler: (route: unknown) => {
        // Fastify hands it the 200 answer's schema, as it does the app's zod serializer.
        const encode = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
        return (payload: { data?: unknown }) =>
          answerNeedsNoEncoding(payload.data) ? JSON.stringify(payload) : encode(payload);
      },
    },
    async (request) => {
      const data = await startAttemptFast(app.db, request.actor, request.college, request.params.id);
      requestAttemptFacts();
      return { data };
    },
  );

  app.get(
    '/v2/lms/ujian/:id/pengerjaan/me',
    {
      config: { critical: true, access: examTakers },
      schema: {
        tags,
        summary: 'Pengerjaan mahasiswa sendiri (null bila belum mulai)',
        security: bearer,
        params: idParams,
        response: { 200: dataOf(attemptSchema.nullable()) },
      },
    },
    async (request) => ({
      data: await getMyAttempt(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.put(
    '/v2/lms/pengerjaan/:id/jawaban/:soalId',
    {
      config: {
        critical: true,
        access: attemptOwner,
        callerRowInStatement: 'saveAnswerInOneStatement (exam-run.repository)',
      },
      schema: {
        tags,
        summary:
          'Simpan satu jawaban (urutan klien: yang lebih lama tidak menimpa); ditolak setelah batas waktu',
        security: bearer,
        params: answerParams,
        body: answerInputSchema,
        response: { 200: answerSavedSchema },
      },
    },
    async (request) => ({
      data: await saveAnswerFast(
        app.db,
        request.actor,
        request.college,
        attemptResource.of(request).attempt,
        request.params.soalId,
        request.body,
      ),
    }),
  );

  app.post(
    '/v2/lms/pengerjaan/:id/selesai',
    {
      config: { critical: true, access: attemptOwner },
      schema: {
        tags,
        summary: 'Selesaikan pengerjaan (jawaban tersimpan dinilai)',
        security: bearer,
        params: idParams,
        response: { 200: attemptResponseSchema },
      },
    },
    async (request) => ({
      data: await submitAttempt(app.db, request.actor, request.college, attemptResource.of(request).attempt),
    }),
  );

  app.post(
    '/v2/lms/pengerjaan/:id/keluar',
    {
      config: { critical: true, access: attemptOwner },
      schema: {
        tags,
        summary: 'Catat keluar dari layar penuh atau tab (ujian tutup buku; waktu server)',
        security: bearer,
        params: idParams,
        body: leaveInputSchema,
        response: ok,
      },
    },
    async (request) => {
      const { attempt } = attemptResource.of(request);
      await recordLeave(app.db, request.actor, request.college, attempt, request.body.jenis);
      return { data: {} };
    },
  );

  app.get(
    '/v2/lms/ujian/:id/jeda',
    {
      config: { critical: true, access: onExam('read') },
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
      config: { critical: true, access: onExam('write', ['dosen', 'operator']) },
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
      config: { critical: true, access: onExam('write', ['dosen', 'operator']) },
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
      config: { critical: true, access: onExam('read'), collegeIdFromQuery: true, tokenFromQuery: true },
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
