import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parsePeriodCode } from '@lms/contract/period.rules';
import { currentSemesterResponseSchema, type CurrentSemester } from '@lms/contract/period.schema';
import { findCurrentPeriod } from './period.repository.ts';
import { signedIn } from '../../platform/route-access.ts';

/** The current academic period, which the sidebar tag and period filters start from. */
export const periodRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const row = await findCurrentPeriod(app.db, request.auth.collegeId);
      // Changes a few times a year; the client caches it too.
      reply.header('cache-control', 'private, max-age=300');
      if (!row) return { data: null };
      const { year, term } = parsePeriodCode(row.kode);
      const data: CurrentSemester = {
        tahun: year,
        semester: term,
        periode: row.kode,
        label: row.label,
        tanggal_mulai: row.tanggalMulai,
        tanggal_selesai: row.tanggalSelesai,
      };
      return { data };
    },
  );
};
