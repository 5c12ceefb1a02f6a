import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import { questionResponseSchema } from '@lms/contract/exam.schema';
import {
  bankDetailQuerySchema,
  bankDetailResponseSchema,
  bankInputSchema,
  bankListQuerySchema,
  bankPageSchema,
  bankQuestionCreatedSchema,
  bankQuestionInputSchema,
  copiedResponseSchema,
  copyFromExamSchema,
  courseRefListSchema,
  courseRefQuerySchema,
  lecturerRefListSchema,
  takeFromBankSchema,
  teachingPeriodListSchema,
} from '@lms/contract/question-bank.schema';
import { registerMultipart } from '../../platform/multipart-form.ts';
import { onResource, type RouteAccess } from '../../platform/route-access.ts';
import { lecturerResource } from '../user/user.api.ts';
import { bankResource } from './question-bank.resource.ts';
import { readQuestionAttachments } from '../exam-files/exam-files.api.ts';
import {
  addBankQuestionFiles,
  copyFromExam,
  createBank,
  createBankQuestion,
  deleteBank,
  deleteBankQuestion,
  downloadBankPdf,
  duplicateBank,
  getBank,
  listBanks,
  listCourseRefs,
  listLecturerRefs,
  listTeachingPeriods,
  takeFromBank,
  updateBank,
  updateBankQuestion,
} from './question-bank.service.ts';
import { sendDownload } from '../../platform/download-reply.ts';

const bearer = [{ bearer: [] }];
const tags = ['bank soal'];
const staff = ['dosen', 'operator'] as const;
const idParams = z.object({ id: z.uuid() });
const questionParams = z.object({ id: z.uuid(), soalId: z.uuid() });

/** Lecturers by relation (owner, or a teacher of the course for shown banks); operators by level on bank_soal. */
const onBank = (level: 'read' | 'write') => onResource('question-bank', 'id', 'bank_soal', level, staff);

