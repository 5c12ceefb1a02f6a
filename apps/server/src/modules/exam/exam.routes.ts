import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@lms/contract/api-envelope.schema';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import {
  answerInputSchema,
  answerSavedSchema,
  attemptResponseSchema,
  attemptSchema,
  examContentResponseSchema,
  examCopyQuerySchema,
  examCopySchema,
  examInputSchema,
  examListQuerySchema,
  examListResponseSchema,
  examPageSchema,
  examPreviewResponseSchema,
  examResponseSchema,
  groupInputSchema,
  groupResponseSchema,
  leaveInputSchema,
  questionInputSchema,
  reorderSchema,
} from '@lms/contract/exam.schema';
import { meetingIdParamsSchema } from '@lms/contract/meeting.schema';
import { onResource, signedIn, type RouteAccess } from '../../platform/route-access.ts';
import { examAutoSubmitJob } from './exam-auto-submit.job.ts';
import { attemptFactsDrain, examAttemptFactsJob } from './exam-attempt-facts.job.ts';
import { saveAnswerFast } from './exam-answer-save.service.ts';
import {
  copyExam,
  createExam,
  createGroup,
  createQuestion,
  deleteExam,
  deleteGroup,
  deleteQuestion,
  examRescoreJobName,
  getExam,
  getExamContent,
  listCopyableExams,
  listExams,
  listMeetingExams,
  previewExam,
  reorderGroups,
  reorderQuestions,
  updateExam,
  updateGroup,
  updateQuestion,
} from './exam.service.ts';
import { getMyAttempt, recordLeave, startAttemptFast, submitAttempt } from './exam-attempt.service.ts';
import { provideMeetingPageParts } from '../meeting/meeting.api.ts';
import { countMeetingExamsListed } from './exam.api.ts';

const bearer = [{ bearer: [] }];
const tags = ['ujian'];
const idParams = z.object({ id: z.uuid() });
const groupParams = idParams.extend({ groupId: z.uuid() });
const questionParams = groupParams.extend({ questionId: z.uuid() });
const answerParams = idParams.extend({ soalId: z.uuid() });

const editors: RouteAccess = { roles: ['dosen', 'operator'], area: 'kelas_kuliah', level: 'write' };
/** Reading an exam: its class's students and lecturers, operators with read. */
const onExam = (level: 'read' | 'write', roles?: RouteAccess['roles']) =>
  onResource('exam', 'id', 'kelas_kuliah', level, roles);
/** Building, results and grading: the class's lecturers and operators with write. */
const examEditors = onExam('write', ['dosen', 'operator']);
/** Taking: the class's students only (never an acting session; the service refuses those). */
const examTakers = onExam('read', ['mahasiswa']);
const onAttempt = (level: 'read' | 'write', roles: RouteAccess['roles']) =>
  onResource('exam_attempt', 'id', 'kelas_kuliah', level, roles);

