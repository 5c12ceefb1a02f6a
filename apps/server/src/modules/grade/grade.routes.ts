import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  componentActivitiesInputSchema,
  componentActivitiesResponseSchema,
  gradeClassListQuerySchema,
  gradeClassListResponseSchema,
  gradeIntegrationInputSchema,
  gradeIntegrationResponseSchema,
  gradeIntegrationSettingsResponseSchema,
  gradeRecapResponseSchema,
  gradeSendDetailResponseSchema,
  gradeSendListResponseSchema,
  gradeSendResponseSchema,
  myGradesResponseSchema,
  recapActivitiesResponseSchema,
  recapExportQuerySchema,
  sendInputSchema,
  sendPreviewResponseSchema,
} from '@lms/contract/grade.schema';
import { onResource, operatorOnly, type RouteAccess } from '../../platform/route-access.ts';
import { exportGradeRecap } from './grade-export.service.ts';
import {
  getComponentActivities,
  getGradeIntegration,
  getGradeIntegrationSettings,
  getGradeRecap,
  getMyGrades,
  listGradeClasses,
  listRecapActivities,
  saveComponentActivities,
  saveGradeIntegrationSettings,
} from './grade-recap.service.ts';
import { gradeSendJob, gradeSendJobName } from './grade-send.job.ts';
import { getGradeSend, listGradeSends, previewSend, requestSend } from './grade-send.service.ts';
import { sendDownload } from '../../platform/download-reply.ts';

const bearer = [{ bearer: [] }];
const tags = ['nilai'];
const staff = ['dosen', 'operator'] as const;
const base = '/v2/lms/nilai/kelas_kuliah/:id';
const classParams = z.object({ id: z.string().min(1).max(100) });
const componentParams = classParams.extend({ komponenId: z.string().min(1).max(100) });
const read = onResource('class', 'id', 'kelas_kuliah', 'read', staff);
const write = onResource('class', 'id', 'kelas_kuliah', 'write', staff);
const lists: RouteAccess = { roles: staff, area: 'kelas_kuliah', level: 'read' };

