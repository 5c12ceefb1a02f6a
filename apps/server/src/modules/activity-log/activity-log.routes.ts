import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityKindListResponseSchema,
  activityLogExportQuerySchema,
  activityLogPageSchema,
  activityLogQuerySchema,
  ownActivityLogQuerySchema,
} from '@lms/contract/activity-log.schema';
import { exportActivityLogs, listActivityLogs } from './activity-log-report.service.ts';
import { listActivityKinds, listOwnActivityLogs, recordRequestActivity } from './activity-log.service.ts';
import { operatorOnly, signedIn } from '../../platform/route-access.ts';
import { sendDownload, xlsxContentType } from '../../platform/download-reply.ts';

const bearer = [{ bearer: [] }];
const tags = ['log_aktivitas'];

/** Activity history: one's own, the kinds, and everyone's (operators with read on laporan) with its Excel export. */
export const activityLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/log_aktivitas/me',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Riwayat aktivitas pengguna sendiri',
        security: bearer,
        querystring: ownActivityLogQuerySchema,
        response: { 200: activityLogPageSchema },
      },
    },
    async (request) => listOwnActivityLogs(app.db, request.actor, request.query),
  );

  app.get(
    '/v2/lms/log_aktivitas/jenis_aktivitas',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Jenis aktivitas dan labelnya',
        security: bearer,
        response: { 200: activityKindListResponseSchema },
      },
    },
    async () => ({ data: listActivityKinds() }),
  );

  app.get(
    '/v2/lms/log_aktivitas',
    {
      config: { access: operatorOnly('laporan', 'read') },
      schema: {
        tags,
        summary: 'Log aktivitas semua pengguna (operator dengan Lihat pada laporan)',
        security: bearer,
        querystring: activityLogQuerySchema,
        response: { 200: activityLogPageSchema },
      },
    },
    async (request) => listActivityLogs(app.db, request.actor, request.college, request.query),
  );

  app.get(
    '/v2/lms/log_aktivitas/export_excel',
    {
      config: { access: operatorOnly('laporan', 'read') },
      schema: {
        tags,
        summary: 'Ekspor log aktivitas ke Excel (xlsx, streaming; filter sama tanpa per_page)',
        security: bearer,
        querystring: activityLogExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await exportActivityLogs(
        app.db,
        request.actor,
        request.college,
        request.query,
      );
      await recordRequestActivity(
        app.db,
        request,
        'ekspor_log_aktivitas',
        'Mengekspor log aktivitas ke Excel',
        {
          filter: request.query,
        },
      );
      return sendDownload(reply, { fileName, contentType: xlsxContentType, body: stream });
    },
  );
};