/** Quizzes and exams (spec 3 §7 "Exams"): forms, content, taking and grading. */
export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  // The meeting page's Kuis/Ujian count is what this area's list shows.
  provideMeetingPageParts({ examsListed: countMeetingExamsListed });
  app.jobs.define(examAutoSubmitJob(app));
  app.jobs.define(examAttemptFactsJob(app));
  const requestAttemptFacts = attemptFactsDrain(app);
  const ok = { 200: acknowledgedResponseSchema };
  /** After a question changed: finished attempts are scored again soon (the minute sweep is the fallback). */
  const queueRescore = () =>
    app.jobs
      .send(examRescoreJobName)
      .catch((error: unknown) => app.log.warn({ err: error }, 'rescore not queued'));

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
      config: { access: onExam('read') },
      schema: {
        tags,
        summary: 'Detail kuis/ujian',
        security: bearer,
        params: idParams,
        response: { 200: examResponseSchema },
      },
    },
    async (request) => ({ data: await getExam(app.db, request.actor, request.college, request.params.id) }),
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
      data: await updateExam(app.db, request.actor, request.college, request.params.id, request.body),
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
      await deleteExam(app.db, request.actor, request.college, request.params.id);
      return { data: {} };
    },
  );

  // Content: groups and questions.

  app.get(
    '/v2/lms/ujian/:id/kelompok_soal',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Kelompok soal dan soal beserta kunci jawaban',
        security: bearer,
        params: idParams,
        response: { 200: examContentResponseSchema },
      },
    },
    async (request) => ({
      data: {
        kelompok_soal: await getExamContent(app.db, request.actor, request.college, request.params.id),
      },
    }),
  );

  app.get(
    '/v2/lms/ujian/:id/pratinjau',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary:
          'Pratinjau: soal yang didapat mahasiswa saat mulai, diundi dengan aturan kelompok (acak tiap panggilan); tidak disimpan',
        security: bearer,
        params: idParams,
        response: { 200: examPreviewResponseSchema },
      },
    },
    async (request) => ({
      data: await previewExam(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.post(
    '/v2/lms/ujian/:id/kelompok_soal',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Tambah kelompok soal (aturan semua, random, sebagian)',
        security: bearer,
        params: idParams,
        body: groupInputSchema,
        response: { 200: groupResponseSchema },
      },
    },
    async (request) => ({
      data: await createGroup(app.db, request.actor, request.college, request.params.id, request.body),
    }),
  );

  app.put(
    '/v2/lms/ujian/:id/kelompok_soal/urutan',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Urutan kelompok soal',
        security: bearer,
        params: idParams,
        body: reorderSchema,
        response: { 200: examContentResponseSchema },
      },
    },
    async (request) => ({
      data: {
        kelompok_soal: await reorderGroups(
          app.db,
          request.actor,
          request.college,
          request.params.id,
          request.body.urutan,
        ),
      },
    }),
  );

  app.put(
    '/v2/lms/ujian/:id/kelompok_soal/:groupId',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Ubah kelompok soal',
        security: bearer,
        params: groupParams,
        body: groupInputSchema,
        response: { 200: groupResponseSchema },
      },
    },
    async (request) => ({
      data: await updateGroup(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.groupId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/v2/lms/ujian/:id/kelompok_soal/:groupId',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Hapus kelompok soal beserta soalnya',
        security: bearer,
        params: groupParams,
        response: ok,
      },
    },
    async (request) => {
      await deleteGroup(app.db, request.actor, request.college, request.params.id, request.params.groupId);
      return { data: {} };
    },
  );

  app.post(
    '/v2/lms/ujian/:id/kelompok_soal/:groupId/soal',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Tambah soal (pilihan, benar_salah, esay)',
        security: bearer,
        params: groupParams,
        body: questionInputSchema,
        response: { 200: groupResponseSchema },
      },
    },
    async (request) => ({
      data: await createQuestion(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.groupId,
        request.body,
      ),
    }),
  );

  app.put(
    '/v2/lms/ujian/:id/kelompok_soal/:groupId/soal/urutan',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Urutan soal dalam kelompok',
        security: bearer,
        params: groupParams,
        body: reorderSchema,
        response: { 200: groupResponseSchema },
      },
    },
    async (request) => ({
      data: await reorderQuestions(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.groupId,
        request.body.urutan,
      ),
    }),
  );

  app.put(
    '/v2/lms/ujian/:id/kelompok_soal/:groupId/soal/:questionId',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Ubah soal',
        security: bearer,
        params: questionParams,
        body: questionInputSchema,
        response: { 200: groupResponseSchema },
      },
    },
    async (request) => {
      const group = await updateQuestion(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.groupId,
        request.params.questionId,
        request.body,
      );
      await queueRescore();
      return { data: group };
    },
  );

  app.delete(
    '/v2/lms/ujian/:id/kelompok_soal/:groupId/soal/:questionId',
    {
      config: { access: examEditors },
      schema: { tags, summary: 'Hapus soal', security: bearer, params: questionParams, response: ok },
    },
    async (request) => {
      await deleteQuestion(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.groupId,
        request.params.questionId,
      );
      await queueRescore();
      return { data: {} };
    },
  );

  // Taking.

  app.post(
    '/v2/lms/ujian/:id/pengerjaan/start',
    {
      config: { access: examTakers },
      schema: {
        tags,
        summary: 'Mulai (atau lanjutkan) pengerjaan: batas waktu dan susunan soal ditetapkan server',
        security: bearer,
        params: idParams,
        response: { 200: attemptResponseSchema },
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
      config: { access: examTakers },
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
      config: { access: onAttempt('read', ['mahasiswa']) },
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
        request.params.id,
        request.params.soalId,
        request.body,
      ),
    }),
  );

  app.post(
    '/v2/lms/pengerjaan/:id/selesai',
    {
      config: { access: onAttempt('read', ['mahasiswa']) },
      schema: {
        tags,
        summary: 'Selesaikan pengerjaan (jawaban tersimpan dinilai)',
        security: bearer,
        params: idParams,
        response: { 200: attemptResponseSchema },
      },
    },
    async (request) => ({
      data: await submitAttempt(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.post(
    '/v2/lms/pengerjaan/:id/keluar',
    {
      config: { access: onAttempt('read', ['mahasiswa']) },
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
      await recordLeave(app.db, request.actor, request.college, request.params.id, request.body.jenis);
      return { data: {} };
    },
  );
};
