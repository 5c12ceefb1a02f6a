import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import {
  examContentResponseSchema,
  examPreviewResponseSchema,
  groupInputSchema,
  groupResponseSchema,
  questionInputSchema,
  reorderSchema,
} from '@lms/contract/exam.schema';
import { onResource } from '../../platform/route-access.ts';
import {
  createGroup,
  createQuestion,
  deleteGroup,
  deleteQuestion,
  examRescoreJobName,
  getExamContent,
  previewExam,
  reorderGroups,
  reorderQuestions,
  updateGroup,
  updateQuestion,
} from './exam-content.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['ujian'];
const idParams = z.object({ id: z.uuid() });
const groupParams = idParams.extend({ groupId: z.uuid() });
const questionParams = groupParams.extend({ questionId: z.uuid() });

/** Building: the class's lecturers and operators with write. */
const examEditors = onResource('exam', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']);

/** An exam's content (spec 3 §5): question groups and questions, their order, the preview. */
export const examContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ok = { 200: acknowledgedResponseSchema };
  /** After a question changed: finished attempts are scored again soon (the minute sweep is the fallback). */
  const queueRescore = () =>
    app.jobs
      .send(examRescoreJobName)
      .catch((error: unknown) => app.log.warn({ err: error }, 'rescore not queued'));

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
        summary:
          'Tambah soal (semua jenis: pilihan, benar_salah, esay, isian_singkat, numerik, pilihan_kompleks, menjodohkan, isian_rumpang)',
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
};