/** The question bank (spec 3 §2, §3, §5, §7): banks, questions with attachments, copy, download. */
export const questionBankRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);

  app.get(
    '/v2/lms/bank_soal',
    {
      config: { access: { roles: staff, area: 'bank_soal', level: 'read' } },
      schema: {
        tags,
        summary: 'Daftar bank soal (dosen: miliknya dan yang ditampilkan pada mata kuliah yang diajar)',
        security: bearer,
        querystring: bankListQuerySchema,
        response: { 200: bankPageSchema },
      },
    },
    async (request) => listBanks(app.db, request.actor, request.query),
  );

  app.post(
    '/v2/lms/bank_soal',
    {
      config: { access: { roles: staff, area: 'bank_soal', level: 'write' } },
      schema: {
        tags,
        summary: 'Tambah bank soal',
        security: bearer,
        body: bankInputSchema,
        response: { 200: bankDetailResponseSchema },
      },
    },
    async (request) => ({ data: await createBank(app.db, request.actor, request.body) }),
  );

  app.get(
    '/v2/lms/bank_soal/dosen_ref',
    {
      config: { access: { roles: ['operator'], area: 'bank_soal', level: 'write' } },
      schema: {
        tags,
        summary: 'Dosen untuk formulir bank soal operator',
        security: bearer,
        response: { 200: lecturerRefListSchema },
      },
    },
    async (request) => ({ data: await listLecturerRefs(app.db, request.actor) }),
  );

  app.get(
    '/v2/lms/bank_soal/:id',
    {
      config: { access: onBank('read') },
      schema: {
        tags,
        summary: 'Detail bank soal dengan satu halaman list_soal (cari di teks soal)',
        security: bearer,
        params: idParams,
        querystring: bankDetailQuerySchema,
        response: { 200: bankDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await getBank(app.db, request.actor, bankResource.of(request), request.query),
    }),
  );

  app.put(
    '/v2/lms/bank_soal/:id',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary: 'Ubah bank soal (pemilik atau operator dengan Update pada bank_soal)',
        security: bearer,
        params: idParams,
        body: bankInputSchema,
        response: { 200: bankDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await updateBank(app.db, request.actor, bankResource.of(request), request.body),
    }),
  );

  app.delete(
    '/v2/lms/bank_soal/:id',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary: 'Hapus bank soal beserta soalnya',
        security: bearer,
        params: idParams,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      await deleteBank(app.db, request.actor, bankResource.of(request));
      return { data: {} };
    },
  );

  app.post(
    '/v2/lms/bank_soal/:id/duplikat',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary: 'Duplikat bank soal (dengan semua soalnya) menjadi bank baru milik pemanggil',
        security: bearer,
        params: idParams,
        body: bankInputSchema,
        response: { 200: bankDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await duplicateBank(app.db, request.actor, bankResource.of(request), request.body),
    }),
  );

  app.get(
    '/v2/lms/bank_soal/:id/unduh',
    {
      config: { access: onBank('read') },
      schema: {
        tags,
        summary: 'Unduh bank soal sebagai PDF (Bank Soal - {judul}, letter, margin 1 inci)',
        security: bearer,
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await downloadBankPdf(app.db, app.files, request.actor, bankResource.of(request));
      return sendDownload(reply, {
        fileName: file.fileName,
        contentType: 'application/pdf',
        body: file.body,
      });
    },
  );

  app.post(
    '/v2/lms/bank_soal/:id/soal',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary: 'Tambah soal (paling banyak 100 per bank); menjawab id soal baru',
        security: bearer,
        params: idParams,
        body: bankQuestionInputSchema,
        response: { 200: bankQuestionCreatedSchema },
      },
    },
    async (request) => ({
      data: await createBankQuestion(app.db, request.actor, bankResource.of(request), request.body),
    }),
  );

  app.put(
    '/v2/lms/bank_soal/:id/soal/:soalId',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary: 'Ubah soal (soal_files_delete, kunci_files_delete menghapus lampiran)',
        security: bearer,
        params: questionParams,
        body: bankQuestionInputSchema,
        response: { 200: questionResponseSchema },
      },
    },
    async (request) => ({
      data: await updateBankQuestion(
        app.db,
        request.actor,
        bankResource.of(request),
        request.params.soalId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/v2/lms/bank_soal/:id/soal/:soalId',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary: 'Hapus soal',
        security: bearer,
        params: questionParams,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      await deleteBankQuestion(app.db, request.actor, bankResource.of(request), request.params.soalId);
      return { data: {} };
    },
  );

  app.put(
    '/v2/lms/bank_soal/:id/soal/:soalId/files',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary: 'Lampiran soal (files) dan kunci esai (files_kunci, tanpa audio/video), multipart',
        consumes: ['multipart/form-data'],
        security: bearer,
        params: questionParams,
        response: { 200: questionResponseSchema },
      },
    },
    async (request) => {
      const uploads = await readQuestionAttachments(request, 'bank_soal');
      return {
        data: await addBankQuestionFiles(
          app.db,
          app.files,
          request.actor,
          bankResource.of(request),
          request.params.soalId,
          uploads,
        ),
      };
    },
  );

  app.post(
    '/v2/lms/bank_soal/:id/salin_ujian',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary: 'Salin soal dari kuis/ujian ke bank soal (id_ujian, list_id_soal)',
        security: bearer,
        params: idParams,
        body: copyFromExamSchema,
        response: { 200: copiedResponseSchema },
      },
    },
    async (request) => ({
      data: await copyFromExam(
        app.db,
        request.actor,
        request.college,
        bankResource.of(request),
        request.body,
      ),
    }),
  );

  const examEditors: RouteAccess = onResource('exam', 'id', 'kelas_kuliah', 'write', staff);
  app.post(
    '/v2/lms/ujian/:id/kelompok_soal/:groupId/soal/dari_bank',
    {
      config: { access: examEditors },
      schema: {
        tags,
        summary: 'Ambil soal dari bank soal ke kelompok soal ujian (id_bank_soal, list_id_soal)',
        security: bearer,
        params: z.object({ id: z.uuid(), groupId: z.uuid() }),
        body: takeFromBankSchema,
        response: { 200: copiedResponseSchema },
      },
    },
    async (request) => ({
      data: await takeFromBank(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.groupId,
        request.body,
      ),
    }),
  );

  app.get(
    '/v2/lms/mata_kuliah/ref',
    {
      config: { access: { roles: staff, area: ['bank_soal', 'kelas_kuliah'], level: 'read' } },
      schema: {
        tags,
        summary: 'Mata kuliah (dosen: yang diajar; operator: semua atau milik id_dosen)',
        security: bearer,
        querystring: courseRefQuerySchema,
        response: { 200: courseRefListSchema },
      },
    },
    async (request) => ({ data: await listCourseRefs(app.db, request.actor, request.query.id_dosen) }),
  );

  app.get(
    '/v1/dosen/:idDosen/periode_mengajar',
    {
      config: {
        access: {
          roles: staff,
          area: ['bank_soal', 'kelas_kuliah'],
          level: 'read',
          resource: { kind: 'lecturer', param: 'idDosen' },
        },
      },
      schema: {
        tags,
        summary: 'Periode mengajar dosen (tahun, jenisSemester, nama)',
        security: bearer,
        params: z.object({ idDosen: z.uuid() }),
        response: { 200: teachingPeriodListSchema },
      },
    },
    async (request) => ({
      data: await listTeachingPeriods(app.db, request.actor, lecturerResource.of(request)),
    }),
  );
};
