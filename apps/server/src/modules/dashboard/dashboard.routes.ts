import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarQuerySchema,
  calendarResponseSchema,
  dashboardStatisticsResponseSchema,
} from '@lms/contract/dashboard.schema';
import { getDashboardStatistics, listCalendarEvents } from './dashboard.service.ts';
import { signedIn } from '../../platform/route-access.ts';

const bearer = [{ bearer: [] }];
const tags = ['beranda'];

/** The dashboard (beranda): calendar events and the statistics tiles. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/kalender',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary:
          'Agenda pengguna dalam rentang waktu: pertemuan, kuis/ujian, tenggat tugas dan vidcon kelasnya',
        description:
          'Events overlapping [start, end) (a task by its deadline), at most 62 days, earliest first, at most ' +
          '500 (meta.terpotong when more exist). Students: their enrolled classes, exams only when shown to ' +
          'them; lecturers: classes they teach; operators with read on kelas_kuliah: every class of the ' +
          'college; other operators: none.',
        security: bearer,
        querystring: calendarQuerySchema,
        response: { 200: calendarResponseSchema },
      },
    },
    async (request) => listCalendarEvents(app.db, request.actor, request.query),
  );

  app.get(
    '/v2/lms/statistik_beranda',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Jumlah Tugas, Kuis/Ujian, Forum dan Vidcon pengguna untuk kartu beranda',
        description:
          "Counted in the caller's classes (operators with read on kelas_kuliah: every class of the college); " +
          'null counts for operators without it.',
        security: bearer,
        response: { 200: dashboardStatisticsResponseSchema },
      },
    },
    async (request) => ({ data: await getDashboardStatistics(app.db, request.actor, request.college) }),
  );
};
