import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visitorStatisticResponseSchema } from '@lms/contract/visitor.schema';
import { getVisitorStatistic, recordLastActive } from './visitor.service.ts';
import { operatorOnly, signedIn } from '../../platform/route-access.ts';

const bearer = [{ bearer: [] }];
const tags = ['visitor'];

/** Last-active pings and the operators' visitor statistics. */
export const visitorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/v2/lms/visitor/last_active',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Tandai pengguna aktif (dikirim tiap 300000 ms)',
        security: bearer,
        response: { 200: z.object({ data: z.object({}) }) },
      },
    },
    async (request) => {
      await recordLastActive(app.db, request.actor);
      return { data: {} };
    },
  );

  app.get(
    '/v2/lms/visitor/statistic',
    {
      config: { access: operatorOnly('laporan', 'read') },
      schema: {
        tags,
        summary:
          'Statistik pengunjung: daring sekarang dan hari ini per peran (operator dengan Lihat pada laporan)',
        security: bearer,
        response: { 200: visitorStatisticResponseSchema },
      },
    },
    async (request) => ({ data: await getVisitorStatistic(app.db, request.actor, request.college) }),
  );
};
