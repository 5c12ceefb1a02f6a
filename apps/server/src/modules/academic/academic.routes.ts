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
import { roles } from '@lms/contract/role.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError } from '../../platform/app-error.ts';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import { onResource, operatorOnly, signedIn } from '../../platform/route-access.ts';
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
import { courseResource } from './academic.resource.ts';

const bearer = [{ bearer: [] }];
const tags = ['academic'];

/** Course info, syllabus, learning plan (RPS), evaluation plan, campuses, and the reference lists of the filters. */
export const academicRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const course = { roles, resource: { kind: 'course', param: 'courseId' } } as const;
  const editsCoursePlans = { ...operatorOnly('data_master', 'write'), resource: course.resource };

  app.get(
    '/v2/academic/makul/:courseId/rencana-pembelajaran',
    {
      config: { access: course },
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
    async (request) => ({ data: await getLearningPlan(app.db, request.actor, courseResource.of(request)) }),
  );

  app.put(
    '/v2/academic/makul/:courseId/rencana-pembelajaran',
    {
      config: { access: editsCoursePlans },
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
      data: await saveLearningPlan(app.db, request, courseResource.of(request), request.body),
    }),
  );

  app.get(
    '/v2/academic/makul/:courseId/rencana-evaluasi',
    {
      config: { access: course },
      schema: {
        tags,
        summary: 'Rencana evaluasi: komponen nilai dan bobot',
        security: bearer,
        params: courseIdParamsSchema,
        response: { 200: evaluationPlanResponseSchema },
      },
    },
    async (request) => ({ data: await getEvaluationPlan(app.db, request.actor, courseResource.of(request)) }),
  );

  app.put(
    '/v2/academic/makul/:courseId/rencana-evaluasi',
    {
      config: { access: editsCoursePlans },
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
      data: await saveEvaluationPlan(app.db, request, courseResource.of(request), request.body),
    }),
  );

  app.get(
    '/v2/academic/matakuliah/:courseId',
    {
      config: { access: course },
      schema: {
        tags,
        summary: 'Info mata kuliah: koordinator, pengembang RPS, silabus',
        security: bearer,
        params: courseIdParamsSchema,
        response: { 200: courseInfoResponseSchema },
      },
    },
    async (request) => ({ data: getCourseInfo(request.actor, courseResource.of(request)) }),
  );

  app.put(
    '/v2/academic/matakuliah/:courseId/silabus',
    {
      config: { access: onResource('course', 'courseId', 'data_master', 'write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Ubah silabus: teks dan berkas file_silabus (PDF/DOC/DOCX), multipart atau JSON',
        consumes: ['multipart/form-data', 'application/json'],
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
      return { data: await saveSyllabus(app.db, app.files, request, courseResource.of(request), input) };
    },
  );

  app.get(
    '/v2/lms/kampus',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Daftar kampus perguruan tinggi (pilihan kampus pada Ubah Data Kelas)',
        security: bearer,
        response: { 200: campusListResponseSchema },
      },
    },
    async (request) => ({ data: await listCampuses(app.db, request.actor) }),
  );

  const refs = [
    ['/v1/makul_ref', 'Daftar mata kuliah', courseRefListResponseSchema, listCourseRefs],
    ['/v1/prodi_ref', 'Daftar program studi', studyProgramRefListResponseSchema, listStudyProgramRefs],
    ['/v1/periode_ref', 'Daftar periode akademik', periodRefListResponseSchema, listPeriodRefs],
    [
      '/v1/label_kelas_ref',
      'Daftar label (nama) kelas yang dipakai',
      classValueRefListResponseSchema,
      (db: Db, actor: Actor, query: ReferenceQuery) => listClassValueRefs(db, actor, 'nama', query),
    ],
    [
      '/v1/jenis_kelas_ref',
      'Daftar jenis kelas yang dipakai',
      classValueRefListResponseSchema,
      (db: Db, actor: Actor, query: ReferenceQuery) => listClassValueRefs(db, actor, 'jenis', query),
    ],
  ] as const;
  for (const [url, summary, response, list] of refs) {
    app.get(
      url,
      {
        config: { access: signedIn },
        schema: {
          tags,
          summary,
          security: bearer,
          querystring: referenceQuerySchema,
          response: { 200: response },
        },
      },
      async (request) => list(app.db, request.actor, request.query),
    );
  }
};
