import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentSemesterResponseSchema } from '@lms/contract/period.schema';
import { periodCalendarJob } from './period-calendar.job.ts';
import { getCurrentSemester } from './period.service.ts';
import { signedIn } from '../../platform/route-access.ts';

/** The current academic period, which the sidebar tag and period filters start from. */
export const periodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(periodCalendarJob(app));
  app.get(
    '/v1/semester_akademik_berjalan',
    {
      config: { access: signedIn },
      schema: {
        tags: ['akademik'],
        summary: 'Semester akademik berjalan (periode aktif perguruan tinggi)',
        security: [{ bearer: [] }],
        response: { 200: currentSemesterResponseSchema },
      },
    },
    async (request, reply) => {
      // Changes a few times a year; the client caches it too.
      reply.header('cache-control', 'private, max-age=300');
      return { data: await getCurrentSemester(app.db, request.actor.collegeId) };
    },
  );
};
