import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import {
  answerStatsResponseSchema,
  attemptListQuerySchema,
  attemptPageSchema,
  attemptResponseSchema,
  calculationStatusSchema,
  deductionInputSchema,
  examResponseSchema,
  extensionInputSchema,
  markInputSchema,
  noAttemptListResponseSchema,
  publishInputSchema,
} from '@lms/contract/exam.schema';
import { onResource } from '../../platform/route-access.ts';
import { attemptResource } from '../exam-run/exam-run.api.ts';
import { examRescoreJob } from './exam-rescore.job.ts';
import { exportAttempts } from './exam-export.service.ts';
import {
  answerStats,
  calculationStatus,
  clearLecturerMark,
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
import { sendDownload, xlsxContentType } from '../../platform/download-reply.ts';

const bearer = [{ bearer: [] }];
const tags = ['ujian'];
const idParams = z.object({ id: z.uuid() });
const studentParams = idParams.extend({ studentId: z.uuid() });
const markParams = studentParams.extend({ groupId: z.uuid(), questionId: z.uuid() });

/** Results and grading: the class's lecturers and operators with write. */
const examEditors = onResource('exam', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']);
const attemptEditors = onResource('exam_attempt', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']);

/** An exam's results (spec 3 §7 "Exams"): attempts, marks, deductions, publishing, extensions, the export. */
export const examGradingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(examRescoreJob(app));
  const ok = { 200: acknowledgedResponseSchema };

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
      return sendDownload(reply, { fileName, contentType: xlsxContentType, body: buffer });
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
        summary:
          'Nilai satu soal (bilangan bulat 0–100); pada soal bernilai otomatis menggantikan nilai otomatis',
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

  app.delete(
    '/v2/lms/ujian/:id/pengerjaan/:studentId/kelompok_soal/:groupId/soal/:questionId/nilai',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Kembalikan nilai soal ke nilai otomatis (hapus nilai dosen; bukan untuk esai)',
        security: bearer,
        params: markParams,
        response: { 200: attemptResponseSchema },
      },
    },
    async (request) => ({
      data: await clearLecturerMark(app.db, request.actor, request.college, request.params),
    }),
  );

  app.put(
    '/v2/lms/pengerjaan/:id/pengurangan_nilai',
    {
      config: { access: attemptEditors },
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
      data: await setDeduction(app.db, request.actor, attemptResource.of(request), request.body.nilai),
    }),
  );

  app.delete(
    '/v2/lms/pengerjaan/:id',
    {
      config: { access: attemptEditors },
      schema: {
        tags,
        summary: 'Reset pengerjaan mahasiswa',
        security: bearer,
        params: idParams,
        response: ok,
      },
    },
    async (request) => {
      await resetAttempt(app.db, request.actor, attemptResource.of(request));
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
      config: { access: attemptEditors },
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
      data: await extendAttempt(app.db, request.actor, attemptResource.of(request), request.body.menit),
    }),
  );
};
