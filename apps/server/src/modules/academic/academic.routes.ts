import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campusListResponseSchema,
  classValueRefListResponseSchema,
  courseIdParamsSchema,
  courseInfoResponseSchema,
  courseRefListResponseSchema,
  evaluationPlanResponseSchema,
  evaluationPlanUpdateSchema,
  learningPlanResponseSchema,
  learningPlanUpdateSchema,
  periodRefListResponseSchema,
  referenceQuerySchema,
  studyProgramRefListResponseSchema,
  type ReferenceQuery,
} from '@lms/contract/academic.schema';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../platform/access-token.ts';
import { AppError } from '../../platform/app-error.ts';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import {
  getCourseInfo,
  getEvaluationPlan,
  getLearningPlan,
  listCampuses,
  listClassValueRefs,
  listCourseRefs,
  listPeriodRefs,
  listStudyProgramRefs,
  saveEvaluationPlan,
  saveLearningPlan,
  saveSyllabus,
  syllabusMaxBytes,
} from './academic.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['academic'];

/** Course info, syllabus, learning plan (RPS), evaluation plan, campuses, and the reference lists of the filters. */
export const academicRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const auth = { onRequest: [app.authenticate] };

  app.get(
    '/v2/academic/makul/:courseId/rencana-pembelajaran',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Rencana pembelajaran semester (RPS) per pertemuan',
        security: bearer,
        params: courseIdParamsSchema,
        // The class card sends ignore_default_pagination=true; the answer is always the whole list.
        querystring: z.object({ ignore_default_pagination: z.string().optional() }),
        response: { 200: learningPlanResponseSchema },
      },
    },
    async (request) => ({ data: await getLearningPlan(app.db, request.auth, request.params.courseId) }),
  );

  app.put(
    '/v2/academic/makul/:courseId/rencana-pembelajaran',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Ganti RPS (operator Update pada data_master)',
        security: bearer,
        params: courseIdParamsSchema,
        body: learningPlanUpdateSchema,
        response: { 200: learningPlanResponseSchema },
      },
    },
    async (request) => ({
      data: await saveLearningPlan(app.db, request.auth, request.params.courseId, request.body),
    }),
  );

  app.get(
    '/v2/academic/makul/:courseId/rencana-evaluasi',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Rencana evaluasi: komponen nilai dan bobot',
        security: bearer,
        params: courseIdParamsSchema,
        response: { 200: evaluationPlanResponseSchema },
      },
    },
    async (request) => ({ data: await getEvaluationPlan(app.db, request.auth, request.params.courseId) }),
  );

  app.put(
    '/v2/academic/makul/:courseId/rencana-evaluasi',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Ganti rencana evaluasi (operator Update pada data_master; bobot berjumlah 100)',
        security: bearer,
        params: courseIdParamsSchema,
        body: evaluationPlanUpdateSchema,
        response: { 200: evaluationPlanResponseSchema },
      },
    },
    async (request) => ({
      data: await saveEvaluationPlan(app.db, request.auth, request.params.courseId, request.body),
    }),
  );

  app.get(
    '/v2/academic/matakuliah/:courseId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Info mata kuliah: koordinator, pengembang RPS, silabus',
        security: bearer,
        params: courseIdParamsSchema,
        response: { 200: courseInfoResponseSchema },
      },
    },
    async (request) => ({ data: await getCourseInfo(app.db, request.auth, request.params.courseId) }),
  );

  app.put(
    '/v2/academic/matakuliah/:courseId/silabus',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Ubah silabus: teks dan berkas file_silabus (PDF/DOC/DOCX), multipart atau JSON',
        security: bearer,
        params: courseIdParamsSchema,
        response: { 200: courseInfoResponseSchema },
      },
    },
    async (request) => {
      let input: Parameters<typeof saveSyllabus>[4];
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, {
          fileField: 'file_silabus',
          maxBytes: syllabusMaxBytes,
          tooLarge: new AppError(413, 'file_terlalu_besar', 'Ukuran file tidak boleh lebih dari 10MB.'),
        });
        input = { fields: form.fields, file: form.file };
      } else {
        input = { fields: request.body ?? {}, file: undefined };
      }
      return { data: await saveSyllabus(app.db, app.files, request.auth, request.params.courseId, input) };
    },
  );

  app.get(
    '/v2/lms/kampus',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Daftar kampus perguruan tinggi (pilihan kampus pada Ubah Data Kelas)',
        security: bearer,
        response: { 200: campusListResponseSchema },
      },
    },
    async (request) => ({ data: await listCampuses(app.db, request.auth) }),
  );

  const refs = [
    ['/v1/makul_ref', 'Daftar mata kuliah', courseRefListResponseSchema, listCourseRefs],
    ['/v1/prodi_ref', 'Daftar program studi', studyProgramRefListResponseSchema, listStudyProgramRefs],
    ['/v1/periode_ref', 'Daftar periode akademik', periodRefListResponseSchema, listPeriodRefs],
    [
      '/v1/label_kelas_ref',
      'Daftar label (nama) kelas yang dipakai',
      classValueRefListResponseSchema,
      (db: Db, auth: AuthContext, query: ReferenceQuery) => listClassValueRefs(db, auth, 'nama', query),
    ],
    [
      '/v1/jenis_kelas_ref',
      'Daftar jenis kelas yang dipakai',
      classValueRefListResponseSchema,
      (db: Db, auth: AuthContext, query: ReferenceQuery) => listClassValueRefs(db, auth, 'jenis', query),
    ],
  ] as const;
  for (const [url, summary, response, list] of refs) {
    app.get(
      url,
      {
        ...auth,
        schema: {
          tags,
          summary,
          security: bearer,
          querystring: referenceQuerySchema,
          response: { 200: response },
        },
      },
      async (request) => list(app.db, request.auth, request.query),
    );
  }
};
