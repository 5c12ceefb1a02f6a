import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  latestSemesterImportResponseSchema,
  semesterImportLimits,
  semesterImportMessages,
  semesterImportParamsSchema,
  semesterImportResponseSchema,
  semesterImportSiakadInputSchema,
  semesterImportTemplateFileName,
  siakadSyncInputSchema,
  siakadSyncResponseSchema,
} from '@lms/contract/semester-import.schema';
import { recordRequestActivity } from '../activity-log/activity-log.api.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import { readMultipartForm, readUploadedFile, registerMultipart } from '../../platform/multipart-form.ts';
import { operatorOnly } from '../../platform/route-access.ts';
import {
  semesterImportApplyJob,
  semesterImportApplyJobName,
  semesterImportReadJob,
  semesterImportReadJobName,
  semesterSyncJob,
} from './semester-import.jobs.ts';
import { presentSemesterImport } from './semester-import.presenter.ts';
import {
  cancelSemesterImport,
  describeSummary,
  getLatestSemesterImport,
  requestSemesterImportApply,
  startSemesterImport,
  startSiakadSemesterImport,
} from './semester-import.service.ts';
import { getSiakadSync, saveSiakadSync } from './semester-sync.service.ts';
import { buildSemesterTemplate } from './semester-template.ts';
import { sendDownload, xlsxContentType } from '../../platform/download-reply.ts';

const bearer = [{ bearer: [] }];
const tags = ['muat-semester'];
const base = '/v2/lms/muat_semester';

/**
 * "Muat Semester": template, upload (a read job makes the preview), apply (a job), cancel, and the
 * daily SIAKAD sync's setting (an hourly job starts its loads).
 */
export const semesterImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(semesterImportReadJob(app));
  app.jobs.define(semesterImportApplyJob(app));
  app.jobs.define(semesterSyncJob(app));
  await registerMultipart(app);

  app.get(
    `${base}/template`,
    {
      config: { access: operatorOnly('data_master', 'read') },
      schema: { tags, summary: 'Unduh template Excel Muat Semester', security: bearer },
    },
    async (_request, reply) =>
      sendDownload(reply, {
        fileName: semesterImportTemplateFileName,
        contentType: xlsxContentType,
        body: await buildSemesterTemplate(),
      }),
  );

  app.get(
    `${base}/terakhir`,
    {
      config: { access: operatorOnly('data_master', 'read') },
      schema: {
        tags,
        summary:
          'Muat semester terakhir: status, progres, pratinjau, masalah dan penghapusan (null bila belum ada)',
        security: bearer,
        response: { 200: latestSemesterImportResponseSchema },
      },
    },
    async (request) => ({ data: await getLatestSemesterImport(app.db, request.actor) }),
  );

  app.post(
    base,
    {
      config: { access: operatorOnly('data_master', 'write') },
      schema: {
        tags,
        summary:
          'Unggah file Muat Semester (multipart: file .xlsx); pratinjau dibuat oleh job, belum mengubah data',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 202: semesterImportResponseSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, {
        fileField: 'file',
        maxBytes: semesterImportLimits.maxBytes,
        tooLarge: new AppError(413, 'file_terlalu_besar', semesterImportMessages.tooLarge),
      });
      if (!form.file) throw badRequest('muat_semester_tidak_valid', semesterImportMessages.fileNotChosen);
      const row = await startSemesterImport(
        app.db,
        request.actor,
        form.file.fileName,
        await readUploadedFile(form.file),
      );
      await app.jobs.send(semesterImportReadJobName, { collegeId: row.collegeId, id: row.id });
      return reply.code(202).send({ data: presentSemesterImport(row) });
    },
  );

  app.post(
    `${base}/siakad`,
    {
      config: { access: operatorOnly('data_master', 'write') },
      schema: {
        tags,
        summary:
          'Baca data semester satu periode dari Siakad; pratinjau dibuat oleh job, belum mengubah data',
        security: bearer,
        body: semesterImportSiakadInputSchema,
        response: { 202: semesterImportResponseSchema },
      },
    },
    async (request, reply) => {
      const { periode } = request.body;
      const row = await startSiakadSemesterImport(app.db, { actor: request.actor }, request.college, periode);
      await app.jobs.send(semesterImportReadJobName, { collegeId: row.collegeId, id: row.id, periode });
      return reply.code(202).send({ data: presentSemesterImport(row) });
    },
  );

  app.get(
    `${base}/sinkron_otomatis`,
    {
      config: { access: operatorOnly('data_master', 'read') },
      schema: {
        tags,
        summary: 'Pengaturan sinkron otomatis dari Siakad: aktif dan jam (waktu perguruan tinggi)',
        security: bearer,
        response: { 200: siakadSyncResponseSchema },
      },
    },
    async (request) => ({ data: await getSiakadSync(app.db, request.actor) }),
  );

  app.put(
    `${base}/sinkron_otomatis`,
    {
      config: { access: operatorOnly('data_master', 'write') },
      schema: {
        tags,
        summary:
          'Ubah sinkron otomatis dari Siakad: setiap hari pada jam ini periode berjalan dibaca dari Siakad',
        description:
          'Pratinjau tanpa masalah dan tanpa penghapusan langsung diterapkan; selainnya menunggu operator.',
        security: bearer,
        body: siakadSyncInputSchema,
        response: { 200: siakadSyncResponseSchema },
      },
    },
    async (request) => {
      const saved = await saveSiakadSync(app.db, request, request.body);
      app.invalidateCollegeCache();
      return { data: saved };
    },
  );

  app.post(
    `${base}/:importId/terapkan`,
    {
      config: { access: operatorOnly('data_master', 'write') },
      schema: {
        tags,
        summary: 'Terapkan pratinjau (job dengan progres); ditolak bila data berubah sejak pratinjau dibuat',
        security: bearer,
        params: semesterImportParamsSchema,
        response: { 200: semesterImportResponseSchema },
      },
    },
    async (request) => {
      const row = await requestSemesterImportApply(app.db, request.actor, request.params.importId);
      await app.jobs.send(semesterImportApplyJobName, { collegeId: row.collegeId, id: row.id });
      await recordRequestActivity(
        app.db,
        request,
        'muat_semester',
        `Menerapkan Muat Semester dari ${row.fileName}: ${describeSummary(row) || 'tanpa perubahan'}`,
        { id_muat_semester: row.id, ringkasan: row.summary },
      );
      return { data: presentSemesterImport(row) };
    },
  );

  app.post(
    `${base}/:importId/batal`,
    {
      config: { access: operatorOnly('data_master', 'write') },
      schema: {
        tags,
        summary: 'Batalkan pratinjau tanpa mengubah data',
        security: bearer,
        params: semesterImportParamsSchema,
        response: { 200: semesterImportResponseSchema },
      },
    },
    async (request) => ({
      data: presentSemesterImport(await cancelSemesterImport(app.db, request.actor, request.params.importId)),
    }),
  );
};
