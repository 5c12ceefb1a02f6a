import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clashCheckRequestSchema,
  clashCheckResponseSchema,
  timetableQuerySchema,
  timetableResponseSchema,
} from '@lms/contract/meeting.schema';
import { roles } from '@lms/contract/role.rules';
import { checkScheduleClashes, getTimetable } from './meeting-schedule.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['jadwal'];

/** The clash check of a planned meeting time, and the timetable of the caller's meetings. */
export const meetingScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/v2/lms/pertemuan/cek_bentrok',
    {
      config: { access: { roles: ['dosen', 'operator'], area: 'kelas_kuliah', level: 'write' } },
      schema: {
        tags,
        summary: 'Cek jadwal bentrok: bentrok_kelas, bentrok_ruangan, bentrok_pengajar',
        security: bearer,
        body: clashCheckRequestSchema,
        response: { 200: clashCheckResponseSchema },
      },
    },
    async (request) => ({
      data: await checkScheduleClashes(app.db, request.actor, request.college, request.body),
    }),
  );

  app.get(
    '/v2/lms/jadwal',
    {
      config: { access: { roles, area: 'kelas_kuliah', level: 'read' } },
      schema: {
        tags,
        summary: 'Jadwal: pertemuan pengguna dalam rentang waktu (operator: semua kelas, dengan filter)',
        security: bearer,
        querystring: timetableQuerySchema,
        response: { 200: timetableResponseSchema },
      },
    },
    async (request) => getTimetable(app.db, request.actor, request.college, request.query),
  );
};
