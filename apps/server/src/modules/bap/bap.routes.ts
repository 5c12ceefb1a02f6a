import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  classBapQuerySchema,
  periodBapQuerySchema,
  programIdParamsSchema,
  programSignatoryResponseSchema,
  programSignatoryUpdateSchema,
} from '@lms/contract/bap.schema';
import { classIdParamsSchema } from '@lms/contract/class.schema';
import { meetingIdParamsSchema } from '@lms/contract/meeting.schema';
import { bapMeetingReportJob } from './bap-meeting-report.job.ts';
import { onResource, operatorOnly } from '../../platform/route-access.ts';
import {
  downloadClassBap,
  downloadMeetingBap,
  downloadPeriodBap,
  getProgramSignatory,
  saveProgramSignatory,
} from './bap.service.ts';
import { programResource } from './bap.resource.ts';
import { sendDownload } from '../../platform/download-reply.ts';

const bearer = [{ bearer: [] }];
const tags = ['bap'];
const staff = ['dosen', 'operator'] as const;

/** Attendance reports (BAP, spec 2 §7 "Reports"): a class's PDF, a period's zip, the program signatory. */
export const bapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(bapMeetingReportJob(app));

  app.get(
    '/v2/lms/pertemuan/:id/bap/unduh',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'read', staff) },
      schema: {
        tags,
        summary: 'Unduh BAP satu pertemuan (PDF; dibuat otomatis saat pertemuan berakhir)',
        security: bearer,
        params: meetingIdParamsSchema,
      },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await downloadMeetingBap(app.db, app.files, request.actor, request.college, request.params.id),
      ),
  );

  app.get(
    '/v2/lms/kelas_kuliah/bap/unduh',
    {
      config: { access: { roles: staff, area: 'kelas_kuliah', level: 'read' } },
      schema: {
        tags,
        summary: 'Unduh Semua BAP: zip satu PDF per kelas dari filter daftar kelas (streaming)',
        description:
          'Filter daftar kelas (periode wajib) dan include_laporan_kelas, include_laporan_pertemuan_detail, ' +
          'include_tanda_tangan, laporan_saya (dosen). Nama berkas: "BAP - {periode}.zip".',
        security: bearer,
        querystring: periodBapQuerySchema,
      },
    },
    async (request, reply) => {
      // The zip is written while the client reads; when it goes away, the rest is not rendered.
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      return sendDownload(
        reply,
        await downloadPeriodBap(
          app.db,
          app.files,
          request.actor,
          request.college,
          request.query,
          gone.signal,
        ),
      );
    },
  );

  app.get(
    '/v2/lms/kelas_kuliah/:id/bap/unduh',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read', staff) },
      schema: {
        tags,
        summary: 'Unduh BAP kelas (PDF): Laporan Kelas, Laporan Saya (dosen) atau laporan pengajar',
        security: bearer,
        params: classIdParamsSchema,
        querystring: classBapQuerySchema,
      },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await downloadClassBap(
          app.db,
          app.files,
          request.actor,
          request.college,
          request.params.id,
          request.query,
        ),
      ),
  );

  app.get(
    '/v1/penandatangan_prodi/:id',
    {
      config: {
        access: {
          roles: staff,
          area: ['data_master', 'kelas_kuliah'],
          level: 'read',
          resource: { kind: 'program', param: 'id' },
        },
      },
      schema: {
        tags,
        summary: 'Penandatangan BAP program studi (null bila belum ditetapkan)',
        security: bearer,
        params: programIdParamsSchema,
        response: { 200: programSignatoryResponseSchema },
      },
    },
    async (request) => ({ data: await getProgramSignatory(programResource.of(request)) }),
  );

  app.put(
    '/v1/penandatangan_prodi/:id',
    {
      config: {
        access: { ...operatorOnly('data_master', 'write'), resource: { kind: 'program', param: 'id' } },
      },
      schema: {
        tags,
        summary: 'Ubah penandatangan BAP program studi (operator Data Master Update)',
        security: bearer,
        params: programIdParamsSchema,
        body: programSignatoryUpdateSchema,
        response: { 200: programSignatoryResponseSchema },
      },
    },
    async (request) => ({
      data: await saveProgramSignatory(app.db, request, programResource.of(request), request.body),
    }),
  );
};
