import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerFilesResponseSchema,
  examQuestionFilesDeleteSchema,
  examQuestionFilesResponseSchema,
} from '@lms/contract/exam-files.schema';
import { fileKeyPattern } from '../../platform/file-storage.ts';
import { sendStoredFile } from '../../platform/files.routes.ts';
import { registerMultipart } from '../../platform/multipart-form.ts';
import { onResource } from '../../platform/route-access.ts';
import { attemptResource } from '../exam-run/exam-run.api.ts';
import { examAnswerFilesPrivateJob } from './exam-answer-files-private.job.ts';
import {
  addExamQuestionFiles,
  getAnswerFileKey,
  removeAnswerFiles,
  removeExamQuestionFiles,
  replaceAnswerFiles,
} from './exam-files.service.ts';
import { attachmentLimits, readQuestionFiles } from './question-files.ts';

const bearer = [{ bearer: [] }];
const tags = ['ujian'];
const questionParams = z.object({ id: z.uuid(), soalId: z.uuid() });
/** Building: the class's lecturers and operators with write. */
const examEditors = onResource('exam', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']);
/** Answering: the attempt's own student (anyone else's is 404 to them: attemptResource). */
const attemptOwner = onResource('exam_attempt', 'id', 'kelas_kuliah', 'read', ['mahasiswa']);
/** An answer's files: its student, the class's lecturers and operators with read (attemptResource). */
const attemptReaders = onResource('exam_attempt', 'id', 'kelas_kuliah', 'read', [
  'mahasiswa',
  'dosen',
  'operator',
]);

/** Files on exam questions: the question's and key's attachments, and essay answer files. */
export const examFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);

  // Answer files stored public before they were private are marked by a one-time job.
  app.jobs.define(examAnswerFilesPrivateJob(app));

  app.get(
    '/v2/lms/pengerjaan/:id/jawaban/:soalId/files/:key',
    {
      config: { access: attemptReaders },
      // Uploaded files are compressed already, and byte ranges count bytes of the file as stored.
      compress: false,
      schema: {
        tags,
        summary: 'Berkas lampiran jawaban esai (mahasiswa pemiliknya, pengajar kelas, operator)',
        security: bearer,
        // The store's key form (isValidFileKey): anything else is not a file of ours.
        params: questionParams.extend({ key: z.string().regex(fileKeyPattern) }),
        querystring: z.object({ download: z.enum(['1']).optional() }),
      },
    },
    async (request, reply) => {
      const { soalId, key } = request.params;
      const attempt = attemptResource.of(request);
      const fileKey = await getAnswerFileKey(app.db, request.actor, request.college, attempt, soalId, key);
      return sendStoredFile(app.files, request, reply, fileKey, {
        allowPrivate: true,
        download: request.query.download === '1',
        cacheControl: 'private, no-store',
      });
    },
  );

  app.put(
    '/v2/lms/ujian/:id/soal/:soalId/files',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary:
          'Lampiran soal (files, soal_ujian) dan kunci esai (files_kunci, kunci_ujian, tanpa audio/video)',
        consumes: ['multipart/form-data'],
        security: bearer,
        params: questionParams,
        response: { 200: examQuestionFilesResponseSchema },
      },
    },
    async (request) => {
      const uploads = await readQuestionFiles(request, attachmentLimits(request.college, 'ujian'));
      return {
        data: await addExamQuestionFiles(
          app.db,
          app.files,
          request.actor,
          request.college,
          request.params.id,
          request.params.soalId,
          uploads,
        ),
      };
    },
  );

  app.post(
    '/v2/lms/ujian/:id/soal/:soalId/files/hapus',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Hapus lampiran soal/kunci (soal_files_delete, kunci_files_delete: url lampiran)',
        security: bearer,
        params: questionParams,
        body: examQuestionFilesDeleteSchema,
        response: { 200: examQuestionFilesResponseSchema },
      },
    },
    async (request) => ({
      data: await removeExamQuestionFiles(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.soalId,
        request.body,
      ),
    }),
  );

  app.put(
    '/v2/lms/pengerjaan/:id/jawaban/:soalId/files',
    {
      config: { access: attemptOwner },
      schema: {
        tags,
        summary:
          'Lampiran jawaban esai (files, jawaban_ujian; menggantikan yang lama); ditolak setelah batas waktu',
        consumes: ['multipart/form-data'],
        security: bearer,
        params: questionParams,
        response: { 200: answerFilesResponseSchema },
      },
    },
    async (request) => ({
      data: await replaceAnswerFiles(
        app.db,
        app.files,
        request.actor,
        request.college,
        request,
        attemptResource.of(request).attempt,
        request.params.soalId,
      ),
    }),
  );

  app.delete(
    '/v2/lms/pengerjaan/:id/jawaban/:soalId/files',
    {
      config: { critical: true, access: attemptOwner },
      schema: {
        tags,
        summary: 'Hapus lampiran jawaban esai; ditolak setelah batas waktu',
        security: bearer,
        params: questionParams,
        response: { 200: answerFilesResponseSchema },
      },
    },
    async (request) => ({
      data: await removeAnswerFiles(
        app.db,
        request.actor,
        request.college,
        attemptResource.of(request).attempt,
        request.params.soalId,
      ),
    }),
  );
};
