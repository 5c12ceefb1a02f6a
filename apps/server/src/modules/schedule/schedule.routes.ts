import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clashCheckRequestSchema,
  clashCheckResponseSchema,
  roomListResponseSchema,
  roomQuerySchema,
  sessionListResponseSchema,
  timetableQuerySchema,
  timetableResponseSchema,
} from '@lms/contract/meeting.schema';
import { checkScheduleClashes, getTimetable, listRooms, listSessions } from './schedule.service.ts';
import { roles } from '@lms/contract/role.rules';
import { signedIn } from '../../platform/route-access.ts';

const bearer = [{ bearer: [] }];
const tags = ['jadwal'];

/** Sessions, rooms with availability, the clash check and the timetable. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/sesi_kuliah',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Sesi kuliah',
        security: bearer,
        response: { 200: sessionListResponseSchema },
      },
    },
    async (request) => ({ data: await listSessions(app.db, request.actor) }),
  );

  app.get(
    '/v2/lms/ruangan',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Ruangan, dengan ketersediaan pada rentang availability_start–availability_end',
        security: bearer,
        querystring: roomQuerySchema,
        response: { 200: roomListResponseSchema },
      },
    },
    async (request) => listRooms(app.db, request.actor, request.query),
  );

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