/** Grade recap and sending scores to SIAKAD (spec 3 §2, §5, §7 "Grade recap"). */
export const gradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(gradeSendJob(app));

  app.get(
    '/v2/lms/nilai',
    {
      config: { access: lists },
      schema: {
        tags,
        summary: 'Kelas untuk rekap nilai (dosen: kelasnya; operator: semua, dengan filter)',
        security: bearer,
        querystring: gradeClassListQuerySchema,
        response: { 200: gradeClassListResponseSchema },
      },
    },
    async (request) => listGradeClasses(app.db, request.actor, request.query),
  );

  app.get(
    '/v2/lms/nilai/me',
    {
      config: { access: { roles: ['mahasiswa'] } },
      schema: {
        tags,
        summary: 'Nilai saya yang sudah dipublikasikan, per kelas dan aktivitas',
        security: bearer,
        response: { 200: myGradesResponseSchema },
      },
    },
    async (request) => ({ data: await getMyGrades(app.db, request.actor) }),
  );

  app.get(
    base,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Rekap Nilai Kelas: aktivitas per pertemuan, rata-rata LMS, komponen Siakad',
        security: bearer,
        params: classParams,
        response: { 200: gradeRecapResponseSchema },
      },
    },
    async (request) => ({
      data: await getGradeRecap(app.db, request.actor, request.college, app.config, request.params.id),
    }),
  );

  app.get(
    `${base}/export_excel`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Ekspor rekap nilai (xlsx, streaming) sesuai kotak Tampilkan',
        security: bearer,
        params: classParams,
        querystring: recapExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportGradeRecap(
        app.db,
        request.actor,
        request.college,
        app.config,
        request.params.id,
        request.query,
      );
      return sendDownload(reply, file);
    },
  );

  app.get(
    `${base}/aktivitas`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Aktivitas LMS kelas yang dapat menjadi komponen nilai Siakad',
        security: bearer,
        params: classParams,
        response: { 200: recapActivitiesResponseSchema },
      },
    },
    async (request) => ({ data: await listRecapActivities(app.db, request.actor, request.params.id) }),
  );

  app.get(
    `${base}/komponen/:komponenId`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Aktivitas yang dipilih untuk satu komponen nilai Siakad',
        security: bearer,
        params: componentParams,
        response: { 200: componentActivitiesResponseSchema },
      },
    },
    async (request) => ({
      data: await getComponentActivities(app.db, request.actor, request.params.id, request.params.komponenId),
    }),
  );

  app.put(
    `${base}/komponen/:komponenId`,
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Simpan aktivitas komponen nilai Siakad (list_aktivitas; pelaku integrasi nilai)',
        security: bearer,
        params: componentParams,
        body: componentActivitiesInputSchema,
        response: { 200: componentActivitiesResponseSchema },
      },
    },
    async (request) => ({
      data: await saveComponentActivities(
        app.db,
        request.actor,
        request.college,
        app.config,
        request.params.id,
        request.params.komponenId,
        request.body.list_aktivitas,
      ),
    }),
  );

  app.get(
    '/v2/lms/pengaturan/integrasi_nilai/:id',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Pelaku integrasi nilai (dosen atau operator) untuk kelas ini',
        security: bearer,
        params: classParams,
        response: { 200: gradeIntegrationResponseSchema },
      },
    },
    async (request) => ({
      data: await getGradeIntegration(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    '/v2/lms/pengaturan/integrasi_nilai',
    {
      config: { access: operatorOnly('konfigurasi', 'read') },
      schema: {
        tags,
        summary: 'Pengaturan integrasi nilai perguruan tinggi: pelaku integrasi dan konektor Siakad',
        security: bearer,
        response: { 200: gradeIntegrationSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await getGradeIntegrationSettings(app.db, request.college) }),
  );

  app.put(
    '/v2/lms/pengaturan/integrasi_nilai',
    {
      config: { access: operatorOnly('konfigurasi', 'write') },
      schema: {
        tags,
        summary: 'Ubah pengaturan integrasi nilai (operator dengan Update pada konfigurasi)',
        description:
          'Berlaku segera pada instans ini, pada instans lain paling lambat 30 detik (cache perguruan tinggi).',
        security: bearer,
        body: gradeIntegrationInputSchema,
        response: { 200: gradeIntegrationSettingsResponseSchema },
      },
    },
    async (request) => {
      const saved = await saveGradeIntegrationSettings(
        app.db,
        request,
        request.college,
        app.config,
        request.body,
      );
      app.invalidateCollegeCache();
      return { data: saved };
    },
  );

  app.get(
    `${base}/kirim/pratinjau`,
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Pratinjau kirim nilai: nilai di Siakad, nilai yang akan dikirim, perubahannya',
        security: bearer,
        params: classParams,
        response: { 200: sendPreviewResponseSchema },
      },
    },
    async (request) => ({
      data: await previewSend(app.db, request.actor, request.college, app.config, request.params.id),
    }),
  );

  app.post(
    `${base}/kirim`,
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Kirim nilai ke Siakad (job; konfirmasi_timpa bila menimpa nilai yang diubah di Siakad)',
        security: bearer,
        params: classParams,
        body: sendInputSchema,
        response: { 202: gradeSendResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await requestSend(
        app.db,
        request.actor,
        request.college,
        app.config,
        request.params.id,
        request.body,
      );
      await app.jobs.send(gradeSendJobName, { collegeId: row.collegeId, id: row.id });
      const detail = await getGradeSend(app.db, request.actor, request.params.id, row.id);
      const { items: _items, ...send } = detail;
      return reply.code(202).send({ data: send });
    },
  );

  app.get(
    `${base}/kirim`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Riwayat pengiriman nilai kelas ke Siakad (jejak audit)',
        security: bearer,
        params: classParams,
        response: { 200: gradeSendListResponseSchema },
      },
    },
    async (request) => ({ data: await listGradeSends(app.db, request.actor, request.params.id) }),
  );

  app.get(
    `${base}/kirim/:kirimId`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Progres dan hasil per mahasiswa satu pengiriman nilai, dengan jawaban Siakad',
        security: bearer,
        params: classParams.extend({ kirimId: z.uuid() }),
        response: { 200: gradeSendDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await getGradeSend(app.db, request.actor, request.params.id, request.params.kirimId),
    }),
  );
};
