import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import { storagerDeleteQuerySchema, storagerUploadedSchema } from '@lms/contract/question-bank.schema';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import type { RouteAccess } from '../../platform/route-access.ts';
import { fileSweepJob } from './file-sweep.job.ts';
import { deleteImage, storagerLimit, uploadImage } from './storager.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['storager'];
/** Question editors: lecturers, and operators who write banks or classes (exams). */
const editors: RouteAccess = {
  roles: ['dosen', 'operator'],
  area: ['bank_soal', 'kelas_kuliah'],
  level: 'write',
};

/** Option images of questions (spec 3 §7): upload and remove. */
export const storagerRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  // The store's garbage collection: files of every area, kept while any row names them.
  app.jobs.define(fileSweepJob(app));

  app.post(
    '/v2/storager',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Unggah gambar pilihan jawaban (multipart: file, service_id=lms, dir=bank_soal|ujian)',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: storagerUploadedSchema },
      },
    },
    async (request) => {
      // The size limit depends on the folder, which arrives in the same form: read with the larger one.
      const limit = Math.max(
        storagerLimit(request.college, 'bank_soal').maxBytes,
        storagerLimit(request.college, 'ujian').maxBytes,
      );
      const form = await readMultipartForm(request, {
        fileField: 'file',
        maxBytes: limit,
        tooLarge: storagerLimit(request.college, 'bank_soal').tooLarge,
      });
      const own = form.fields.dir
        ? storagerLimit(request.college, form.fields.dir.startsWith('ujian') ? 'ujian' : 'bank_soal')
        : null;
      if (own && form.file && form.file.size > own.maxBytes) throw own.tooLarge;
      return { data: await uploadImage(app.db, app.files, request.actor, form) };
    },
  );

  app.delete(
    '/v2/storager',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Hapus gambar yang diunggah (hanya pengunggah atau operator dengan Update)',
        security: bearer,
        querystring: storagerDeleteQuerySchema,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      await deleteImage(app.db, app.files, request.actor, request.query.url);
      return { data: {} };
    },
  );
};
