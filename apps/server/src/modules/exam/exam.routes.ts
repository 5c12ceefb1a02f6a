import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import {
  examCopyQuerySchema,
  examCopySchema,
  examInputSchema,
  examListQuerySchema,
  examListResponseSchema,
  examPageSchema,
  examResponseSchema,
} from '@lms/contract/exam.schema';
import { meetingIdParamsSchema } from '@lms/contract/meeting.schema';
import { onResource, signedIn, type RouteAccess } from '../../platform/route-access.ts';
import {
  copyExam,
  createExam,
  deleteExam,
  getExam,
  listCopyableExams,
  listExams,
  listMeetingExams,
  updateExam,
} from './exam.service.ts';
import { examResource } from './exam.resource.ts';
import { provideMeetingPageParts } from '../meeting/meeting.api.ts';
import { countMeetingExamsListed } from './exam.api.ts';

const bearer = [{ bearer: [] }];
const tags = ['ujian'];
const idParams = z.object({ id: z.uuid() });

const editors: RouteAccess = { roles: ['dosen', 'operator'], area: 'kelas_kuliah', level: 'write' };
/** Reading an exam: its class's students and lecturers, operators with read. */
const onExam = (level: 'read' | 'write', roles?: RouteAccess['roles']) =>
  onResource('exam', 'id', 'kelas_kuliah', level, roles);
/** Building: the class's lecturers and operators with write. */
const examEditors = onExam('write', ['dosen', 'operator']);

/**
 * Quizzes and exams (spec 3 §7 "Exams"): the forms, lists and copies. The content is
 * exam-content.routes.ts'; taking is exam-run's, results exam-grading's, attachments exam-files'.
 */
export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  // The meeting page's Kuis/Ujian count is what this area's list shows.
  provideMeetingPageParts({ examsListed: countMeetingExamsListed });
  const ok = { 200: acknowledgedResponseSchema };

  app.get(
    '/v2/lms/ujian',
    {
      config: { access: { ...signedIn, area: 'kelas_kuliah', level: 'read' } },
      schema: {
        tags,
        summary: 'Kuis/ujian kelas pengguna (operator: semua), terbaru dahulu; status, periode, mata kuliah',
        security: bearer,
        querystring: examListQuerySchema,
        response: { 200: examPageSchema },
      },
    },
    async (request) => listExams(app.db, request.actor, request.college, request.query),
  );

  app.post(
    '/v2/lms/ujian',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Tambah kuis/ujian',
        security: bearer,
        body: examInputSchema,
        response: { 200: examResponseSchema },
      },
    },
    async (request) => ({ data: await createExam(app.db, request.actor, request.college, request.body) }),
  );

  app.get(
    '/v2/lms/ujian/salin',
    {
      // The copy form's list: only those who may copy (the POST's callers) read it.
      config: { access: editors },
      schema: {
        tags,
        summary: 'Kuis/ujian kelas lain untuk disalin (dosen: kelas yang diajar; operator: semua kelas)',
        security: bearer,
        querystring: examCopyQuerySchema,
        response: { 200: examPageSchema },
      },
    },
    async (request) => listCopyableExams(app.db, request.actor, request.college, request.query),
  );

  app.post(
    '/v2/lms/ujian/salin',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Salin kuis/ujian (beserta soalnya) ke pertemuan ini',
        security: bearer,
        body: examCopySchema,
        response: { 200: examResponseSchema },
      },
    },
    async (request) => ({ data: await copyExam(app.db, request.actor, request.college, request.body) }),
  );

  app.get(
    '/v2/lms/pertemuan/:id/ujian',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Kuis/ujian pertemuan',
        security: bearer,
        params: meetingIdParamsSchema,
        response: { 200: examListResponseSchema },
      },
    },
    async (request) => ({
      data: await listMeetingExams(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    '/v2/lms/ujian/:id',
    {
      config: { critical: true, access: onExam('read') },
      schema: {
        tags,
        summary: 'Detail kuis/ujian',
        security: bearer,
        params: idParams,
        response: { 200: examResponseSchema },
      },
    },
    async (request) => ({ data: await getExam(app.db, request.actor, examResource.of(request)) }),
  );

  app.put(
    '/v2/lms/ujian/:id',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Ubah kuis/ujian (waktu mulai terkunci bila sudah ada pengerjaan)',
        security: bearer,
        params: idParams,
        body: examInputSchema,
        response: { 200: examResponseSchema },
      },
    },
    async (request) => ({
      data: await updateExam(app.db, request.actor, request.college, examResource.of(request), request.body),
    }),
  );

  app.delete(
    '/v2/lms/ujian/:id',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Hapus kuis/ujian beserta pengerjaan dan remedialnya',
        security: bearer,
        params: idParams,
        response: ok,
      },
    },
    async (request) => {
      await deleteExam(app.db, request.actor, examResource.of(request));
      return { data: {} };
    },
  );
};
