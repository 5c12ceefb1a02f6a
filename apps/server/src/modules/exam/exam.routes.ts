import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@lms/contract/api-envelope.schema';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import {
  answerInputSchema,
  answerSavedSchema,
  answerStatsResponseSchema,
  attemptListQuerySchema,
  attemptPageSchema,
  attemptResponseSchema,
  attemptSchema,
  calculationStatusSchema,
  deductionInputSchema,
  examContentResponseSchema,
  examCopyQuerySchema,
  examCopySchema,
  examInputSchema,
  examListQuerySchema,
  examListResponseSchema,
  examPageSchema,
  examPreviewResponseSchema,
  examResponseSchema,
  extensionInputSchema,
  groupInputSchema,
  groupResponseSchema,
  leaveInputSchema,
  markInputSchema,
  noAttemptListResponseSchema,
  publishInputSchema,
  questionInputSchema,
  reorderSchema,
} from '@lms/contract/exam.schema';
import { meetingIdParamsSchema } from '@lms/contract/meeting.schema';
import { onResource, signedIn, type RouteAccess } from '../../platform/route-access.ts';
import { examAutoSubmitJob } from './exam-auto-submit.job.ts';
import { examRescoreJob, examRescoreJobName } from './exam-rescore.job.ts';
import { attemptFactsDrain, examAttemptFactsJob } from './exam-attempt-facts.job.ts';
import { saveAnswerFast } from './exam-answer-save.service.ts';
import { exportAttempts } from './exam-export.service.ts';
import {
  examStreamKey,
  copyExam,
  createExam,
  createGroup,
  createQuestion,
  deleteExam,
  deleteGroup,
  deleteQuestion,
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
import {
  answerStats,
  assertCanFollowExam,
  calculationStatus,
  extendAttempt,
  extendExam,
  getStudentAttempt,
  listAttempts,
  listStudentsWithoutAttempt,
  markAnswer,
  publishScores,
  resetAttempt,
  setDeduction,
} from './exam-grading.service.ts';
import { provideMeetingPageParts } from '../meeting/meeting.api.ts';
import { countMeetingExamsListed } from './exam.api.ts';

const bearer = [{ bearer: [] }];
const tags = ['ujian'];
const idParams = z.object({ id: z.uuid() });
const groupParams = idParams.extend({ groupId: z.uuid() });
const questionParams = groupParams.extend({ questionId: z.uuid() });
const studentParams = idParams.extend({ studentId: z.uuid() });
const markParams = studentParams.extend({ groupId: z.uuid(), questionId: z.uuid() });
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
  app.jobs.define(examRescoreJob(app));
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

  // Results and grading.

  app.get(
    '/v2/lms/ujian/:id/pengerjaan',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Daftar pengerjaan',
        security: bearer,
        params: idParams,
        querystring: attemptListQuerySchema,
        response: { 200: attemptPageSchema },
      },
    },
    async (request) => listAttempts(app.db, request.actor, request.college, request.params.id, request.query),
  );

  app.get(
    '/v2/lms/ujian/:id/pengerjaan/no_pengerjaan',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Peserta yang belum mengerjakan',
        security: bearer,
        params: idParams,
        response: { 200: noAttemptListResponseSchema },
      },
    },
    async (request) => ({
      data: await listStudentsWithoutAttempt(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    '/v2/lms/ujian/:id/pengerjaan/jawaban_stats',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Statistik jawaban per soal',
        security: bearer,
        params: idParams,
        response: { 200: answerStatsResponseSchema },
      },
    },
    async (request) => ({
      data: await answerStats(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    '/v2/lms/ujian/:id/pengerjaan/export_excel',
    {
      config: { access: examEditors },
      schema: { tags, summary: 'Ekspor pengerjaan ke Excel (xlsx)', security: bearer, params: idParams },
    },
    async (request, reply) => {
      const { fileName, buffer } = await exportAttempts(
        app.db,
        request.actor,
        request.college,
        request.params.id,
      );
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(buffer);
    },
  );

  app.get(
    '/v2/lms/ujian/:id/perhitungan_nilai',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Status perhitungan nilai',
        security: bearer,
        params: idParams,
        response: { 200: calculationStatusSchema },
      },
    },
    async (request) => ({
      data: await calculationStatus(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    '/v2/lms/ujian/:id/pengerjaan/:studentId',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Pengerjaan seorang mahasiswa dengan jawaban, kunci dan nilai',
        security: bearer,
        params: studentParams,
        response: { 200: attemptResponseSchema },
      },
    },
    async (request) => ({
      data: await getStudentAttempt(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.studentId,
      ),
    }),
  );

  app.get(
    '/v2/lms/ujian/:id/pengerjaan/:studentId/perhitungan_nilai',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Status perhitungan nilai pengerjaan',
        security: bearer,
        params: studentParams,
        response: { 200: calculationStatusSchema },
      },
    },
    async (request) => ({
      data: await calculationStatus(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.put(
    '/v2/lms/ujian/:id/pengerjaan/:studentId/kelompok_soal/:groupId/soal/:questionId/nilai',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Nilai satu soal (bilangan bulat 0–100)',
        security: bearer,
        params: markParams,
        body: markInputSchema,
        response: { 200: attemptResponseSchema },
      },
    },
    async (request) => ({
      data: await markAnswer(app.db, request.actor, request.college, request.params, request.body.nilai),
    }),
  );

  app.put(
    '/v2/lms/pengerjaan/:id/pengurangan_nilai',
    {
      config: { access: onAttempt('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Pengurangan nilai pengerjaan (2 desimal)',
        security: bearer,
        params: idParams,
        body: deductionInputSchema,
        response: { 200: attemptResponseSchema },
      },
    },
    async (request) => ({
      data: await setDeduction(app.db, request.actor, request.college, request.params.id, request.body.nilai),
    }),
  );

  app.delete(
    '/v2/lms/pengerjaan/:id',
    {
      config: { access: onAttempt('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Reset pengerjaan mahasiswa',
        security: bearer,
        params: idParams,
        response: ok,
      },
    },
    async (request) => {
      await resetAttempt(app.db, request.actor, request.college, request.params.id);
      return { data: {} };
    },
  );

  app.put(
    '/v2/lms/ujian/:id/nilai_publishing',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Publikasikan atau sembunyikan nilai',
        security: bearer,
        params: idParams,
        body: publishInputSchema,
        response: { 200: examResponseSchema },
      },
    },
    async (request) => ({
      data: await publishScores(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.body.is_tampilkan_nilai,
      ),
    }),
  );

  app.put(
    '/v2/lms/ujian/:id/perpanjang',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Perpanjang kuis/ujian: waktu selesai dan semua pengerjaan terbuka (event time_changed)',
        security: bearer,
        params: idParams,
        body: extensionInputSchema,
        response: { 200: examResponseSchema },
      },
    },
    async (request) => ({
      data: await extendExam(app.db, request.actor, request.college, request.params.id, request.body.menit),
    }),
  );

  app.put(
    '/v2/lms/pengerjaan/:id/perpanjang',
    {
      config: { access: onAttempt('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Perpanjang satu pengerjaan yang masih terbuka (event time_changed)',
        security: bearer,
        params: idParams,
        body: extensionInputSchema,
        response: { 200: attemptResponseSchema },
      },
    },
    async (request) => ({
      data: await extendAttempt(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.body.menit,
      ),
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
